/**
 * Guards for every web page the app ever creates (the popover, and DevTools in development), per
 * Electron's security checklist. Installed on `web-contents-created`, so a window created later
 * (menubar recreates the popover after a close) is covered before it loads anything.
 */
import type { App, Session, WebContents } from 'electron';
import type { Logger } from '../../log';
import { isAppUrl } from '../app-origin';
import { isAvatarUrl } from '../../../common/avatar-hosts';

/** The popover never leaves its own page, opens windows or embeds webviews. */
export function hardenWebContents(contents: WebContents, log: Logger): void {
  contents.on('will-navigate', (event, url) => {
    // Its own page may reload (the renderer's "Try again" after a failed start does); nothing else.
    if (isAppUrl(url)) return;
    event.preventDefault();
    log.warn('security: navigation refused', { url: describeUrl(url) });
  });
  // Subframes too (the CSP already forbids frames; this holds if it is ever loosened).
  contents.on('will-frame-navigate', (event) => {
    if (!event.isMainFrame) event.preventDefault();
  });
  contents.on('will-redirect', (event) => {
    event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    log.warn('security: <webview> refused');
  });
  contents.setWindowOpenHandler(({ url }) => {
    log.warn('security: window.open refused', { url: describeUrl(url) });
    return { action: 'deny' };
  });
}

/** No permission is ever granted: the popover needs none (no camera, notifications, clipboard...). */
export function hardenSession(session: Session, log: Logger): void {
  session.setPermissionRequestHandler((_contents, permission, callback) => {
    log.info('security: permission refused', { permission });
    callback(false);
  });
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
  session.webRequest.onBeforeRequest((details, callback) => {
    const allowed = isAllowedRequest(details);
    if (!allowed) log.warn('security: request refused', { url: describeUrl(details.url) });
    callback({ cancel: !allowed });
  });
}

export interface RequestFacts {
  readonly url: string;
  readonly resourceType: string;
  /** Absent for requests main makes itself (net.request to FlowFuse). */
  readonly webContentsId?: number | undefined;
}

/**
 * What a page may load, below the CSP: its own files, DevTools' own, and Gravatar's images (team
 * avatars, common/avatar-hosts.ts). Everything the renderer might try beyond that (fetch, WebSocket, http, file) is
 * cancelled here even if the CSP were wrong. Main's own requests have no webContents and pass.
 */
export function isAllowedRequest(details: RequestFacts): boolean {
  if (details.webContentsId === undefined) return true;
  const scheme = details.url.slice(0, details.url.indexOf(':') + 1).toLowerCase();
  switch (scheme) {
    case 'app:':
      return isAppUrl(details.url);
    case 'devtools:':
      return true;
    case 'https:':
      return details.resourceType === 'image' && isAvatarUrl(details.url);
    case 'data:':
      return details.resourceType === 'image';
    default:
      return false;
  }
}

export function installWindowSecurity(app: App, session: Session, log: Logger): void {
  app.on('web-contents-created', (_event, contents) => {
    hardenWebContents(contents, log);
  });
  hardenSession(session, log);
}

/** Scheme and host only: a URL in the log must never carry a query string or path with secrets. */
function describeUrl(raw: string): string {
  try {
    const url = new URL(raw);
    return url.host === '' ? url.protocol : `${url.protocol}//${url.host}`;
  } catch {
    return 'unparseable';
  }
}
