/**
 * PageUp and PageDown across teams whose rows stand as a block (child-block.ts), and across
 * blocks of teams (team-blocks.ts). A page is PAGE_ROWS rows the focus can stop on
 * (list-keys.ts); a block holds such rows (its teams, instances, devices and Show all) though
 * nothing in it takes the focus, so a page counted over the list as it is jumped past them. These are the teams a page from the focused row passes while they are
 * blocks, their rows counted from the block: the list builds them (Store.showChildrenOf) before
 * the move, and the page then moves over the rows themselves, as if they had been there.
 */
import { teamKeyOfBlock, type ChildCounts } from './child-block';
import { PAGE_ROWS } from './list-keys';
import { isFocusable, rowIndex, type FocusableRow } from './row-nav';
import type { Row } from './rows';
import type { TeamBlockCounts } from './team-blocks';

/** The rows of a block the focus could stop on (a block of teams: its teams too). */
function focusableIn(counts: ChildCounts | TeamBlockCounts): number {
  const teams = 'team' in counts ? (counts.team ?? 0) : 0;
  return teams + (counts.instance ?? 0) + (counts.device ?? 0) + (counts['runtime-more'] ?? 0);
}

/** The team keys of the blocks a PageUp or PageDown (`key`) from `at` passes; none for others. */
export function blocksInPage(rows: readonly Row[], at: FocusableRow, key: string): string[] {
  if (key !== 'PageDown' && key !== 'PageUp') return [];
  const from = rowIndex(rows, at.key);
  if (from === -1) return [];
  const step = key === 'PageDown' ? 1 : -1;
  const blocks: string[] = [];
  let left = PAGE_ROWS;
  for (let index = from + step; left > 0 && index >= 0 && index < rows.length; index += step) {
    const row = rows[index];
    if (row === undefined) break;
    if (row.kind === 'children' || row.kind === 'teams') {
      blocks.push(row.kind === 'children' ? teamKeyOfBlock(row) : row.block);
      left -= focusableIn(row.counts);
    } else if (isFocusable(row)) {
      left -= 1;
    }
  }
  return blocks;
}
