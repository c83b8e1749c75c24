/**
 * The fetch the core's HTTP client uses in the app: Electron's net.fetch, which goes through
 * Chromium's network stack and so honours the system proxy (PAC files included) and the OS
 * certificate store, where a corporate root CA usually lives. Node's fetch knows neither.
 */
import { net } from 'electron';

export function createNetFetch(): typeof globalThis.fetch {
  // net.fetch takes a string or a Request, not a URL object; and ky calls it detached from `net`.
  return (input, init) => net.fetch(input instanceof URL ? input.href : input, init);
}
