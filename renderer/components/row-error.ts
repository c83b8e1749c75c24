/** Why the last thing tried on a row failed, under it, until dismissed or tried again. */
import { html, type TemplateResult } from 'lit';
import { closeIcon } from './icons';

export function renderRowError(message: string, onDismiss: () => void): TemplateResult {
  return html`<span class="row-error" role="alert"
    ><span>${message}</span
    ><button class="icon-btn tiny" tabindex="-1" aria-label="Dismiss" @click=${onDismiss}>
      ${closeIcon}
    </button></span
  >`;
}
