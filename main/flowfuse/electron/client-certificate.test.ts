import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import type { App, Certificate } from 'electron';
import { createMemoryLogger } from '../../../tests/support/memory-logger';
import { chooseClientCertificate, handleClientCertificates } from './client-certificate';

const cert = (subjectName: string): Certificate => ({ subjectName }) as Certificate;
const SAVED = ['https://ff.example.com', 'https://ff.example.com:8443', 'http://intranet.test'];

/**
 * Emits as Electron 45 does (shell/browser/api/electron_api_app.cc): `url` is the server's
 * host:port, webContents is null for main's net requests; without preventDefault Electron itself
 * continues with the first certificate.
 */
function ask(app: EventEmitter, webContents: object | null, server: string, list: Certificate[]) {
  const event = { preventDefault: vi.fn() };
  const callback = vi.fn<(certificate?: Certificate) => void>();
  app.emit('select-client-certificate', event, webContents, server, list, callback);
  const electronDefault = event.preventDefault.mock.calls.length === 0 ? list[0] : undefined;
  return { event, callback, electronDefault };
}

describe('client certificates', () => {
  it('hands the one matching certificate to a saved https server asking main', () => {
    const app = new EventEmitter();
    handleClientCertificates(app as unknown as App, {
      savedOrigins: () => SAVED,
      log: createMemoryLogger(),
    });
    const one = cert('CN=ada');
    const asked = ask(app, null, 'ff.example.com:443', [one]);
    expect(asked.event.preventDefault).toHaveBeenCalledOnce();
    expect(asked.callback).toHaveBeenCalledExactlyOnceWith(one);
    expect(ask(app, null, 'FF.example.com:8443', [one]).callback).toHaveBeenCalledWith(one);
  });

  it.each([
    ['a web page (the popover, its avatars)', {}, 'ff.example.com:443', 1],
    ['a host that is not saved', null, 'gravatar.com:443', 1],
    ['a saved host on another port', null, 'ff.example.com:9443', 1],
    ['a saved server over plain http', null, 'intranet.test:80', 1],
    ['a saved server with several matching certificates', null, 'ff.example.com:443', 2],
  ] as const)('sends none to %s', (_what, webContents, server, count) => {
    const app = new EventEmitter();
    const log = createMemoryLogger();
    handleClientCertificates(app as unknown as App, { savedOrigins: () => SAVED, log });
    const list = Array.from({ length: count }, (_, index) => cert(`CN=${index}`));
    const asked = ask(app, webContents, server, list);
    expect(asked.event.preventDefault).toHaveBeenCalledOnce();
    expect(asked.electronDefault).toBeUndefined();
    expect(asked.callback).toHaveBeenCalledExactlyOnceWith();
    expect(log.lines.join('\n')).toContain('"sent":"none"');
    expect(log.lines.join('\n')).not.toContain('CN=');
  });

  it('accepts a full URL too, as the docs describe the argument', () => {
    const choice = chooseClientCertificate(
      { fromPage: false, server: 'https://ff.example.com/x', certificates: [cert('CN=a')] },
      SAVED,
    );
    expect(choice.why).toBe('saved server');
  });
});
