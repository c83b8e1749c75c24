/**
 * PageUp and PageDown across teams whose rows are blocks (page-blocks.ts): the list builds the
 * blocks a page passes, then moves, and lands where it would if every team's rows were built.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Account } from '../../common/state';
import { account, runtime, stateWith, withRuntime } from '../../tests/support/renderer-data';
import { PAGE_ROWS } from './list-keys';
import { blocksInPage } from './page-blocks';
import { isFocusable, navAction, type FocusableRow } from './row-nav';
import type { Row } from './rows';
import { Store } from './store';

const stores: Store[] = [];
afterEach(() => {
  while (stores.length > 0) stores.pop()?.dispose();
});

/** One account of 30 teams, each with 3 instances a search for "node" finds. */
function fleet(): Account[] {
  let of = account(
    'a1',
    Array.from({ length: 30 }, (_, t) => `Team ${t}`),
  );
  for (let t = 0; t < 30; t += 1) {
    of = withRuntime(
      of,
      `t${t}`,
      runtime([
        [`node ${t}-a`, 'running'],
        [`node ${t}-b`, 'running'],
        [`node ${t}-c`, 'running'],
      ]),
    );
  }
  return [of];
}

/** The store during a search for "node": every team open, blocks past the first screenfuls. */
function searching(): Store {
  const store = new Store();
  stores.push(store);
  store.load(stateWith(fleet()));
  store.setQuery('node');
  return store;
}

/** The row `PAGE_ROWS` focusable rows from `at` in `rows` (every team's rows built). */
function pageFrom(rows: readonly Row[], at: string, direction: 1 | -1): string | undefined {
  const keys = rows.filter(isFocusable).map((row) => row.key);
  return keys[keys.indexOf(at) + direction * PAGE_ROWS];
}

/** The last focusable row before the first block. */
function lastBeforeBlocks(rows: readonly Row[]): FocusableRow {
  const block = rows.findIndex((row) => row.kind === 'children');
  const before = rows.slice(0, block).filter(isFocusable).at(-1);
  if (block === -1 || before === undefined) throw new Error('fixture: no block');
  return before;
}

describe('PageDown and PageUp across blocks', () => {
  it('PageDown moves one page of rows, counting the rows a block stands for', () => {
    const store = searching();
    const at = lastBeforeBlocks(store.rows);
    const expected = pageFrom(store.rowsInFull(), at.key, 1);
    expect(expected).toBeDefined();
    // Over the list as it is, a page jumps past the blocks' rows: a team row further down.
    expect(navAction(store.rows, at, 'PageDown')).not.toEqual({ kind: 'move', key: expected });

    const blocks = blocksInPage(store.rows, at, 'PageDown');
    expect(blocks.length).toBeGreaterThan(0);
    store.showChildrenOf(blocks);
    expect(navAction(store.rows, at, 'PageDown')).toEqual({ kind: 'move', key: expected });
  });

  it('PageUp does the same upward; other keys pass no block', () => {
    const store = searching();
    // The last team's rows are built (End goes there); the teams above it are blocks.
    const at = store.rows.filter(isFocusable).at(-1);
    if (at === undefined) throw new Error('fixture');
    const expected = pageFrom(store.rowsInFull(), at.key, -1);
    expect(blocksInPage(store.rows, at, 'ArrowUp')).toEqual([]);
    expect(blocksInPage(store.rows, at, 'End')).toEqual([]);
    store.showChildrenOf(blocksInPage(store.rows, at, 'PageUp'));
    expect(navAction(store.rows, at, 'PageUp')).toEqual({ kind: 'move', key: expected });
  });

  it('PageDown and PageUp move one page of teams across blocks of teams', () => {
    // 300 teams, none open, no search: past the first screenfuls, runs of teams are blocks.
    const store = new Store();
    stores.push(store);
    store.load(
      stateWith([
        account(
          'a1',
          Array.from({ length: 300 }, (_, t) => `Team ${t}`),
        ),
      ]),
    );
    const rows = store.rows;
    const block = rows.findIndex((row) => row.kind === 'teams');
    const at = rows.slice(0, block).filter(isFocusable).at(-1);
    if (block === -1 || at === undefined) throw new Error('fixture: no block of teams');
    const expected = pageFrom(store.rowsInFull(), at.key, 1);
    // Over the list as it is, the next team is the first of the last block, past 200 teams.
    expect(navAction(rows, at, 'PageDown')).not.toEqual({ kind: 'move', key: expected });
    store.showChildrenOf(blocksInPage(rows, at, 'PageDown'));
    expect(navAction(store.rows, at, 'PageDown')).toEqual({ kind: 'move', key: expected });
    // And back up from the last team, which is built (End goes there).
    const last = store.rows.filter(isFocusable).at(-1);
    if (last === undefined) throw new Error('fixture');
    const above = pageFrom(store.rowsInFull(), last.key, -1);
    store.showChildrenOf(blocksInPage(store.rows, last, 'PageUp'));
    expect(navAction(store.rows, last, 'PageUp')).toEqual({ kind: 'move', key: above });
  });
});
