/**
 * An instance's or a device's History button and, once opened, its last transitions under the
 * row ("10:05 running · 10:02 crashed · 09:40 stopped by bob"): renderer/state/history-words.ts
 * gives the words; server text (an author's name) is shown as text.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { HistoryEntry } from '../../common/state';
import { historyWords } from '../state/history-words';
import { clockIcon } from './icons';

/** History: shows or hides the row's last transitions under it. */
export function historyButton(
  name: string,
  shown: boolean,
  ctx: { readonly active: boolean },
  onToggle: () => void,
): TemplateResult {
  return html`<button
    class="icon-btn small worded"
    data-word="History"
    tabindex=${ctx.active ? 0 : -1}
    aria-label=${`History of ${name}`}
    aria-expanded=${shown ? 'true' : 'false'}
    title=${shown ? 'Hide what happened to it' : 'What happened to it: its last 20 changes'}
    @click=${onToggle}
  >
    ${clockIcon}
  </button>`;
}

/** The history under the row, or nothing when it is closed. */
export function renderHistory(
  name: string,
  history: readonly HistoryEntry[] | undefined,
  shown: boolean,
  now: number,
): TemplateResult | typeof nothing {
  if (!shown) return nothing;
  const lines = historyWords(history, now);
  return html`<div class="row-history" role="group" aria-label=${`History of ${name}`}>
    ${
      lines.length === 0
        ? html`<span class="row-history-none">Nothing seen yet</span>`
        : html`<ol class="row-history-list">
            ${lines.map((line) => html`<li>${line}</li>`)}
          </ol>`
    }
  </div>`;
}
