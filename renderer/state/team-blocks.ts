/**
 * The team rows of an account outside the list's window: one stand-in row per run of up to
 * TEAMS_PER_BLOCK teams, which says how many rows of each kind those teams would list (their own
 * rows and, for an open team, the rows under it), so the window knows their height, and whose
 * teams become rows only when the list sees it in its window (Store.showChildrenOf).
 *
 * Why (#30 point 3: "the filter at 5,000 teams costs what it costs at 100"): the popover shows a
 * dozen rows, but a keystroke that every team still matches ("t", "te", "team" over 5,000 teams
 * named "… Team …") built 5,000 team rows, kept each through the row memo (two Map operations a
 * row), and the list summed 5,000 heights into its offsets and indexed 5,000 rows, each keystroke.
 * The search still asks every team whether it matches (two `includes`, search-keys.ts), but what
 * is built per keystroke is the first rows, the blocks in the window, and one row per block:
 * about 160 rows for 5,000 teams, not 5,000.
 *
 * It is child-block.ts's idea one level up, and keeps its rules: a block is a row of its own
 * (kind 'teams'), drawn as an empty element of its rows' height (never measured); its teams are
 * built for the first FIRST_ROWS rows (the top of a new search or filter), for the blocks the
 * list reported in its window since the search or the filter last changed, for a team the user
 * opened, and for the last team of the list (End goes there). A block is numbered by where its
 * teams are among the account's teams shown (the 33rd to the 64th shown are block 1), so the
 * same query gives the same blocks, and a block built stays built while the results hold.
 * Without the list's window (Store.rowsInFull, tests that build every row) no block is made.
 */
import type { Account } from '../../common/state';
import type { ChildCounts } from './child-block';

/** Teams a block stands for at most: a few popovers' height of rows. */
export const TEAMS_PER_BLOCK = 32;

/** How many rows of each kind a teams block stands for (`team` its teams, the rest under them). */
export type TeamBlockCounts = Readonly<Partial<Record<'team' | keyof ChildCounts, number>>>;

export interface TeamsBlockRow {
  readonly kind: 'teams';
  /** `account/teams/<block>/<first shown index>`: unique though an opened team splits a block. */
  readonly key: string;
  readonly account: Account;
  /** The key the list reports it by (Store.showChildrenOf) to have its teams built. */
  readonly block: string;
  readonly counts: TeamBlockCounts;
}

/** The key under which the list asks for block `index` of an account's teams to be built. */
export function teamBlockKey(accountId: string, index: number): string {
  return `${accountId}/teams/${index}`;
}

/** Which block the team shown `shownIndex`-th (from 0) in its account falls in. */
export function teamBlockIndex(shownIndex: number): number {
  return Math.floor(shownIndex / TEAMS_PER_BLOCK);
}

/** Adds `counts` (a team's child rows, child-block.ts) into `into`. */
export function addCounts(
  into: Partial<Record<string, number>>,
  counts: Readonly<Partial<Record<string, number>>>,
): void {
  for (const kind in counts) {
    const count = counts[kind];
    if (count !== undefined && count > 0) into[kind] = (into[kind] ?? 0) + count;
  }
}
