/**
 * Every failure the user can meet has one of these codes. Main turns each into words;
 * the renderer may add an action (retry, replace token) by code.
 */
export const ERROR_CODES = [
  'invalid_url',
  'insecure_http',
  'not_flowfuse',
  'unreachable',
  /** The host name does not resolve: most often a typo in the address. */
  'unknown_host',
  /** Nothing listens on that port (or a firewall says no). */
  'connection_refused',
  /** https was sent to a port that speaks plain http. */
  'not_https',
  /** Something answered on that port, but not with HTTP (another service, a wrong port). */
  'not_http',
  'timeout',
  'tls',
  'unauthorized',
  'forbidden',
  'not_found',
  'rate_limited',
  'server_error',
  'bad_response',
  /** A web page answered instead of the API: a sign-in page or a proxy in front of the server. */
  'web_page',
  'too_large',
  'redirect_refused',
  'invalid_name',
  /** FlowFuse would not start, stop, restart or suspend an instance (e.g. it is suspended). */
  'action_refused',
  'invalid_token',
  'duplicate_account',
  'unknown_account',
  'storage_unavailable',
  'invalid_request',
  /** The user stopped a check (adding an account) before the server answered. */
  'cancelled',
  'internal',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** What crosses the bridge: never a stack, never a token. */
export interface AppErrorShape {
  readonly code: ErrorCode;
  /** Words for a person: never a raw system code. */
  readonly message: string;
  /**
   * The technical code behind the words (`ECONNREFUSED`, `net::ERR_SSL_PROTOCOL_ERROR`), for a
   * "Details" line someone may quote in a bug report; also written to the log.
   */
  readonly detail?: string;
  /** How long to wait before trying again (a local limit that knows it), in ms. */
  readonly retryAfterMs?: number;
}

export class AppError extends Error implements AppErrorShape {
  readonly code: ErrorCode;
  readonly detail?: string;
  readonly retryAfterMs?: number;

  constructor(
    code: ErrorCode,
    message: string,
    options?: { cause?: unknown; detail?: string; retryAfterMs?: number },
  ) {
    super(message, options);
    this.name = 'AppError';
    this.code = code;
    if (options?.detail !== undefined) this.detail = options.detail;
    if (options?.retryAfterMs !== undefined) this.retryAfterMs = options.retryAfterMs;
  }

  toShape(): AppErrorShape {
    return {
      code: this.code,
      message: this.message,
      ...(this.detail === undefined ? {} : { detail: this.detail }),
      ...(this.retryAfterMs === undefined ? {} : { retryAfterMs: this.retryAfterMs }),
    };
  }
}

export const isAppError = (value: unknown): value is AppError => value instanceof AppError;

export type Result<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: AppErrorShape };
