/**
 * A stand-in for the rows under an open team outside the list's window (state/child-block.ts):
 * an empty element, not read out, with the key the window counts rows by and the height of the
 * rows it stands for (set by row-window-controller.ts, so the scroll height holds). The
 * list asks the store for the team's rows once it sees one in its window (tt-team-list.ts), so
 * it is in the DOM for that one update only; its room in the scroll height is its rows'.
 */
import { html, type TemplateResult } from 'lit';
import type { ChildBlockRow } from '../state/child-block';

/** Also the stand-in for a run of team rows (state/team-blocks.ts), drawn the same way. */
export function renderChildBlock(row: Pick<ChildBlockRow, 'key'>): TemplateResult {
  return html`<div class="child-block" aria-hidden="true" data-key=${row.key}></div>`;
}
