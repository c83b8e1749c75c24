/**
 * The popover's own origin. Its files are served through a privileged custom scheme rather than
 * file:// (where every local file shares one origin and fetch could read any of them) or a local
 * HTTP server (which any local process or web page could also reach).
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'teamtray';
const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_INDEX_URL = `${APP_ORIGIN}/index.html`;

/**
 * True for a URL on the app's own origin. Compared by parts: Node's URL gives the origin "null"
 * for schemes it does not know, so `new URL(x).origin` cannot be used here.
 */
export function isAppUrl(raw: string): boolean {
  try {
    const url = new URL(raw);
    return (
      url.protocol === `${APP_SCHEME}:` &&
      url.host === APP_HOST &&
      url.username === '' &&
      url.password === ''
    );
  } catch {
    return false;
  }
}
