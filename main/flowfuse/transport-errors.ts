/**
 * What a fetch rejection means, from Node (undici puts the system code in `error.cause.code`,
 * sometimes inside an AggregateError) or from Electron's net.fetch (a `net::ERR_*` message).
 */

type TransportKind =
  | 'dns'
  | 'refused'
  | 'reset'
  | 'offline'
  | 'network'
  | 'timeout'
  | 'tls'
  /** https sent to a port that speaks plain http (`127.0.0.1:8787` typed without a scheme). */
  | 'not-https'
  /** Something answered, but not in HTTP: another service on that port. */
  | 'not-http';

export interface TransportFailure {
  readonly kind: TransportKind;
  /** The most telling code, such as `ECONNREFUSED` or `net::ERR_CERT_AUTHORITY_INVALID`. */
  readonly code: string | null;
}

const TLS_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'HOSTNAME_MISMATCH',
  'EPROTO',
]);

/**
 * A TLS handshake that met plain http: OpenSSL reads "HTTP/1.1 400" as a record header and calls
 * it a wrong version (or, in newer releases, a too long packet). Chromium says only
 * ERR_SSL_PROTOCOL_ERROR, which a broken TLS server can also cause, hence the hedged wording
 * in http-errors.
 */
const NOT_HTTPS_CODES = new Set([
  'ERR_SSL_WRONG_VERSION_NUMBER',
  'ERR_SSL_PACKET_LENGTH_TOO_LONG',
  'ERR_SSL_HTTP_REQUEST',
  'net::ERR_SSL_PROTOCOL_ERROR',
]);
const NOT_HTTPS_MESSAGE = /wrong version number|packet length too long/i;

/** undici's HTTPParserError (its name stands in for the code it lacks) and Chromium's. */
const NOT_HTTP_CODES = new Set([
  'HTTPParserError',
  'net::ERR_INVALID_HTTP_RESPONSE',
  'net::ERR_RESPONSE_HEADERS_TRUNCATED',
]);
const NOT_HTTP_MESSAGE = /does not match the HTTP\/1\.1 protocol|^Parse Error/i;
const TLS_PREFIXES = ['CERT_', 'ERR_TLS_', 'ERR_SSL_', 'net::ERR_CERT_', 'net::ERR_SSL_'];

const BY_CODE: Readonly<Record<string, TransportKind>> = {
  ENOTFOUND: 'dns',
  EAI_AGAIN: 'dns',
  EAI_NONAME: 'dns',
  'net::ERR_NAME_NOT_RESOLVED': 'dns',
  'net::ERR_NAME_RESOLUTION_FAILED': 'dns',
  ECONNREFUSED: 'refused',
  'net::ERR_CONNECTION_REFUSED': 'refused',
  ECONNRESET: 'reset',
  EPIPE: 'reset',
  ECONNABORTED: 'reset',
  UND_ERR_SOCKET: 'reset',
  UND_ERR_CLOSED: 'reset',
  'net::ERR_CONNECTION_RESET': 'reset',
  'net::ERR_CONNECTION_CLOSED': 'reset',
  'net::ERR_CONNECTION_ABORTED': 'reset',
  'net::ERR_EMPTY_RESPONSE': 'reset',
  ENETUNREACH: 'offline',
  EHOSTUNREACH: 'offline',
  ENETDOWN: 'offline',
  'net::ERR_INTERNET_DISCONNECTED': 'offline',
  'net::ERR_ADDRESS_UNREACHABLE': 'offline',
  'net::ERR_NETWORK_CHANGED': 'offline',
  ETIMEDOUT: 'timeout',
  UND_ERR_CONNECT_TIMEOUT: 'timeout',
  UND_ERR_HEADERS_TIMEOUT: 'timeout',
  UND_ERR_BODY_TIMEOUT: 'timeout',
  'net::ERR_TIMED_OUT': 'timeout',
  'net::ERR_CONNECTION_TIMED_OUT': 'timeout',
};

const MESSAGE_KINDS: readonly [RegExp, TransportKind][] = [
  [/socket hang up|other side closed|^terminated$/i, 'reset'],
  [/^fetch failed$|^network error$|^failed to fetch/i, 'network'],
];

const NET_ERROR = /net::ERR_[A-Z_]+/;

export function classifyTransportError(error: unknown): TransportFailure | null {
  const codes: string[] = [];
  const messages: string[] = [];
  collect(error, codes, messages, 0);
  for (const message of messages) {
    const net = NET_ERROR.exec(message)?.[0];
    if (net !== undefined) codes.push(net);
  }
  const notHttps = codes.find((code) => NOT_HTTPS_CODES.has(code));
  if (notHttps !== undefined) return { kind: 'not-https', code: notHttps };
  if (codes.includes('EPROTO') && messages.some((m) => NOT_HTTPS_MESSAGE.test(m))) {
    return { kind: 'not-https', code: 'EPROTO' };
  }
  const notHttp = codes.find((code) => NOT_HTTP_CODES.has(code) || code.startsWith('HPE_'));
  if (notHttp !== undefined) return { kind: 'not-http', code: notHttp };
  if (messages.some((m) => NOT_HTTP_MESSAGE.test(m))) return { kind: 'not-http', code: null };
  // TLS first: a certificate failure also surfaces as a reset or a generic "fetch failed".
  const tls = codes.find(
    (code) => TLS_CODES.has(code) || TLS_PREFIXES.some((p) => code.startsWith(p)),
  );
  if (tls !== undefined) return { kind: 'tls', code: tls };
  for (const code of codes) {
    const kind = BY_CODE[code];
    if (kind !== undefined) return { kind, code };
  }
  const net = codes.find((code) => code.startsWith('net::ERR_'));
  if (net !== undefined) return { kind: 'network', code: net };
  for (const message of messages) {
    for (const [pattern, kind] of MESSAGE_KINDS) {
      if (pattern.test(message)) return { kind, code: null };
    }
  }
  return null;
}

/** Walks `cause` and AggregateError `errors`, a few levels deep, gathering codes and messages. */
function collect(value: unknown, codes: string[], messages: string[], depth: number): void {
  if (depth > 6 || typeof value !== 'object' || value === null) return;
  const record = value as {
    name?: unknown;
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof record.code === 'string') codes.push(record.code);
  else if (record.name === 'HTTPParserError') codes.push(record.name);
  if (typeof record.message === 'string') messages.push(record.message);
  collect(record.cause, codes, messages, depth + 1);
  if (Array.isArray(record.errors)) {
    for (const inner of record.errors as unknown[]) collect(inner, codes, messages, depth + 1);
  }
}
