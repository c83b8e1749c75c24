/** The list's fixed pieces: what the keys do on each kind of row, and what an empty list says. */
import { html, type TemplateResult } from 'lit';

/**
 * What the keys do on each kind of row, read after the row's name by screen readers (the rows'
 * aria-describedby). Hidden, not merely off screen: a description is read with its row, and never
 * as 60 words of text before the list.
 */
export const rowHelp = html`<div hidden>
  <span id="row-help"
    >Enter opens the team in the browser, Shift+Enter its settings. F2 renames it. Right arrow shows
    its instances and devices.</span
  >
  <span id="instance-help"
    >Enter opens its editor, Shift+Enter its page in FlowFuse. Tab reaches its actions. Left arrow
    goes back to its team.</span
  >
  <span id="device-help">Enter opens its page in FlowFuse. Left arrow goes back to its team.</span>
</div>`;

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
