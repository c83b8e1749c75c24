import { describe, expect, it } from 'vitest';
import { asOrigin } from '../../common/brand';
import { AppError } from '../../common/errors';
import { createGuardedFetch } from './guarded-fetch';

const origin = asOrigin('https://ff.example.com');

function scripted(answers: readonly Response[]): {
  fetch: typeof globalThis.fetch;
  seen: { url: string; redirect: string | undefined; auth: string | null }[];
} {
  const seen: { url: string; redirect: string | undefined; auth: string | null }[] = [];
  let index = 0;
  const fetch: typeof globalThis.fetch = (input, init) => {
    const request = input instanceof Request ? input : new Request(input);
    seen.push({
      url: request.url,
      redirect: init?.redirect,
      auth: request.headers.get('authorization'),
    });
    const answer = answers[index] ?? new Response('{}');
    index += 1;
    return Promise.resolve(answer);
  };
  return { fetch, seen };
}

const redirect = (location: string, status = 302): Response =>
  new Response(null, { status, headers: { location } });

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  return 'no error';
}

const guarded = (fetch: typeof globalThis.fetch, allowHttp = false, at = origin) =>
  createGuardedFetch({ fetch, origin: at, allowHttp, host: new URL(at).host, maxRedirects: 3 });

describe('createGuardedFetch', () => {
  it('always asks the platform fetch not to follow redirects', async () => {
    const { fetch, seen } = scripted([new Response('{}')]);
    await guarded(fetch)(new Request('https://ff.example.com/api/json'));
    expect(seen[0]?.redirect).toBe('manual');
  });

  it('never sends a request to another origin', async () => {
    const { fetch, seen } = scripted([]);
    expect(await codeOf(guarded(fetch)('https://other.example.com/api/json'))).toBe(
      'redirect_refused',
    );
    expect(seen).toHaveLength(0);
  });

  it('refuses a redirect elsewhere without a second request', async () => {
    const { fetch, seen } = scripted([redirect('https://evil.example/x')]);
    const request = new Request('https://ff.example.com/api/v1/user', {
      headers: { authorization: 'Bearer ffpat_x' },
    });
    expect(await codeOf(guarded(fetch)(request))).toBe('redirect_refused');
    expect(seen.map((s) => s.url)).toEqual(['https://ff.example.com/api/v1/user']);
  });

  it('follows a same-origin GET redirect with the same headers', async () => {
    const { fetch, seen } = scripted([redirect('/api/v2/user'), new Response('{"ok":1}')]);
    const request = new Request('https://ff.example.com/api/v1/user', {
      headers: { authorization: 'Bearer ffpat_x' },
    });
    const response = await guarded(fetch)(request);
    expect(await response.json()).toEqual({ ok: 1 });
    expect(seen.map((s) => [s.url, s.auth, s.redirect])).toEqual([
      ['https://ff.example.com/api/v1/user', 'Bearer ffpat_x', 'manual'],
      ['https://ff.example.com/api/v2/user', 'Bearer ffpat_x', 'manual'],
    ]);
  });

  it('keeps credentials and cache on a followed redirect (Electron would add session cookies)', async () => {
    const requests: Request[] = [];
    const answers = [redirect('/api/v2/user'), new Response('{}')];
    const fetch: typeof globalThis.fetch = (input) => {
      requests.push(input as Request);
      return Promise.resolve(answers[requests.length - 1] ?? new Response('{}'));
    };
    const request = new Request('https://ff.example.com/api/v1/user', {
      credentials: 'omit',
      cache: 'no-store',
    });
    await guarded(fetch)(request);
    expect(requests.map((r) => [r.url, r.credentials, r.cache])).toEqual([
      ['https://ff.example.com/api/v1/user', 'omit', 'no-store'],
      ['https://ff.example.com/api/v2/user', 'omit', 'no-store'],
    ]);
  });

  it('returns a 3xx without Location as is (the caller reports it)', async () => {
    const { fetch } = scripted([new Response(null, { status: 304 })]);
    expect((await guarded(fetch)('https://ff.example.com/api/json')).status).toBe(304);
  });

  it('refuses an opaque redirect it cannot inspect', async () => {
    const opaque = Response.error();
    Object.defineProperty(opaque, 'type', { value: 'opaqueredirect' });
    const { fetch } = scripted([opaque]);
    expect(await codeOf(guarded(fetch)('https://ff.example.com/api/json'))).toBe(
      'redirect_refused',
    );
  });

  it('refuses plain http to a remote host unless allowed', async () => {
    const remote = asOrigin('http://ff.example.com');
    const { fetch, seen } = scripted([]);
    expect(await codeOf(guarded(fetch, false, remote)('http://ff.example.com/api/json'))).toBe(
      'insecure_http',
    );
    expect(seen).toHaveLength(0);
    await guarded(fetch, true, remote)('http://ff.example.com/api/json');
    expect(seen).toHaveLength(1);
  });
});
