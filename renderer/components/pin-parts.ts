/**
 * The pinned section's heading. Its other parts, drawn only with the rows under a team (a lazy
 * part, out of the first script), are in ./pin-child-parts.ts.
 */
import { html, type TemplateResult } from 'lit';
import type { PinsHeadingRow } from '../state/rows';
import { pinIcon } from './icons';

export function renderPinsHeading(row: PinsHeadingRow): TemplateResult {
  return html`<div
    class="row pins-heading"
    role="listitem"
    data-kind="pins-heading"
    data-key=${row.key}
  >
    ${pinIcon}<span>${row.text}</span>
  </div>`;
}
