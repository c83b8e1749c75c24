/**
 * Rows arrays that hold the same rows, by key and kind, in the same order as an earlier array,
 * and differ only in what some of them show: a rename's draft laid over the built rows
 * (name-drafts.ts). What is worked out from the rows' order alone (where each key is, which
 * rows are section headers: row-nav.ts, list-sections.ts) is kept for the earlier array and
 * read from it, not worked out again over 2,000 rows for the one row that changed.
 */
import type { Row } from './rows';

const structures = new WeakMap<readonly Row[], readonly Row[]>();

/** Says that `rows` holds `of`'s rows in `of`'s order (only what some of them show differs). */
export function sameStructure(rows: readonly Row[], of: readonly Row[]): void {
  structures.set(rows, structureOf(of));
}

/** The array whose order `rows` has: the one the indexes of that order are kept for. */
export function structureOf(rows: readonly Row[]): readonly Row[] {
  return structures.get(rows) ?? rows;
}
