/**
 * The pinned section's parts drawn with the rows under a team (./child-rows-part.ts, a lazy part):
 * a pin the server no longer lists, the line that says where a pinned item is, and the small mark
 * on a row whose notifications are snoozed. The heading, on the first screen, is ./pin-parts.ts.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { clockTime } from '../state/time';
import type { PinGoneRow } from '../state/rows';
import { bellOffIcon } from './part-icons';

/** "notifications snoozed until 14:05". */
export function snoozedWords(until: number): string {
  return `notifications snoozed until ${clockTime(until)}`;
}

/**
 * "Snoozed until 18:50" with the bell struck through, at the start of the row's second line
 * while the item's notifications are snoozed: the name keeps the first line's room. (The Snooze
 * action is a clock, not this bell.) The row's accessible name says it too (snoozedWords).
 */
export function renderSnoozed(until: number | null): TemplateResult | typeof nothing {
  if (until === null) return nothing;
  const words = `Snoozed until ${clockTime(until)}`;
  return html`<span class="snoozed" title=${`Notifications ${words.toLowerCase()}`}
    >${bellOffIcon}<span class="snoozed-until">${words}</span></span
  >`;
}

/** Where a pinned item is: "Plant · ada @ ff.example.com". */
export function renderContext(context: string | undefined): TemplateResult | typeof nothing {
  return context === undefined
    ? nothing
    : html`<span class="child-sub pin-context" title=${context}>${context}</span>`;
}

export function renderPinGone(row: PinGoneRow, onUnpin: (row: PinGoneRow) => void): TemplateResult {
  const name = row.pin.name === '' ? '(no name)' : row.pin.name;
  return html`<div
    class="row child pin-gone"
    role="listitem"
    data-kind="pin-gone"
    data-key=${row.key}
  >
    <span class="dot unknown" aria-hidden="true"></span>
    <div class="child-text">
      <div class="child-line">
        <span class="child-name" title=${name}>${name}</span>
        <span class="child-state">Gone</span>
      </div>
      <span class="child-sub pin-context" title=${row.text}>${row.text}</span>
    </div>
    <button
      class="btn small"
      aria-label=${`Unpin ${name}`}
      @click=${() => {
        onUnpin(row);
      }}
    >
      Unpin
    </button>
  </div>`;
}
