/** The list's fixed pieces: what the keys do on each kind of row, and what an empty list says. */
import { html, type TemplateResult } from 'lit';

/** Read after a row's name by screen readers (aria-describedby on each kind of row). */
export const rowHelp = html`<span id="row-help" class="visually-hidden"
    >Enter opens the team in the browser, Shift+Enter its settings. F2 renames it. Right arrow shows
    its instances and devices.</span
  >
  <span id="instance-help" class="visually-hidden"
    >Enter opens its editor, Shift+Enter its page in FlowFuse. Tab reaches its actions. Left arrow
    goes back to its team.</span
  >
  <span id="device-help" class="visually-hidden"
    >Enter opens its page in FlowFuse. Left arrow goes back to its team.</span
  >`;

export function renderNoMatch(query: string): TemplateResult {
  return html`<div class="empty" role="status">
    <strong>Nothing matches “${query}”</strong>
    <span
      >Search looks at the names of teams, instances and devices, and at team slugs, on every
      account. Esc clears it.</span
    >
  </div>`;
}

export const nothingNeedsAttention = html`<div class="empty" role="status">
  <strong>Nothing needs attention</strong>
  <span>Show all, above, lists every team again.</span>
</div>`;
