/**
 * "Are you sure?" as a modal dialog: a question, what it does, and two buttons. `ask()` resolves
 * true only for the confirming button; Esc, Cancel or closing it resolve false. Cancel has the
 * focus first: Enter on an unread question changes nothing.
 */
import { LitElement, css, html, type TemplateResult } from 'lit';
import { dialogStyles } from './dialog.styles';
import { sharedStyles } from './shared.styles';

export interface Question {
  readonly title: string;
  readonly body: string;
  /** The confirming button's words ("Suspend"). */
  readonly confirm: string;
}

export class TtConfirm extends LitElement {
  static override properties = { question: { state: true } };

  static override styles = [
    sharedStyles,
    dialogStyles,
    css`
      p {
        margin: 0;
        color: var(--tt-muted);
      }
      .buttons {
        display: flex;
        justify-content: flex-end;
        gap: 8px;
      }
    `,
  ];

  declare question: Question | null;
  private answer: ((yes: boolean) => void) | null = null;

  constructor() {
    super();
    this.question = null;
  }

  async ask(question: Question): Promise<boolean> {
    this.answer?.(false);
    this.question = question;
    await this.updateComplete;
    const dialog = this.renderRoot.querySelector('dialog');
    if (dialog === null) return false;
    dialog.showModal();
    this.renderRoot.querySelector<HTMLButtonElement>('button.cancel')?.focus();
    return new Promise((resolve) => {
      this.answer = resolve;
    });
  }

  protected override render(): TemplateResult {
    return html`<dialog
      aria-labelledby="confirm-title"
      aria-describedby="confirm-body"
      @close=${this.onClose}
    >
      <div class="dialog-head"><h2 id="confirm-title">${this.question?.title ?? ''}</h2></div>
      <div class="dialog-body">
        <p id="confirm-body">${this.question?.body ?? ''}</p>
        <div class="buttons">
          <button
            class="btn cancel"
            @click=${() => {
              this.close(false);
            }}
          >
            Cancel
          </button>
          <button
            class="btn primary"
            @click=${() => {
              this.close(true);
            }}
          >
            ${this.question?.confirm ?? 'OK'}
          </button>
        </div>
      </div>
    </dialog>`;
  }

  private close(yes: boolean): void {
    const answer = this.answer;
    this.answer = null;
    this.renderRoot.querySelector('dialog')?.close();
    answer?.(yes);
  }

  /** Esc, or the dialog closed some other way: no. */
  private readonly onClose = (): void => {
    this.close(false);
  };
}

customElements.define('tt-confirm', TtConfirm);

declare global {
  interface HTMLElementTagNameMap {
    'tt-confirm': TtConfirm;
  }
}
