/**
 * The fetch the core's HTTP client uses in the app: Electron's net.fetch, which goes through
 * Chromium's network stack and so honours the system proxy (PAC files included) and the OS
 * certificate store, where a corporate root CA usually lives. Node's fetch knows neither.
 *
 * Unlike Node's fetch, net.fetch also reads `file:` URLs and answers custom protocols (app://):
 * a URL that ever slipped past the core's checks could read a local file. Only http and https
 * leave here; anything else is refused the way fetch refuses, with a TypeError.
 */
import { net } from 'electron';

export function createNetFetch(): typeof globalThis.fetch {
  // net.fetch takes a string or a Request, not a URL object; and ky calls it detached from `net`.
  return (input, init) => {
    const target = input instanceof URL ? input.href : input;
    const url = typeof target === 'string' ? target : target.url;
    if (!/^https?:/i.test(url)) {
      return Promise.reject(new TypeError('Teamtray only fetches http and https URLs.'));
    }
    return net.fetch(target, init);
  };
}
