/**
 * Every failure the user can meet has one of these codes. Main turns each into words;
 * the renderer may add an action (retry, replace token) by code.
 */
export const ERROR_CODES = [
  'invalid_url',
  'insecure_http',
  'not_flowfuse',
  'unreachable',
  'timeout',
  'tls',
  'unauthorized',
  'forbidden',
  'not_found',
  'rate_limited',
  'server_error',
  'bad_response',
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
  'internal',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** What crosses the bridge: never a stack, never a token. */
export interface AppErrorShape {
  readonly code: ErrorCode;
  readonly message: string;
}

export class AppError extends Error implements AppErrorShape {
  readonly code: ErrorCode;

  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AppError';
    this.code = code;
  }

  toShape(): AppErrorShape {
    return { code: this.code, message: this.message };
  }
}

export const isAppError = (value: unknown): value is AppError => value instanceof AppError;

export type Result<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: AppErrorShape };
