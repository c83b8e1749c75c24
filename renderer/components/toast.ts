/** The toast's template and styles; its state is the ToastController's. */
import { css, html, nothing, type TemplateResult } from 'lit';
import type { ToastController } from './toast-controller';

export function renderToast(toasts: ToastController): TemplateResult | typeof nothing {
  const toast = toasts.current;
  // The live region stays in the DOM so a screen reader hears each new note.
  return html`<div class="toast-region" role="status" aria-live="polite">
    ${
      toast === null
        ? nothing
        : html`<div
            class="toast"
            @pointerenter=${toasts.hold}
            @pointerleave=${toasts.release}
            @focusin=${toasts.hold}
            @focusout=${toasts.release}
          >
            <span class="toast-text">${toast.text}</span>
            ${
              toast.action === undefined
                ? nothing
                : html`<span aria-hidden="true">·</span
                    ><button
                      class="toast-action"
                      @click=${() => {
                        toasts.act();
                      }}
                    >
                      ${toast.action.label}
                    </button>`
            }
          </div>`
    }
  </div>`;
}

export const toastStyles = css`
  .toast-region {
    position: absolute;
    left: 10px;
    right: 10px;
    bottom: 10px;
    display: flex;
    justify-content: center;
    pointer-events: none;
  }
  .toast {
    display: flex;
    align-items: center;
    gap: 8px;
    max-width: 100%;
    padding: 7px 8px 7px 12px;
    border-radius: var(--tt-radius);
    background: var(--tt-text);
    color: var(--tt-bg);
    box-shadow: 0 4px 16px rgb(0 0 0 / 0.25);
    font-size: 12px;
    pointer-events: auto;
  }
  .toast-text {
    min-width: 0;
    overflow-wrap: anywhere;
  }
  .toast-action {
    flex: none;
    padding: 2px 6px;
    border: 0;
    border-radius: var(--tt-radius-small);
    background: transparent;
    color: inherit;
    font-weight: 650;
    text-decoration: underline;
    cursor: pointer;
  }
  .toast-action:hover {
    background: color-mix(in srgb, var(--tt-bg) 18%, transparent);
  }
  .toast-action:focus-visible {
    outline: 2px solid var(--tt-bg);
    outline-offset: 1px;
  }
`;
