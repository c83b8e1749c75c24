/**
 * What every modal dialog of the popover shares: a native <dialog> (Esc closes it, focus stays
 * inside), a head with its title and a close button, and show/close for whoever opens it.
 */
import { LitElement, html, type TemplateResult } from 'lit';
import { closeIcon } from './icons';

export abstract class ModalDialog extends LitElement {
  /** Opens the dialog, modal. */
  show(): void {
    this.dialog()?.showModal();
  }

  protected readonly close = (): void => {
    this.dialog()?.close();
  };

  /** The dialog around `body`, titled `title` (its id labels the dialog). */
  protected frame(id: string, title: string, body: TemplateResult): TemplateResult {
    return html`<dialog aria-labelledby=${id}>
      <div class="dialog-head">
        <h2 id=${id}>${title}</h2>
        <button class="icon-btn" aria-label="Close" title="Close (Esc)" @click=${this.close}>
          ${closeIcon}
        </button>
      </div>
      <div class="dialog-body">${body}</div>
    </dialog>`;
  }

  protected dialog(): HTMLDialogElement | null {
    return this.renderRoot.querySelector('dialog');
  }
}
