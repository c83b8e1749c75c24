/**
 * The fetch every FlowFuse request goes through. It keeps the token with its own origin: no
 * request leaves for another origin, redirects are never followed by the platform's fetch
 * (`redirect: 'manual'`), a redirect to another origin is refused before anything is sent
 * there, and same-origin redirects are followed for GET only, a few hops at most.
 */
import { AppError } from '../../common/errors';
import type { Origin } from '../../common/brand';
import { insecureHttp, isLoopbackHost } from './base-url';

export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export interface GuardOptions {
  readonly fetch: typeof globalThis.fetch;
  readonly origin: Origin;
  readonly allowHttp: boolean;
  /** Host and port, for messages. */
  readonly host: string;
  /** Same-origin GET redirects followed before giving up. */
  readonly maxRedirects: number;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export function createGuardedFetch(options: GuardOptions): FetchLike {
  const { host } = options;

  const assertAllowed = (url: URL): void => {
    if (url.origin !== options.origin) {
      throw new AppError(
        'redirect_refused',
        `Teamtray only talks to ${host}; it refused to send a request to ${url.host}.`,
      );
    }
    if (url.protocol === 'http:' && !isLoopbackHost(url.hostname) && !options.allowHttp) {
      throw insecureHttp(host);
    }
  };

  // Called detached, never as a method of an options object.
  const platformFetch = options.fetch;

  return async (input, init) => {
    let request = input instanceof Request ? input : new Request(input, init);
    // Anything the caller passed beyond a Request (ky forwards non-standard options) stays.
    const extra: RequestInit = { ...(input instanceof Request ? init : {}), redirect: 'manual' };
    for (let hop = 0; ; hop += 1) {
      assertAllowed(new URL(request.url));
      const response = await platformFetch(request, extra);
      if (response.type === 'opaqueredirect') {
        // A browser-style fetch hides the target; we cannot check it, so we do not follow.
        throw new AppError(
          'redirect_refused',
          `${host} answered with a redirect Teamtray cannot check.`,
        );
      }
      if (!REDIRECT_STATUSES.has(response.status)) return response;
      const location = response.headers.get('location');
      if (location === null) return response;
      await response.body?.cancel().catch(() => undefined);

      const target = resolve(location, request.url, host);
      if (target.origin !== options.origin) {
        throw new AppError(
          'redirect_refused',
          `${host} redirected to ${target.origin}, another server. Teamtray keeps your token with ${host} and did not follow. If the server has moved, add it with its new address.`,
        );
      }
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        throw new AppError(
          'redirect_refused',
          `${host} redirected a ${request.method} request; Teamtray does not resend changes to a new address.`,
        );
      }
      if (hop >= options.maxRedirects) {
        throw new AppError(
          'bad_response',
          `${host} redirected more than ${options.maxRedirects} times; Teamtray stopped following.`,
        );
      }
      request = new Request(target, {
        method: request.method,
        headers: request.headers,
        signal: request.signal,
        // Carried over: a new Request's default ('same-origin') would let Electron's net send the session's cookies.
        credentials: request.credentials,
        cache: request.cache,
        redirect: 'manual',
      });
    }
  };
}

function resolve(location: string, base: string, host: string): URL {
  try {
    return new URL(location, base);
  } catch {
    throw new AppError('bad_response', `${host} redirected to an address that is not valid.`);
  }
}
