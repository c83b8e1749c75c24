/**
 * What changed just before an instance broke, on a line of its own under its row, above its log
 * lines: the words (renderer/state/change-before.ts) and **Audit log**, which opens the
 * instance's audit log in FlowFuse (main builds the address from the saved server). Text only.
 */
import { html, type TemplateResult } from 'lit';
import { externalIcon } from './icons';

export interface ChangeBeforeContext {
  readonly name: string;
  /** The row holds the list's tab stop: the button is in the tab order. */
  readonly active: boolean;
  readonly onOpen: () => void;
}

export function renderChangeBefore(text: string, ctx: ChangeBeforeContext): TemplateResult {
  return html`<div class="change-before">
    <span class="change-before-text" title=${text}>${text}</span>
    <button
      class="btn small"
      tabindex=${ctx.active ? 0 : -1}
      aria-label=${`Open the audit log of ${ctx.name} in FlowFuse`}
      title="Who changed what, in FlowFuse"
      @click=${ctx.onOpen}
    >
      ${externalIcon}Audit log
    </button>
  </div>`;
}
