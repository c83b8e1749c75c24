/**
 * What the windowed list needs to know about its sections (one per account) at a scroll
 * position: whose header to pin at the top once the section's own header scrolled away (and how
 * far the next header pushes it up), which open team to pin under it while its instances and
 * devices scroll, and which teams are on screen (for main, which keeps them
 * fresh). Pure, and a binary search each: a list of 2,000 teams costs the same as ten.
 */
import { rowAt } from './row-window';
import { structureOf } from './row-structure';
import { teamKey, type Row } from './rows';

export interface PinnedHeader {
  /** Index of the account row to pin. */
  readonly index: number;
  /** px to move it up by (≤ 0): the next section's header pushes it out. */
  readonly shift: number;
}

// Rows are rebuilt on every change and never mutated: one list of header indexes per array (per
// the array whose order it has: a rename's draft makes a new array of the same rows).
const headerIndexes = new WeakMap<readonly Row[], readonly number[]>();

function headersOf(shown: readonly Row[]): readonly number[] {
  const rows = structureOf(shown);
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
 * The height of the copy of an account's header pinned over the top (the CSS has the same): one
 * line, its name and status, however tall the account's own row is (an error, Replace token and
 * the teams left out stay in the row). A fixed height, not the row's: a row's measured height
 * goes stale once it leaves the window, and the team pinned under it went over its error.
 */
export const ACCOUNT_PIN_HEIGHT = 34;

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
  const next = headers[section + 1];
  const nextTop = next === undefined ? Infinity : (offsets[next] ?? Infinity);
  return { index, shift: Math.min(0, nextTop - scrollTop - ACCOUNT_PIN_HEIGHT) };
}

/** The height of the copy of an open team pinned under its account's (the CSS has the same). */
export const TEAM_PIN_HEIGHT = 34;

/**
 * A row under a team: an instance, a device, a heading, a note, Show all; not a pinned instance
 * or device on its own in the pinned section (it says where it is itself).
 */
function underTeam(row: Row | undefined): boolean {
  if (row === undefined) return false;
  switch (row.kind) {
    case 'team':
    case 'account':
    case 'note':
    case 'pins-heading':
    case 'pin-gone':
    case 'teams':
      return false;
    case 'instance':
    case 'device':
      return row.context === undefined;
    default:
      return true;
  }
}

/**
 * The open team to pin under the account's pinned header while its instances and devices scroll
 * under it (`line`: the scroll position plus ACCOUNT_PIN_HEIGHT), and how far the next team
 * pushes it up; null when the row at the line is no team's child, or is the team itself.
 */
export function pinnedTeam(
  rows: readonly Row[],
  offsets: Float64Array,
  line: number,
): PinnedHeader | null {
  const at = rowAt(offsets, line);
  if (!underTeam(rows[at])) return null;
  let index = at;
  while (index > 0 && rows[index]?.kind !== 'team') index -= 1;
  if (rows[index]?.kind !== 'team') return null;
  let end = at;
  while (underTeam(rows[end])) end += 1;
  const endTop = offsets[end] ?? Infinity;
  return { index, shift: Math.min(0, endTop - line - TEAM_PIN_HEIGHT) };
}

/** The height of the headers pinned over a row at `index` (0 for a header itself). */
export function pinnedHeightOver(
  rows: readonly Row[],
  offsets: Float64Array,
  index: number,
): number {
  if (rows[index]?.kind === 'account') return 0;
  const headers = headersOf(rows);
  if (headers[sectionOf(headers, index)] === undefined) return 0;
  return ACCOUNT_PIN_HEIGHT + (underTeam(rows[index]) ? TEAM_PIN_HEIGHT : 0);
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
    if (
      row === undefined ||
      row.kind === 'account' ||
      row.kind === 'note' ||
      row.kind === 'pins-heading' ||
      row.kind === 'pin-gone' ||
      // A block of teams (team-blocks.ts) is built once in the window: its teams are seen then.
      row.kind === 'teams'
    ) {
      continue;
    }
    const key = teamKey(row.account.id, row.team.id);
    if (seen.has(key)) continue;
    seen.add(key);
    teams.push({ accountId: row.account.id, teamId: row.team.id });
  }
  return teams;
}
