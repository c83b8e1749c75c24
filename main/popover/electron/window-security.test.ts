import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import type { App, Session, WebContents } from 'electron';
import { createMemoryLogger } from '../../../tests/support/memory-logger';
import {
  hardenSession,
  hardenWebContents,
  installWindowSecurity,
  isAllowedRequest,
} from './window-security';

type OpenHandler = (details: { url: string }) => { action: string };

function fakeContents() {
  const emitter = new EventEmitter();
  let openHandler: OpenHandler | undefined;
  const contents = Object.assign(emitter, {
    setWindowOpenHandler: (handler: OpenHandler) => {
      openHandler = handler;
    },
  });
  const fire = (event: string, extra: Record<string, unknown> = {}, ...args: unknown[]) => {
    const preventDefault = vi.fn();
    emitter.emit(event, { preventDefault, ...extra }, ...args);
    return preventDefault;
  };
  return {
    contents: contents as unknown as WebContents,
    fire,
    open: (url: string) => openHandler?.({ url }),
  };
}

type RequestHandler = (
  details: Record<string, unknown>,
  cb: (r: { cancel: boolean }) => void,
) => void;

function fakeSession() {
  const handlers: {
    request?: (wc: unknown, permission: string, cb: (granted: boolean) => void) => void;
    check?: (...args: unknown[]) => boolean;
    device?: (...args: unknown[]) => boolean;
    web?: RequestHandler;
  } = {};
  const session = {
    setPermissionRequestHandler: (h: typeof handlers.request) => (handlers.request = h),
    setPermissionCheckHandler: (h: typeof handlers.check) => (handlers.check = h),
    setDevicePermissionHandler: (h: typeof handlers.device) => (handlers.device = h),
    webRequest: { onBeforeRequest: (h: RequestHandler) => (handlers.web = h) },
  };
  return { session: session as unknown as Session, handlers };
}

describe('web contents guards', () => {
  it('prevents every navigation away from the app page', () => {
    const { contents, fire } = fakeContents();
    hardenWebContents(contents, createMemoryLogger());
    for (const url of [
      'https://evil.example/',
      'http://127.0.0.1:8080/',
      'file:///etc/passwd',
      'app://elsewhere/index.html',
      'javascript:alert(1)',
      'data:text/html,hi',
    ]) {
      expect(fire('will-navigate', {}, url), url).toHaveBeenCalled();
    }
    // A reload of its own page is allowed.
    expect(fire('will-navigate', {}, 'app://teamtray/index.html')).not.toHaveBeenCalled();
    expect(fire('will-redirect', {}, 'https://evil.example/')).toHaveBeenCalled();
    expect(fire('will-frame-navigate', { isMainFrame: false })).toHaveBeenCalled();
  });

  it('denies window.open and target=_blank for any URL', () => {
    const { contents, open } = fakeContents();
    hardenWebContents(contents, createMemoryLogger());
    for (const url of ['https://app.flowfuse.com/', 'app://teamtray/index.html', 'file:///']) {
      expect(open(url)).toEqual({ action: 'deny' });
    }
  });

  it('prevents <webview> attachment', () => {
    const { contents, fire } = fakeContents();
    hardenWebContents(contents, createMemoryLogger());
    expect(
      fire('will-attach-webview', {}, {}, { src: 'https://evil.example/' }),
    ).toHaveBeenCalled();
  });

  it('logs a refused URL by scheme and host only', () => {
    const { contents, fire } = fakeContents();
    const log = createMemoryLogger();
    hardenWebContents(contents, log);
    fire('will-navigate', {}, 'https://evil.example/steal?token=ffpat_abc');
    expect(log.lines.join('\n')).toContain('https://evil.example');
    expect(log.lines.join('\n')).not.toContain('steal');
  });

  it('guards every web contents the app creates', () => {
    const app = new EventEmitter();
    const { session } = fakeSession();
    installWindowSecurity(app as unknown as App, session, createMemoryLogger());
    const { contents, fire, open } = fakeContents();
    app.emit('web-contents-created', {}, contents);
    expect(fire('will-navigate', {}, 'https://evil.example/')).toHaveBeenCalled();
    expect(open('https://evil.example/')).toEqual({ action: 'deny' });
  });
});

describe('session guards', () => {
  it('denies every permission request and check', () => {
    const { session, handlers } = fakeSession();
    hardenSession(session, createMemoryLogger());
    for (const permission of [
      'media',
      'notifications',
      'clipboard-read',
      'openExternal',
      'geolocation',
    ]) {
      const callback = vi.fn();
      handlers.request?.({}, permission, callback);
      expect(callback).toHaveBeenCalledExactlyOnceWith(false);
      expect(handlers.check?.({}, permission, 'app://teamtray', {})).toBe(false);
    }
    expect(handlers.device?.({ deviceType: 'usb' })).toBe(false);
  });

  it('cancels page requests outside the app, and lets main’s own through', () => {
    const { session, handlers } = fakeSession();
    hardenSession(session, createMemoryLogger());
    const verdict = (details: Record<string, unknown>) => {
      let cancel: boolean | undefined;
      handlers.web?.(details, (response) => (cancel = response.cancel));
      return cancel;
    };
    expect(
      verdict({ url: 'app://teamtray/assets/index.js', resourceType: 'script', webContentsId: 1 }),
    ).toBe(false);
    expect(verdict({ url: 'https://evil.example/x', resourceType: 'xhr', webContentsId: 1 })).toBe(
      true,
    );
    expect(verdict({ url: 'https://app.flowfuse.com/api/v1/user', resourceType: 'other' })).toBe(
      false,
    );
  });
});

describe('isAllowedRequest', () => {
  const page = (url: string, resourceType: string) => ({ url, resourceType, webContentsId: 7 });

  it.each([
    page('app://teamtray/index.html', 'mainFrame'),
    page('app://teamtray/assets/index.css', 'stylesheet'),
    page('https://www.gravatar.com/avatar/abc', 'image'),
    page('https://secure.gravatar.com/avatar/abc?d=identicon', 'image'),
    page('devtools://devtools/bundled/inspector.html', 'mainFrame'),
    { url: 'http://127.0.0.1:8080/api/v1/user/teams', resourceType: 'other' },
  ])('allows %o', (details) => {
    expect(isAllowedRequest(details)).toBe(true);
  });

  it.each([
    page('app://elsewhere/index.html', 'mainFrame'),
    page('https://evil.example/collect', 'xhr'),
    page('https://evil.example/', 'mainFrame'),
    page('https://evil.example/s.js', 'script'),
    page('http://tracker.example/pixel.gif', 'image'),
    page('https://tracker.example/pixel.gif', 'image'),
    page('https://www.gravatar.com.evil.example/avatar/x', 'image'),
    page('wss://evil.example/socket', 'webSocket'),
    page('file:///etc/passwd', 'xhr'),
    page('chrome-extension://abc/x.js', 'script'),
  ])('refuses %o', (details) => {
    expect(isAllowedRequest(details)).toBe(false);
  });
});
