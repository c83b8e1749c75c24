/**
 * The account form's help for an error (./error-help.ts has the rows' words). Main words every
 * error; the form adds a short title, the field at fault (where it puts the message and the
 * focus) and the one action that helps. Only the form (a lazy part) asks, so this stays out of
 * the popover's first script (issue 30).
 */
import type { AppErrorShape, ErrorCode } from '../../common/errors';

export type ErrorAction =
  /** Send the same request again. */
  | 'retry'
  /** Clear and focus the token field. */
  | 'replace-token'
  /** Put `http://` in front of the address and send again (https met a plain-http port). */
  | 'use-http'
  /** Ask before sending a token over plain http. */
  | 'allow-http'
  | 'none';

/** The form field an error is about; null when no field is at fault. */
type ErrorField = 'url' | 'token' | null;

export interface ErrorHelp {
  readonly title: string;
  readonly action: ErrorAction;
  readonly field: ErrorField;
}

const help = (title: string, action: ErrorAction, field: ErrorField): ErrorHelp => ({
  title,
  action,
  field,
});

const HELP: { readonly [C in ErrorCode]: ErrorHelp } = {
  invalid_url: help('Check the address', 'none', 'url'),
  insecure_http: help('This server uses plain http', 'allow-http', 'url'),
  not_flowfuse: help('Not a FlowFuse server', 'none', 'url'),
  unreachable: help('The server did not answer', 'retry', null),
  unknown_host: help('Check the address', 'none', 'url'),
  connection_refused: help('Nothing answered on that port', 'retry', 'url'),
  not_https: help('That port does not use https', 'use-http', 'url'),
  not_http: help('Not a web server on that port', 'none', 'url'),
  timeout: help('The server took too long', 'retry', null),
  tls: help('The secure connection failed', 'none', 'url'),
  unauthorized: help('The token was refused', 'replace-token', 'token'),
  forbidden: help('Not allowed', 'replace-token', 'token'),
  action_refused: help('FlowFuse refused', 'none', null),
  not_found: help('Not found', 'none', 'url'),
  rate_limited: help('Too many requests', 'retry', null),
  server_error: help('The server had a problem', 'retry', null),
  bad_response: help('Unexpected answer from the server', 'retry', null),
  web_page: help('A sign-in page or proxy answered', 'retry', 'url'),
  too_large: help('The answer was too large', 'none', null),
  redirect_refused: help('Redirect refused', 'none', 'url'),
  invalid_name: help('Invalid name', 'none', null),
  invalid_token: help('That does not look like a token', 'replace-token', 'token'),
  duplicate_account: help('Already added', 'none', null),
  unknown_account: help('This account is gone', 'none', null),
  storage_unavailable: help('Could not save', 'retry', null),
  invalid_request: help('Something went wrong', 'none', null),
  cancelled: help('Stopped', 'none', null),
  internal: help('Something went wrong', 'retry', null),
};

export function helpFor(error: AppErrorShape): ErrorHelp {
  return HELP[error.code];
}

export const ACTION_LABEL: { readonly [A in Exclude<ErrorAction, 'use-http'>]: string } = {
  retry: 'Try again',
  'replace-token': 'Paste a new token',
  'allow-http': 'Review',
  none: '',
};

/**
 * The plain-http address to offer when https met a port that speaks http: the typed address
 * with its scheme (typed or assumed) swapped, and no path. Null when there is nothing to swap.
 */
export function plainHttpAddress(typed: string): string | null {
  const text = typed.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(text)?.[1]?.toLowerCase();
  if (scheme !== undefined && scheme !== 'https') return null;
  const withScheme = scheme === undefined ? `https://${text}` : text;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'https:' ? `http://${url.host}` : null;
  } catch {
    return null;
  }
}
