/**
 * Main words every error; the renderer adds a short title and the one action that helps.
 */
import type { AppErrorShape, ErrorCode } from '../../common/errors';

export type ErrorAction =
  /** Send the same request again. */
  | 'retry'
  /** Clear and focus the token field. */
  | 'replace-token'
  /** Focus the address field. */
  | 'fix-url'
  /** Ask before sending a token over plain http. */
  | 'allow-http'
  | 'none';

export interface ErrorHelp {
  readonly title: string;
  readonly action: ErrorAction;
}

const HELP: { readonly [C in ErrorCode]: ErrorHelp } = {
  invalid_url: { title: 'Check the address', action: 'fix-url' },
  insecure_http: { title: 'This server uses plain http', action: 'allow-http' },
  not_flowfuse: { title: 'Not a FlowFuse server', action: 'fix-url' },
  unreachable: { title: 'The server did not answer', action: 'retry' },
  timeout: { title: 'The server took too long', action: 'retry' },
  tls: { title: 'The secure connection failed', action: 'fix-url' },
  unauthorized: { title: 'The token was refused', action: 'replace-token' },
  forbidden: { title: 'Not allowed', action: 'replace-token' },
  action_refused: { title: 'FlowFuse refused', action: 'none' },
  not_found: { title: 'Not found', action: 'fix-url' },
  rate_limited: { title: 'Too many requests', action: 'retry' },
  server_error: { title: 'The server had a problem', action: 'retry' },
  bad_response: { title: 'Unexpected answer from the server', action: 'retry' },
  too_large: { title: 'The answer was too large', action: 'none' },
  redirect_refused: { title: 'Redirect refused', action: 'fix-url' },
  invalid_name: { title: 'Invalid name', action: 'none' },
  invalid_token: { title: 'That does not look like a token', action: 'replace-token' },
  duplicate_account: { title: 'Already added', action: 'none' },
  unknown_account: { title: 'This account is gone', action: 'none' },
  storage_unavailable: { title: 'Could not save', action: 'retry' },
  invalid_request: { title: 'Something went wrong', action: 'none' },
  internal: { title: 'Something went wrong', action: 'retry' },
};

export function helpFor(error: AppErrorShape): ErrorHelp {
  return HELP[error.code];
}

export const ACTION_LABEL: { readonly [A in ErrorAction]: string } = {
  retry: 'Try again',
  'replace-token': 'Paste a new token',
  'fix-url': 'Edit the address',
  'allow-http': 'Review',
  none: '',
};
