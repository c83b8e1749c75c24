import { describe, expect, it } from 'vitest';
import { classifyTransportError } from './transport-errors';

/** What undici throws: `TypeError('fetch failed')` with the system error as its cause. */
function undici(code: string, message = code): TypeError {
  return new TypeError('fetch failed', { cause: Object.assign(new Error(message), { code }) });
}

/** What Electron's net.fetch throws: the Chromium error in the message. */
const electron = (name: string): Error => new Error(`net::${name}`);

describe('classifyTransportError', () => {
  it.each([
    [undici('ENOTFOUND', 'getaddrinfo ENOTFOUND x.invalid'), 'dns', 'ENOTFOUND'],
    [undici('ECONNREFUSED'), 'refused', 'ECONNREFUSED'],
    [undici('ECONNRESET'), 'reset', 'ECONNRESET'],
    [undici('UND_ERR_SOCKET', 'other side closed'), 'reset', 'UND_ERR_SOCKET'],
    [undici('ETIMEDOUT'), 'timeout', 'ETIMEDOUT'],
    [undici('UND_ERR_CONNECT_TIMEOUT'), 'timeout', 'UND_ERR_CONNECT_TIMEOUT'],
    [undici('DEPTH_ZERO_SELF_SIGNED_CERT'), 'tls', 'DEPTH_ZERO_SELF_SIGNED_CERT'],
    [undici('SELF_SIGNED_CERT_IN_CHAIN'), 'tls', 'SELF_SIGNED_CERT_IN_CHAIN'],
    [undici('UNABLE_TO_VERIFY_LEAF_SIGNATURE'), 'tls', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE'],
    [undici('CERT_HAS_EXPIRED'), 'tls', 'CERT_HAS_EXPIRED'],
    [undici('ERR_TLS_CERT_ALTNAME_INVALID'), 'tls', 'ERR_TLS_CERT_ALTNAME_INVALID'],
    [electron('ERR_NAME_NOT_RESOLVED'), 'dns', 'net::ERR_NAME_NOT_RESOLVED'],
    [electron('ERR_CONNECTION_REFUSED'), 'refused', 'net::ERR_CONNECTION_REFUSED'],
    [electron('ERR_CONNECTION_RESET'), 'reset', 'net::ERR_CONNECTION_RESET'],
    [electron('ERR_INTERNET_DISCONNECTED'), 'offline', 'net::ERR_INTERNET_DISCONNECTED'],
    [electron('ERR_CONNECTION_TIMED_OUT'), 'timeout', 'net::ERR_CONNECTION_TIMED_OUT'],
    [electron('ERR_CERT_AUTHORITY_INVALID'), 'tls', 'net::ERR_CERT_AUTHORITY_INVALID'],
    [electron('ERR_CERT_DATE_INVALID'), 'tls', 'net::ERR_CERT_DATE_INVALID'],
    // https to a port that speaks plain http: Node (OpenSSL) and Electron (Chromium) words.
    [undici('ERR_SSL_WRONG_VERSION_NUMBER'), 'not-https', 'ERR_SSL_WRONG_VERSION_NUMBER'],
    [undici('ERR_SSL_PACKET_LENGTH_TOO_LONG'), 'not-https', 'ERR_SSL_PACKET_LENGTH_TOO_LONG'],
    [undici('EPROTO', 'SSL routines:ssl3_get_record:wrong version number'), 'not-https', 'EPROTO'],
    [electron('ERR_SSL_PROTOCOL_ERROR'), 'not-https', 'net::ERR_SSL_PROTOCOL_ERROR'],
    [undici('EPROTO', 'handshake failure'), 'tls', 'EPROTO'],
    [
      electron('ERR_SSL_VERSION_OR_CIPHER_MISMATCH'),
      'tls',
      'net::ERR_SSL_VERSION_OR_CIPHER_MISMATCH',
    ],
    // Something that is not a web server answered (a wrong port).
    [electron('ERR_INVALID_HTTP_RESPONSE'), 'not-http', 'net::ERR_INVALID_HTTP_RESPONSE'],
    [electron('ERR_NAME_RESOLUTION_FAILED'), 'dns', 'net::ERR_NAME_RESOLUTION_FAILED'],
    [undici('EAI_AGAIN', 'getaddrinfo EAI_AGAIN app.flowfuse.con'), 'dns', 'EAI_AGAIN'],
    [electron('ERR_PROXY_CONNECTION_FAILED'), 'network', 'net::ERR_PROXY_CONNECTION_FAILED'],
  ])('%s -> %s', (error, kind, code) => {
    expect(classifyTransportError(error)).toEqual({ kind, code });
  });

  it('looks inside an AggregateError (localhost tries IPv6 and IPv4)', () => {
    const aggregate = Object.assign(
      new AggregateError([
        Object.assign(new Error('connect ECONNREFUSED ::1:3000'), { code: 'ECONNREFUSED' }),
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3000'), { code: 'ECONNREFUSED' }),
      ]),
      { code: 'ECONNREFUSED' },
    );
    expect(classifyTransportError(new TypeError('fetch failed', { cause: aggregate }))).toEqual({
      kind: 'refused',
      code: 'ECONNREFUSED',
    });
  });

  it("reads undici's HTTPParserError, which has no code (Node 24)", () => {
    const parser = Object.assign(
      new Error('Response does not match the HTTP/1.1 protocol (Expected HTTP/)'),
      { name: 'HTTPParserError' },
    );
    expect(classifyTransportError(new TypeError('fetch failed', { cause: parser }))).toEqual({
      kind: 'not-http',
      code: 'HTTPParserError',
    });
  });

  it('reads "socket hang up" without a code', () => {
    expect(classifyTransportError(new Error('socket hang up'))).toEqual({
      kind: 'reset',
      code: null,
    });
  });

  it('prefers a TLS cause over the reset it caused', () => {
    const error = new TypeError('fetch failed', {
      cause: Object.assign(new Error('x'), {
        code: 'ECONNRESET',
        cause: Object.assign(new Error('y'), { code: 'CERT_HAS_EXPIRED' }),
      }),
    });
    expect(classifyTransportError(error)?.kind).toBe('tls');
  });

  it('stops on a cause cycle', () => {
    const a = new Error('a') as Error & { cause?: unknown };
    a.cause = a;
    expect(classifyTransportError(a)).toBeNull();
  });

  it.each([new Error('boom'), 'string', null, 42])('leaves %s alone', (value) => {
    expect(classifyTransportError(value)).toBeNull();
  });
});
