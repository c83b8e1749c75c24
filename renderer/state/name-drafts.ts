/**
 * The names typed for a rename, laid over the built rows rather than built into them: Enter in
 * the rename field gives the store a draft (drafts.ts), and only the team rows it names change,
 * while the rows' structure (which teams, which rows under them, the search's matches) stays the
 * array it was. The structure reads the drafts only while a search is on, since a team is also
 * found by the name on its way (rows.ts); this is then a no-op on rows already showing the draft.
 *
 * A scan of the rows, not an index: there are few drafts (one per rename on its way) and the
 * scan allocates nothing unless a row changes. The array it returns holds the structure's rows in
 * the structure's order, and says so (row-structure.ts): the indexes of that order (where each
 * key is, the sections' headers) are not built again for it.
 */
import { PIN_KEY_PREFIX } from './pin-rows';
import { sameStructure } from './row-structure';
import type { Row } from './rows';

export function withNameDrafts(
  rows: readonly Row[],
  drafts: ReadonlyMap<string, string>,
): readonly Row[] {
  if (drafts.size === 0) return rows;
  let shown: Row[] | null = null;
  for (const [index, row] of rows.entries()) {
    if (row.kind !== 'team') continue;
    const key = row.key.startsWith(PIN_KEY_PREFIX) ? row.key.slice(PIN_KEY_PREFIX.length) : row.key;
    const name = drafts.get(key);
    if (name === undefined || (row.name === name && row.pending)) continue;
    shown ??= rows.slice();
    shown[index] = { ...row, name, pending: true };
  }
  // The same rows in the same order: where each row is, and the sections, are the structure's.
  if (shown !== null) sameStructure(shown, rows);
  return shown ?? rows;
}
