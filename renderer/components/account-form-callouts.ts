/**
 * What the account form says after main answered: the question before a token goes over plain
 * http, and an error with the one action that helps.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { AppErrorShape } from '../../common/errors';
import { ACTION_LABEL, helpFor, type ErrorAction } from '../state/error-help';

export function renderHttpConsent(
  error: AppErrorShape | null,
  onAllow: () => void,
  onDeny: () => void,
): TemplateResult {
  return html`<div class="callout warn" role="alert">
    <strong>Send the token over plain http?</strong>
    <p>
      ${error?.message ?? 'This server does not use https.'} Anyone on the network between you and
      the server could read the token. Continue only on a network you trust.
    </p>
    <div class="buttons">
      <button type="button" class="btn primary" @click=${onAllow}>
        Allow http for this server
      </button>
      <button type="button" class="btn" @click=${onDeny}>Use https instead</button>
    </div>
  </div>`;
}

export function renderFormError(
  error: AppErrorShape,
  onAction: (action: ErrorAction) => void,
): TemplateResult {
  const help = helpFor(error);
  const action = help.action === 'none' || help.action === 'allow-http' ? null : help.action;
  return html`<div class="callout error" role="alert">
    <strong>${help.title}</strong>
    <p>${error.message}</p>
    ${
      action === null
        ? nothing
        : html`<div class="buttons">
            <button
              type="button"
              class="btn small"
              @click=${() => {
                onAction(action);
              }}
            >
              ${ACTION_LABEL[action]}
            </button>
          </div>`
    }
  </div>`;
}
