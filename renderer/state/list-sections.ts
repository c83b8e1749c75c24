/**
 * What the windowed list needs to know about its sections (one per account) at a scroll
 * position: whose header to pin at the top once the section's own header scrolled away (and how
 * far the next header pushes it up), and which teams are on screen (for main, which keeps them
 * fresh). Pure, and a binary search each: a list of 2,000 teams costs the same as ten.
 */
import { rowAt } from './row-window';
import { teamKey, type Row } from './rows';

export interface PinnedHeader {
  /** Index of the account row to pin. */
  readonly index: number;
  /** px to move it up by (≤ 0): the next section's header pushes it out. */
  readonly shift: number;
}

// Rows are rebuilt on every change and never mutated: one list of header indexes per array.
const headerIndexes = new WeakMap<readonly Row[], readonly number[]>();

function headersOf(rows: readonly Row[]): readonly number[] {
  let headers = headerIndexes.get(rows);
  if (headers === undefined) {
    headers = rows.flatMap((row, index) => (row.kind === 'account' ? [index] : []));
    headerIndexes.set(rows, headers);
  }
  return headers;
}

/** The last header at or before `index`, as a position in `headers`, or -1. */
function sectionOf(headers: readonly number[], index: number): number {
  let low = 0;
  let high = headers.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if ((headers[mid] ?? Infinity) <= index) {
      found = mid;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  return found;
}

/**
 * The header to pin over the top of the list, or null when the top section's own header is in
 * view (at or below the top edge) or there is no section.
 */
export function pinnedHeader(
  rows: readonly Row[],
  offsets: Float64Array,
  scrollTop: number,
): PinnedHeader | null {
  if (rows.length === 0 || scrollTop <= 0) return null;
  const headers = headersOf(rows);
  const section = sectionOf(headers, rowAt(offsets, scrollTop));
  const index = headers[section];
  if (index === undefined) return null;
  const top = offsets[index] ?? 0;
  if (top >= scrollTop) return null;
  const height = (offsets[index + 1] ?? top) - top;
  const next = headers[section + 1];
  const nextTop = next === undefined ? Infinity : (offsets[next] ?? Infinity);
  return { index, shift: Math.min(0, nextTop - scrollTop - height) };
}

/** The height of the header pinned over a row at `index` (0 for a header itself). */
export function pinnedHeightOver(
  rows: readonly Row[],
  offsets: Float64Array,
  index: number,
): number {
  if (rows[index]?.kind === 'account') return 0;
  const headers = headersOf(rows);
  const header = headers[sectionOf(headers, index)];
  if (header === undefined) return 0;
  return (offsets[header + 1] ?? 0) - (offsets[header] ?? 0);
}

export interface TeamRef {
  readonly accountId: string;
  readonly teamId: string;
}

/**
 * The teams with a row between `first` and `end`: a team row, or an instance, device or note
 * of it (its own row may have scrolled away while its instances are on screen). In list order,
 * each once.
 */
export function teamsIn(rows: readonly Row[], first: number, end: number): TeamRef[] {
  const seen = new Set<string>();
  const teams: TeamRef[] = [];
  for (let index = Math.max(0, first); index < Math.min(end, rows.length); index += 1) {
    const row = rows[index];
    if (row === undefined || row.kind === 'account' || row.kind === 'note') continue;
    const key = teamKey(row.account.id, row.team.id);
    if (seen.has(key)) continue;
    seen.add(key);
    teams.push({ accountId: row.account.id, teamId: row.team.id });
  }
  return teams;
}
