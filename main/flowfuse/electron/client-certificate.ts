/**
 * Which TLS client certificate, if any, Teamtray presents when a server asks for one.
 *
 * Electron's default is the first certificate of the OS store that matches the server's CA list,
 * sent without asking, to any host: a page's (the popover's avatars) and, since electron#52162
 * (Electron 45: "emit select-client-certificate for net module requests"), main's own net.request
 * too, where the event comes with a null webContents (shell/browser/api/electron_api_app.cc,
 * App::SelectClientCertificate). A certificate is an identity: it is not for an avatar host, a
 * redirect target or a server the user has not saved.
 *
 * Our rule: the popover's page never presents one. Main's own request presents one only to the
 * host and port of a saved https server, and only when exactly one certificate of the store
 * matches; with several we do not guess which identity the user meant, and send none.
 */
import type { App, Certificate, Event, WebContents } from 'electron';
import type { Logger } from '../../log';

export interface CertificateRequest {
  /** True when a web page asked (the popover), false for main's own net requests. */
  readonly fromPage: boolean;
  /** What Electron passes as `url`: the server's `host:port` (net::HostPortPair::ToString). */
  readonly server: string;
  readonly certificates: readonly Certificate[];
}

export type CertificateChoice =
  | { readonly certificate: Certificate; readonly why: 'saved server' }
  | { readonly certificate: null; readonly why: string };

export function chooseClientCertificate(
  request: CertificateRequest,
  savedOrigins: readonly string[],
): CertificateChoice {
  if (request.fromPage) return { certificate: null, why: 'asked by a web page' };
  const server = hostPort(request.server);
  const saved = savedOrigins.some(
    (origin) => origin.startsWith('https:') && hostPort(origin) === server,
  );
  if (!saved) return { certificate: null, why: 'not a saved server' };
  const [only, ...others] = request.certificates;
  if (only === undefined) return { certificate: null, why: 'no matching certificate' };
  if (others.length > 0) return { certificate: null, why: 'more than one matching certificate' };
  return { certificate: only, why: 'saved server' };
}

export interface ClientCertificateDeps {
  /** The origins of the saved servers, now. */
  readonly savedOrigins: () => readonly string[];
  readonly log: Logger;
}

export function handleClientCertificates(app: Pick<App, 'on'>, deps: ClientCertificateDeps): void {
  app.on(
    'select-client-certificate',
    (
      event: Event,
      webContents: WebContents | null,
      url: string,
      list: Certificate[],
      callback: (certificate?: Certificate) => void,
    ) => {
      // Without this Electron picks the first certificate itself, whatever we call back with.
      event.preventDefault();
      const choice = chooseClientCertificate(
        { fromPage: webContents !== null, server: url, certificates: list },
        deps.savedOrigins(),
      );
      deps.log.info('tls: a server asked for a client certificate', {
        server: hostPort(url),
        offered: list.length,
        sent: choice.certificate === null ? 'none' : 'one',
        why: choice.why,
      });
      if (choice.certificate === null) callback();
      else callback(choice.certificate);
    },
  );
}

/** `host:port` of a URL or of a `host:port` string, lower case, the default port filled in. */
function hostPort(value: string): string {
  try {
    const url = new URL(value.includes('://') ? value : `https://${value}`);
    const port = url.port === '' ? (url.protocol === 'http:' ? '80' : '443') : url.port;
    return `${url.hostname}:${port}`.toLowerCase();
  } catch {
    return '';
  }
}
