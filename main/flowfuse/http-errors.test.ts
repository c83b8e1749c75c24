import fc from 'fast-check';
import { TimeoutError } from 'ky';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../common/errors';
import { fromStatus, serverText, toAppError, type ErrorContext } from './http-errors';
import { BodyLimitError } from './read-body';

const ctx: ErrorContext = { host: 'ff.example.com', operation: 'listTeams', timeoutMs: 10_000 };
const rename: ErrorContext = { ...ctx, operation: 'renameTeam' };
const none = new Headers();

describe('fromStatus', () => {
  it.each([
    [401, 'unauthorized'],
    [403, 'forbidden'],
    [404, 'not_found'],
    [408, 'timeout'],
    [429, 'rate_limited'],
    [500, 'server_error'],
    [502, 'server_error'],
    [503, 'server_error'],
    [400, 'bad_response'],
    [409, 'bad_response'],
    [304, 'bad_response'],
  ])('%i -> %s', (status, code) => {
    const error = fromStatus(status, none, undefined, ctx);
    expect(error.code).toBe(code);
    expect(error.message).toContain('ff.example.com');
  });

  it('401 names the token page by the path the app shows everywhere', () => {
    expect(fromStatus(401, none, undefined, ctx).message).toContain(
      'User Settings › Security › Tokens',
    );
  });

  it('400 on rename is invalid_name with the server’s reason', () => {
    const error = fromStatus(400, none, { code: 'invalid_request', error: 'No URLs' }, rename);
    expect(error.code).toBe('invalid_name');
    expect(error.message).toContain('No URLs');
  });

  it('names the wait of a 429 and of a 503 when given', () => {
    const headers = new Headers({ 'retry-after': '30' });
    expect(fromStatus(429, headers, undefined, ctx).message).toContain('30 s');
    expect(fromStatus(503, headers, undefined, ctx).message).toContain('30 s');
  });
});

describe('toAppError', () => {
  it('passes AppErrors through', () => {
    const original = new AppError('redirect_refused', 'x');
    expect(toAppError(original, ctx)).toBe(original);
  });

  it('maps body limits and timeouts', () => {
    expect(toAppError(new BodyLimitError('too_large', 1024), ctx).code).toBe('too_large');
    expect(toAppError(new BodyLimitError('timeout', 5), ctx).code).toBe('timeout');
    expect(toAppError(new TimeoutError(new Request('https://x.test')), ctx).code).toBe('timeout');
    expect(toAppError(new DOMException('t', 'TimeoutError'), ctx).code).toBe('timeout');
  });

  it.each([
    ['ENOTFOUND', 'unknown_host', 'No server called ff.example.com'],
    ['ECONNREFUSED', 'connection_refused', 'refused the connection'],
    ['ERR_SSL_WRONG_VERSION_NUMBER', 'not_https', 'may serve plain http'],
    ['UND_ERR_SOCKET', 'unreachable', 'closed the connection'],
    ['CERT_HAS_EXPIRED', 'tls', 'expired'],
  ])('%s: words in the message, the code only in detail', (code, appCode, words) => {
    const cause = Object.assign(new Error(code), { code });
    const error = toAppError(new TypeError('fetch failed', { cause }), ctx);
    expect(error.code).toBe(appCode);
    expect(error.message).toContain(words);
    expect(error.message).not.toContain(code);
    expect(error.toShape()).toEqual({ code: appCode, message: error.message, detail: code });
  });

  it('never repeats the text of an unknown error (it may quote a header)', () => {
    const error = toAppError(new TypeError('Headers: "Bearer ffpat_secret" is invalid'), ctx);
    expect(error.code).toBe('internal');
    expect(error.message).not.toContain('ffpat_secret');
  });
});

describe('serverText', () => {
  it.each([
    [{ error: 'Name taken' }, 'Name taken'],
    [{ error: 'Bad Request', message: 'body/name must be string' }, 'body/name must be string'],
    [{ error: 'Bad Request' }, null],
    [{ error: '<script>x</script>' }, null],
    [{ error: 'a'.repeat(201) }, null],
    [{ error: 'line\nbreak' }, null],
    [{ error: 'token ffpat_abc is bad' }, null],
    ['plain string', null],
    [null, null],
  ])('%j -> %j', (data, expected) => {
    expect(serverText(data)).toBe(expected);
  });

  it('only ever returns short, single-line, markup-free text', () => {
    fc.assert(
      fc.property(
        fc.record({ error: fc.string(), message: fc.string() }, { requiredKeys: [] }),
        (data) => {
          const text = serverText(data);
          if (text === null) return;
          expect(text.length).toBeLessThanOrEqual(200);
          expect(text).not.toMatch(/[<>\n\r]/);
        },
      ),
    );
  });
});
