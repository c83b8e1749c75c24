/**
 * What the account form says after main answered: the question before a token goes over plain
 * http, and an error with the one action that helps. Both can take the focus (tabindex -1) so
 * the form can move a keyboard or screen-reader user to them.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { AppErrorShape } from '../../common/errors';
import { ACTION_LABEL, helpFor, type ErrorAction } from '../state/form-error-help';
import { renderErrorDetails } from './error-details';

export const ERROR_ID = 'form-error';
export const CONSENT_ID = 'http-consent';

export function renderHttpConsent(
  error: AppErrorShape | null,
  onAllow: () => void,
  onDeny: () => void,
): TemplateResult {
  return html`<div
    class="callout warn"
    id=${CONSENT_ID}
    role="alert"
    tabindex="-1"
    aria-labelledby="consent-title"
  >
    <strong id="consent-title">Send the token over plain http?</strong>
    <p>
      ${error?.message ?? 'This server does not use https.'} Anyone on the network between you and
      the server could read it: continue only on a network you trust.
    </p>
    <div class="buttons">
      <button type="button" class="btn primary" @click=${onAllow}>
        Allow http for this server
      </button>
      <button type="button" class="btn" @click=${onDeny}>Use https instead</button>
    </div>
  </div>`;
}

export interface FormErrorContext {
  readonly onAction: (action: ErrorAction) => void;
  /** For `use-http`: the address the button offers, or null to offer nothing. */
  readonly httpAddress: string | null;
  /** Seconds before Try again may run (main's limit), 0 when it may now. */
  readonly waitSeconds: number;
}

export function renderFormError(error: AppErrorShape, ctx: FormErrorContext): TemplateResult {
  const help = helpFor(error);
  const waiting = help.action === 'retry' && ctx.waitSeconds > 0;
  const label = waiting
    ? `${ACTION_LABEL.retry} in ${ctx.waitSeconds} s`
    : actionLabel(help.action, ctx.httpAddress);
  return html`<div class="callout error" id=${ERROR_ID} role="alert" tabindex="-1">
    <strong>${help.title}</strong>
    <p>${error.message}</p>
    ${
      label === null
        ? nothing
        : html`<div class="buttons">
            <button
              type="button"
              class="btn small"
              ?disabled=${waiting}
              @click=${() => {
                ctx.onAction(help.action);
              }}
            >
              ${label}
            </button>
          </div>`
    }
    ${renderErrorDetails(error.detail)}
  </div>`;
}

function actionLabel(action: ErrorAction, httpAddress: string | null): string | null {
  switch (action) {
    case 'use-http':
      return httpAddress === null ? null : `Use ${httpAddress}`;
    case 'none':
    case 'allow-http':
      return null;
    default:
      return ACTION_LABEL[action];
  }
}
