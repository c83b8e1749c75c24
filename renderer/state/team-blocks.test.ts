/**
 * Blocks of teams (team-blocks.ts): a keystroke at 5,000 teams lays out a few hundred rows, not
 * 5,000, and what the list does with its rows (End, a notification's row, the rows' heights)
 * comes out as it would with every team a row.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { asAccountId } from '../../common/brand';
import type { Account } from '../../common/state';
import { NOW, account, runtime, stateWith } from '../../tests/support/renderer-data';
import { blockHeight, FIRST_ROWS } from './child-block';
import { keyTarget } from './list-keys';
import { isFocusable } from './row-nav';
import type { Row } from './rows';
import { Store } from './store';
import { TEAMS_PER_BLOCK } from './team-blocks';

const stores: Store[] = [];
afterEach(() => {
  while (stores.length > 0) stores.pop()?.dispose();
});

/** The bench's scale fleet: 10 accounts, "Server a Team t", 3 instances and a device each. */
function fleet(teams: number): Account[] {
  const each = teams / 10;
  return Array.from({ length: 10 }, (_, a) => {
    const of = account(
      `acc${a}`,
      Array.from({ length: each }, (_, t) => `Server ${a} Team ${t}`),
    );
    return {
      ...of,
      teams: of.teams.map((team, t) => ({
        ...team,
        runtime: runtime(
          [
            [`line-${a}-${t}-node-0`, 'running'],
            [`line-${a}-${t}-node-1`, 'crashed'],
            [`line-${a}-${t}-node-2`, 'stopped'],
          ],
          [[`gateway-${a}-${t}`, NOW]],
        ),
      })),
    };
  });
}

function storeOf(teams: number): Store {
  const store = new Store();
  stores.push(store);
  store.load(stateWith(fleet(teams)));
  return store;
}

/** Some of the bench's filter keystrokes: every team matches, some, one account's, children. */
const TYPED = ['t', 'te', 'team', 'team 1', 'server 7', '1', '19', ''];

const teamRows = (rows: readonly Row[]): number => rows.filter((row) => row.kind === 'team').length;
const shown = (rows: readonly Row[]): number =>
  rows.reduce((sum, row) => sum + (row.kind === 'account' ? row.shown : 0), 0);

describe('a keystroke at 5,000 teams', () => {
  it('lays out a few hundred rows, not one per team, while the headers count every team shown', () => {
    const big = storeOf(5000);
    for (const query of TYPED) {
      big.setQuery(query);
      // What the list sums heights over (its offsets) and indexes: 5,010 rows before. Now the
      // first screenfuls, a block per 32 teams of each account, and the last block's teams with a
      // block for each one's rows (and the last one's rows).
      expect(big.rows.length, query).toBeLessThanOrEqual(
        FIRST_ROWS + 10 * (1 + Math.ceil(500 / TEAMS_PER_BLOCK)) + 2 * TEAMS_PER_BLOCK + 6,
      );
      // Team rows built: the first screenfuls and the last block, not every team shown.
      expect(teamRows(big.rows), query).toBeLessThanOrEqual(FIRST_ROWS + TEAMS_PER_BLOCK);
      // Every team the search shows is counted, as before.
      expect(shown(big.rows), query).toBe(shown(big.rowsInFull()));
    }
    big.setQuery('t');
    expect(shown(big.rows)).toBe(5000);
  });

  it('keeps the list as tall as its rows: a block is its teams and the rows under them', () => {
    const big = storeOf(5000);
    const heights: Record<string, number> = {
      account: 64,
      team: 72,
      instance: 50,
      device: 48,
      'runtime-heading': 26,
      'runtime-note': 31,
      'runtime-more': 36,
    };
    const height = (rows: readonly Row[]): number =>
      rows.reduce(
        (sum, row) =>
          sum +
          (row.kind === 'teams' || row.kind === 'children'
            ? blockHeight(row.counts, (kind) => heights[kind] ?? 0)
            : (heights[row.kind] ?? 0)),
        0,
      );
    for (const query of ['', 'team', '1']) {
      big.setQuery(query);
      expect(height(big.rows), query).toBe(height(big.rowsInFull()));
    }
  });

  it('ends with the last team (End), and builds the rows a notification asks for', () => {
    const big = storeOf(5000);
    const focusable = big.rows.filter(isFocusable);
    const end = focusable[keyTarget('End', 0, focusable.length) as number];
    expect(end?.key).toBe('acc9/t499');
    // A notification about an instance of a team deep in the list: its row is built.
    big.focusOn({
      accountId: asAccountId('acc4'),
      teamId: 't321',
      item: { kind: 'instance', id: 'id-line-4-321-node-1' },
    });
    expect(big.focusKey).toBe('acc4/t321/i/id-line-4-321-node-1');
    expect(big.rows.some((row) => row.key === big.focusKey)).toBe(true);
  });

  it('ends with the last team though an account without teams comes after it', () => {
    const store = new Store();
    stores.push(store);
    // The last account lists no team: its note ends the list, and takes no focus.
    store.load(stateWith([...fleet(1000), account('empty', [])]));
    expect(store.rows.at(-1)?.kind).toBe('note');
    const focusable = store.rows.filter(isFocusable);
    expect(focusable.at(-1)?.key).toBe('acc9/t99');
  });
});
