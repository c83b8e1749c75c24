/**
 * Turns every way a FlowFuse call can fail into an AppError with a code and a sentence that names
 * the host. Messages never include the token: nothing here sees it, and text from the server is
 * only quoted when it is short, plain and token-free.
 */
import { isHTTPError, isTimeoutError, type HTTPError } from 'ky';
import { AppError } from '../../common/errors';
import { hasControlChars } from '../../common/text';
import { BodyLimitError } from './read-body';
import { formatWait, parseRetryAfterMs } from './retry-after';
import { looksLikeWebPage, webPageError } from './web-page';
import { classifyTransportError, type TransportFailure } from './transport-errors';
import { deviceRefused } from './device-errors';

export type Operation =
  | 'probe'
  | 'whoAmI'
  | 'listTeams'
  | 'renameTeam'
  | 'listInstances'
  | 'instanceStates'
  | 'listDevices'
  | 'instanceState'
  | 'instanceAction'
  | 'instanceLog'
  | 'instanceAuditLog'
  | 'userNotifications'
  | 'markNotificationsRead'
  | 'deviceState'
  | 'deviceAction'
  | 'deviceMode'
  | 'userTokens';

export interface ErrorContext {
  /** Host and port, for the message. */
  readonly host: string;
  readonly operation: Operation;
  readonly timeoutMs: number;
}

export function toAppError(error: unknown, ctx: ErrorContext): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof BodyLimitError) {
    return error.kind === 'too_large'
      ? new AppError(
          'too_large',
          `${ctx.host} sent more than ${formatBytes(error.limit)}; Teamtray stopped reading.`,
        )
      : timeoutError(ctx, error);
  }
  if (isHTTPError(error)) return fromHttpError(error, ctx);
  if (isTimeoutError(error) || (error instanceof Error && error.name === 'TimeoutError')) {
    return timeoutError(ctx, error);
  }
  const transport = classifyTransportError(error);
  if (transport !== null) return fromTransport(transport, ctx, error);
  return new AppError('internal', `Unexpected error while talking to ${ctx.host}.`, {
    cause: error,
  });
}

function timeoutError(ctx: ErrorContext, cause: unknown): AppError {
  return new AppError(
    'timeout',
    `${ctx.host} did not answer in time (waited ${formatSeconds(ctx.timeoutMs)}). Try again later.`,
    { cause },
  );
}

/**
 * Words first: the system code (ECONNREFUSED, net::ERR_NAME_NOT_RESOLVED) never appears in the
 * sentence; it travels as `detail`, for the log and the form's "Details" line.
 */
function fromTransport(failure: TransportFailure, ctx: ErrorContext, cause?: unknown): AppError {
  const { host } = ctx;
  const options = { cause, ...(failure.code === null ? {} : { detail: failure.code }) };
  switch (failure.kind) {
    case 'tls':
      return new AppError(
        'tls',
        `The secure connection to ${host} failed: ${tlsReason(failure.code)}.`,
        options,
      );
    case 'not-https':
      return new AppError(
        'not_https',
        `${host} did not answer over https on that port: it may serve plain http there.`,
        options,
      );
    case 'not-http':
      return new AppError(
        'not_http',
        `Something answered at ${host}, but not as a web server: check the port in the address.`,
        options,
      );
    case 'timeout':
      return timeoutError(ctx, cause);
    case 'dns':
      return new AppError(
        'unknown_host',
        `No server called ${hostname(host)} could be found. Check the address for a typo.`,
        options,
      );
    case 'refused':
      return new AppError(
        'connection_refused',
        `${host} refused the connection: nothing there accepts connections on that port. Check the port, and that the server is running.`,
        options,
      );
    case 'reset':
      return new AppError(
        'unreachable',
        `${host} closed the connection without answering. Try again later; if it keeps happening, check the port.`,
        options,
      );
    case 'offline':
      return new AppError(
        'unreachable',
        `Could not reach ${host}: this computer seems to be offline. Check your connection.`,
        options,
      );
    case 'network':
      return new AppError(
        'unreachable',
        `Could not reach ${host}. Check the address and your network.`,
        options,
      );
  }
}

/** The name without the port: a name that does not resolve has no port to speak of. */
function hostname(host: string): string {
  return host.replace(/:\d+$/, '');
}

function tlsReason(code: string | null): string {
  if (code === null) return 'the certificate was not accepted';
  if (/SELF_SIGNED/.test(code)) return 'its certificate is self-signed and not trusted here';
  if (/EXPIRED|DATE_INVALID/.test(code)) return 'its certificate has expired';
  if (/ALTNAME|COMMON_NAME|HOSTNAME/.test(code)) return 'its certificate is for another name';
  if (/ISSUER|AUTHORITY|LEAF|CHAIN/.test(code)) return 'its certificate is not trusted here';
  return 'the certificate was not accepted';
}

function fromHttpError(error: HTTPError, ctx: ErrorContext): AppError {
  return fromStatus(error.response.status, error.response.headers, error.data, ctx);
}

/** The mapping from an HTTP status (and FlowFuse's error body) to an AppError. */
export function fromStatus(
  status: number,
  headers: Headers,
  data: unknown,
  ctx: ErrorContext,
): AppError {
  const { host, operation } = ctx;
  const rename = operation === 'renameTeam';
  if (operation === 'instanceAction' && (status === 400 || status === 403 || status === 404)) {
    return actionRefused(status, data, host);
  }
  if (operation === 'deviceAction' || operation === 'deviceMode') {
    const code =
      typeof data === 'object' && data !== null ? (data as { code?: unknown }).code : null;
    const device = deviceRefused(operation, status, { code, text: serverText(data) }, host);
    if (device !== null) return device;
  }
  const activity = activityRefused(status, data, ctx);
  if (activity !== null) return activity;
  if (status === 400 && rename) {
    const text = serverText(data);
    return new AppError(
      'invalid_name',
      text === null
        ? `${host} did not accept that name.`
        : `${host} did not accept that name: ${text}`,
    );
  }
  // FlowFuse answers 401 and 403 in JSON: a web page is whatever stands in front of it.
  if ((status === 401 || status === 403) && typeof data === 'string') {
    if (looksLikeWebPage(headers.get('content-type'), data)) {
      return webPageError(host, status, data);
    }
  }
  if (status === 401) {
    return new AppError(
      'unauthorized',
      `${host} refused the token: token expired or revoked. Create a new one under User Settings › Security › Tokens.`,
    );
  }
  if (status === 403) {
    return new AppError(
      'forbidden',
      rename
        ? `${host} did not allow the rename: only a team owner can rename a team, and the token must not be read-only or limited to other teams.`
        : `${host} refused access: the token may be read-only or limited to some teams.`,
    );
  }
  if (status === 404) {
    return new AppError(
      'not_found',
      rename
        ? `That team is not on ${host}, or you are no longer a member.`
        : `${host} answered "not found" (404). Is this a FlowFuse server?`,
    );
  }
  if (status === 408) return timeoutError(ctx, null);
  if (status === 429) {
    const wait = parseRetryAfterMs(headers.get('retry-after'));
    return new AppError(
      'rate_limited',
      wait === null
        ? `${host} is limiting requests. Try again in a minute.`
        : `${host} is limiting requests and asks to wait ${formatWait(wait)}. Try again after that.`,
    );
  }
  if (status >= 500) {
    const wait = status === 503 ? parseRetryAfterMs(headers.get('retry-after')) : null;
    const page =
      headers.get('content-type')?.includes('text/html') === true
        ? ', answered with an error page'
        : '';
    return new AppError(
      'server_error',
      `${host} had a server error (${status}${page}).${wait === null ? '' : ` It asks to wait ${formatWait(wait)}.`} Try again later.`,
    );
  }
  return new AppError('bad_response', `${host} gave an unexpected answer (${status}).`);
}

/**
 * The refusals of an instance's log and audit log and of the inbox that have words of their own.
 * A suspended instance's log keeps FlowFuse's code as `detail`: the caller answers it as a state.
 */
function activityRefused(status: number, data: unknown, ctx: ErrorContext): AppError | null {
  const { host, operation } = ctx;
  const code = typeof data === 'object' && data !== null ? (data as { code?: unknown }).code : null;
  const ofInstance = operation === 'instanceLog' || operation === 'instanceAuditLog';
  const ofInbox = operation === 'userNotifications' || operation === 'markNotificationsRead';
  if (operation === 'instanceLog' && status === 400 && code === 'project_suspended') {
    return new AppError('action_refused', 'FlowFuse keeps no log while an instance is suspended.', {
      detail: 'project_suspended',
    });
  }
  if (ofInstance && status === 404) {
    return new AppError('not_found', `That instance is no longer on ${host}. Refresh the list.`);
  }
  if (ofInbox && status === 403) {
    return new AppError(
      'forbidden',
      `${host} did not let this token read or mark notifications: a read-only token cannot (FlowFuse 2.32 and later).`,
    );
  }
  if (operation === 'markNotificationsRead' && status === 404) {
    return new AppError('not_found', `That notification is no longer on ${host}.`);
  }
  return null;
}

/** Why FlowFuse refused to start, stop, restart or suspend an instance, in words. */
function actionRefused(status: number, data: unknown, host: string): AppError {
  const code = typeof data === 'object' && data !== null ? (data as { code?: unknown }).code : null;
  if (code === 'project_suspended') {
    return new AppError(
      'action_refused',
      'This instance is suspended: FlowFuse only lets it be started.',
    );
  }
  if (status === 403) {
    return new AppError(
      'forbidden',
      `${host} did not allow it: only a team owner can start or stop instances, and the token must not be read-only.`,
    );
  }
  if (status === 404) {
    return new AppError('not_found', `That instance is no longer on ${host}. Refresh the list.`);
  }
  const text = serverText(data);
  return new AppError(
    'action_refused',
    text === null ? `${host} refused the action.` : `${host} refused the action: ${text}`,
  );
}

/**
 * The server's reason, when short and plain enough to show: FlowFuse's `{code, error}` or the
 * framework's `{error, message}` (where `message` says more than "Bad Request").
 */
export function serverText(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const record = data as Record<string, unknown>;
  for (const key of ['message', 'error'] as const) {
    const value = record[key];
    if (typeof value !== 'string') continue;
    const text = value.trim();
    if (
      text.length > 0 &&
      text.length <= 200 &&
      !hasControlChars(text) &&
      !/[<>]/.test(text) &&
      !/ffpat_|bearer/i.test(text) &&
      !/^bad request$/i.test(text)
    ) {
      return text;
    }
  }
  return null;
}

export function badResponse(host: string, detail: string): AppError {
  return new AppError('bad_response', `${host} sent an answer Teamtray cannot read: ${detail}.`);
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${Math.round(bytes / (1024 * 1024))} MB`
    : `${Math.ceil(bytes / 1024)} KB`;
}

function formatSeconds(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`;
}
