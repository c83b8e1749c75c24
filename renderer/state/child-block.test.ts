import { describe, expect, it } from 'vitest';
import type { Account, TeamRuntime } from '../../common/state';
import { blockHeight, childCounts, FIRST_ROWS, type ChildCounts } from './child-block';
import { buildRows, teamKey, type Row, type RowOptions, type TeamRow } from './rows';
import { CHILD_LIMIT, childRows, visibleChildren } from './runtime-rows';
import { RowMemo } from './row-memo';
import { Store } from './store';
import { teamBlockIndex, teamBlockKey } from './team-blocks';
import { NOW, account, runtime, stateWith, withRuntime } from '../../tests/support/renderer-data';

const CHILD_KINDS = new Set([
  'instance',
  'device',
  'runtime-note',
  'runtime-heading',
  'runtime-more',
]);
const isChild = (row: Row): boolean => CHILD_KINDS.has(row.kind);

/** 10 accounts of `each` teams, every team with 3 instances ("server …") and 1 device. */
function fleet(each: number): Account[] {
  return Array.from({ length: 10 }, (_, a) => {
    let of = account(
      `acc${a}`,
      Array.from({ length: each }, (_, t) => `Team ${a}-${t}`),
    );
    for (let t = 0; t < each; t += 1) {
      of = withRuntime(
        of,
        `t${t}`,
        runtime(
          [
            [`server ${a}-${t}-a`, 'running'],
            [`server ${a}-${t}-b`, 'running'],
            [`server ${a}-${t}-c`, 'stopped'],
          ],
          [[`gateway ${a}-${t}`, NOW]],
        ),
      );
    }
    return of;
  });
}

function tally(rows: readonly Row[]): ChildCounts {
  const counts: Record<string, number> = {};
  for (const row of rows) counts[row.kind] = (counts[row.kind] ?? 0) + 1;
  return counts;
}

describe('the rows under a team, built only in the window', () => {
  it('builds, at 5,000 teams and a search naming an instance of each, child rows only at the top', () => {
    const store = new Store();
    store.load(stateWith(fleet(500)));
    store.setQuery('server');
    const rows = store.rows;
    const teams = rows.filter((row): row is TeamRow => row.kind === 'team');
    // Every team is shown (the headers count them) and open (the search found its instances)…
    expect(shownByHeaders(rows)).toBe(5000);
    expect(teams.every((row) => row.open)).toBe(true);
    // …but rows under a team were built only in the first screenfuls and for the last team (End),
    // not 5,000 × 3 of them: a block stands for each other team's, or for a run of teams
    // (team-blocks.ts).
    const children = rows.filter(isChild);
    expect(children.length).toBeLessThanOrEqual(FIRST_ROWS + 6);
    expect(children.length).toBeGreaterThan(0);
    const builtUnder = new Set(children.map(teamKeyOf));
    expect(rows.filter((row) => row.kind === 'children')).toHaveLength(
      teams.length - builtUnder.size,
    );
    expect(teams.length + teamsInBlocks(rows)).toBe(5000);
    // What the list does when a block comes into its window: that block's teams are built, then
    // the rows under the one it sees.
    const far = teamKey('acc5', 't250');
    expect(rows.some((row) => row.key === far)).toBe(false);
    store.showChildrenOf([teamBlockKey('acc5', teamBlockIndex(250))]);
    expect(store.rows.some((row) => row.key === far)).toBe(true);
    store.showChildrenOf([far]);
    const opened = store.rows.filter((row) => isChild(row) && teamKeyOf(row) === far);
    expect(opened.map((row) => row.key)).toEqual([
      `${far}/i/id-server 5-250-a`,
      `${far}/i/id-server 5-250-b`,
      `${far}/i/id-server 5-250-c`,
    ]);
    expect(store.rows.some((row) => row.key === `${far}/children`)).toBe(false);
    // A new search starts again from the top.
    store.setQuery('serve');
    expect(store.rows.some((row) => row.key === far)).toBe(false);
    expect(teamsInBlocks(store.rows)).toBeGreaterThan(4800);
  });

  it('lays the same rows out either way: each block stands for exactly the rows it replaces', () => {
    const accounts = fleet(20);
    const options: RowOptions = {
      query: 'server',
      drafts: new Map(),
      errors: new Map(),
      now: NOW,
    };
    const full = buildRows(accounts, options);
    const blocked = buildRows(accounts, { ...options, childrenIn: new Set() });
    expect(blocked.some((row) => row.kind === 'teams')).toBe(true);
    expect(blocked.some((row) => row.kind === 'children')).toBe(true);
    const expanded: Row[] = [];
    let at = 0;
    for (const row of blocked) {
      if (row.kind !== 'children' && row.kind !== 'teams') {
        expect(row.key).toBe(full[at]?.key);
        expanded.push(row);
        at += 1;
        continue;
      }
      // A block of teams stands for its teams' rows and the rows under them; a team's block for
      // the rows under it.
      const under: Row[] = [];
      let teams = row.kind === 'teams' ? (row.counts.team ?? 0) : 0;
      while (at < full.length) {
        const next = full[at] as Row;
        if (next.kind === 'team' && teams > 0) teams -= 1;
        else if (!isChild(next)) break;
        under.push(next);
        at += 1;
      }
      expect(row.counts).toEqual(tally(under));
      expanded.push(...under);
    }
    expect(expanded.map((row) => row.key)).toEqual(full.map((row) => row.key));
    // Every team's rows when the list has them all in its window.
    const all = new Set(
      accounts.flatMap((each) => [
        ...each.teams.map((t) => teamKey(each.id, t.id)),
        ...each.teams.map((_, index) => teamBlockKey(each.id, teamBlockIndex(index))),
      ]),
    );
    expect(buildRows(accounts, { ...options, childrenIn: all }).map((row) => row.key)).toEqual(
      full.map((row) => row.key),
    );
  });

  it('counts what childRows builds, for every shape of a team', () => {
    const many = (count: number, prefix: string) =>
      Array.from(
        { length: count },
        (_, i) => [`${prefix}-${i}`, i === 3 ? 'crashed' : 'running'] as const,
      );
    const shapes: TeamRuntime[] = [
      runtime([], [], { status: 'loading', fetchedAt: null }),
      runtime([], [], { status: 'hidden' }),
      runtime([]),
      runtime(many(2, 'i')),
      runtime([], [['d', NOW]]),
      runtime(many(CHILD_LIMIT + 5, 'i'), [['d', NOW]]),
      runtime(
        many(CHILD_LIMIT + 1, 'i'),
        many(CHILD_LIMIT + 2, 'd').map(([n]) => [n, NOW] as const),
      ),
      runtime(many(1, 'i'), [], {
        instancesLeftOut: { unread: ['x'], unreadCount: 1, more: 40 },
        devicesLeftOut: { unread: [], unreadCount: 0, more: 3 },
      }),
      runtime([], [], { devicesLeftOut: { unread: ['y'], unreadCount: 1, more: 0 } }),
    ];
    for (const [index, shape] of shapes.entries()) {
      const of = withRuntime(account('s', ['Shape']), 't0', shape);
      const team = of.teams[0];
      if (team === undefined) throw new Error('no team');
      const prefix = teamKey(of.id, team.id);
      for (const listOptions of [
        { now: NOW },
        { now: NOW, everyMatch: true },
        { now: NOW, shownInFull: new Set([`${prefix}/i`]) },
      ]) {
        const children = visibleChildren(team.runtime, {
          query: '',
          teamMatched: true,
          attentionOnly: false,
          now: NOW,
          devicesCount: false,
        });
        const built = childRows(of, team, children, listOptions);
        expect(childCounts(team, children, { ...listOptions, prefix }), `shape ${index}`).toEqual(
          tally(built),
        );
      }
    }
  });

  it('builds the rows of a team the user opened, wherever it is, and of the last team', () => {
    const accounts = fleet(20);
    const opened = teamKey('acc4', 't7');
    const rows = buildRows(accounts, {
      query: 'server',
      drafts: new Map(),
      errors: new Map(),
      now: NOW,
      expanded: new Set([opened]),
      childrenIn: new Set(),
    });
    expect(rows.some((row) => row.key === `${opened}/i/id-server 4-7-a`)).toBe(true);
    expect(rows.at(-1)?.key).toBe(`${teamKey('acc9', 't19')}/i/id-server 9-19-c`);
  });

  it('stays the same object across keystrokes while its counts are the same', () => {
    const accounts = fleet(50);
    const memo = new RowMemo();
    // acc5's first teams in the list's window: their rows are built, acc5/t25's as a block.
    const options = {
      drafts: new Map<string, string>(),
      errors: new Map<string, string>(),
      now: NOW,
      memo,
      childrenIn: new Set([teamBlockKey('acc5', 0)]),
    };
    const block = (rows: readonly Row[]): Row | undefined =>
      rows.find((row) => row.key === `${teamKey('acc5', 't25')}/children`);
    const before = block(buildRows(accounts, { ...options, query: 'server' }));
    expect(before).toMatchObject({ kind: 'children', counts: { instance: 3 } });
    // One letter more: the same three instances match, the same block.
    expect(block(buildRows(accounts, { ...options, query: 'server ' }))).toBe(before);
  });

  it('keeps a block of teams the same object across keystrokes while its counts are the same', () => {
    const store = new Store();
    store.load(stateWith(fleet(50)));
    store.setQuery('server');
    const block = (): Row | undefined =>
      store.rows.find((row) => row.kind === 'teams' && row.block === teamBlockKey('acc5', 0));
    const before = block();
    // Its 32 teams, each open on the three instances the search found.
    expect(before).toMatchObject({ kind: 'teams', counts: { team: 32, instance: 96 } });
    store.setQuery('server ');
    expect(block()).toBe(before);
  });

  it('is as tall as its rows, each at its kind’s height', () => {
    const heights: Record<string, number> = { instance: 50, device: 48, 'runtime-heading': 26 };
    expect(
      blockHeight({ instance: 3, device: 1, 'runtime-heading': 2 }, (kind) => heights[kind] ?? 0),
    ).toBe(3 * 50 + 48 + 2 * 26);
  });
});

function teamKeyOf(row: Row): string {
  if (row.kind === 'pins-heading') return '';
  return teamKey(row.account.id, 'team' in row ? row.team.id : '');
}

/** The teams shown, as the account headers count them. */
function shownByHeaders(rows: readonly Row[]): number {
  return rows.reduce((sum, row) => sum + (row.kind === 'account' ? row.shown : 0), 0);
}

/** The teams blocks stand for (team-blocks.ts). */
function teamsInBlocks(rows: readonly Row[]): number {
  return rows.reduce((sum, row) => sum + (row.kind === 'teams' ? (row.counts.team ?? 0) : 0), 0);
}
