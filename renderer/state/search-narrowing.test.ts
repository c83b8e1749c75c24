import { describe, expect, it } from 'vitest';
import type { Account, Team } from '../../common/state';
import { buildRows, teamKey, type Row, type RowOptions } from './rows';
import { SearchNarrowing } from './search-narrowing';
import { Store } from './store';
import { NOW, account, runtime, stateWith, withRuntime } from '../../tests/support/renderer-data';

/** 10 accounts of 200 teams ("Team 0" … "Team 199"), some with instances and devices. */
function fleet(): Account[] {
  return Array.from({ length: 10 }, (_, a) => {
    let of = account(
      `acc${a}`,
      Array.from({ length: 200 }, (_, t) => `Team ${t}`),
    );
    for (let t = 0; t < 200; t += 7) {
      of = withRuntime(
        of,
        `t${t}`,
        runtime(
          [
            [`pump ${a}-${t}`, t % 2 === 0 ? 'running' : 'crashed'],
            [`line ${t}`, 'stopped'],
          ],
          [[`gate ${a}-${t}`, t % 3 === 0 ? NOW : null]],
        ),
      );
    }
    return of;
  });
}

/**
 * The same accounts, each team a proxy that notes which teams were looked at (the name a rename
 * on its way gives it read: every team the search asks, whether or not its row is built): a team
 * the search passes over is never touched.
 */
function watched(accounts: readonly Account[]): { accounts: Account[]; visited: Set<Team> } {
  const visited = new Set<Team>();
  const watch = (team: Team): Team => {
    const proxy: Team = new Proxy(team, {
      get(target, field, receiver) {
        if (field === 'pendingName') visited.add(proxy);
        return Reflect.get(target, field, receiver) as unknown;
      },
    });
    return proxy;
  };
  return {
    accounts: accounts.map((of) => ({ ...of, teams: of.teams.map(watch) })),
    visited,
  };
}

const keys = (rows: readonly Row[]): string[] => rows.map((row) => row.key);
/** The teams shown, as the account headers count them (some stand in a block: team-blocks.ts). */
const shownTeams = (rows: readonly Row[]): number =>
  rows.reduce((sum, row) => sum + (row.kind === 'account' ? row.shown : 0), 0);

describe('a search keystroke walks only the teams that can still show', () => {
  it('looks, for a letter typed after a query, only at the teams that query showed', () => {
    const { accounts, visited } = watched(fleet());
    const store = new Store();
    store.load(stateWith(accounts));
    store.setQuery('team 1');
    const before = shownTeams(store.rows);
    // Team 1, 10–19, 100–199 in each account.
    expect(before).toBe(1110);
    visited.clear();
    store.setQuery('team 12');
    expect(shownTeams(store.rows)).toBe(110);
    // Not the 2,000 teams: the 1,110 "team 1" showed, and no other.
    expect(visited.size).toBe(before);
    // Erased back to a query answered before: its own teams again.
    visited.clear();
    store.setQuery('team 1');
    expect(shownTeams(store.rows)).toBe(1110);
    expect(visited.size).toBe(1110);
  });

  it('shows, keystroke by keystroke, the rows a build without it shows', () => {
    const accounts = fleet();
    const narrowing = new SearchNarrowing();
    const base = { drafts: new Map<string, string>(), errors: new Map<string, string>() };
    const typed = ['t', 'te', 'team 1', 'team 14', 'team 14', 'team 1', 'pump', 'pump 3-', 'p'];
    for (const attentionOnly of [false, true]) {
      for (const query of [...typed, 'line 7', 'line 70', 'gate', 'gate 9', '', 'x', 'xy']) {
        const options: RowOptions = { ...base, query, attentionOnly, devicesCount: true, now: NOW };
        expect(
          keys(buildRows(accounts, { ...options, narrowing })),
          `${query} ${attentionOnly}`,
        ).toEqual(keys(buildRows(accounts, options)));
      }
    }
  });

  it('walks every team again once the model changed: a team renamed to match is found', () => {
    const store = new Store();
    store.load(stateWith(fleet()));
    store.setQuery('team 19');
    expect(shownTeams(store.rows)).toBe(10 * 11);
    const renamed = fleet().map((of) =>
      of.id === 'acc3'
        ? { ...of, teams: of.teams.map((t) => (t.id === 't5' ? { ...t, name: 'Team 1999' } : t)) }
        : of,
    );
    store.load(stateWith(renamed));
    store.setQuery('team 199');
    expect(store.rowsInFull().some((row) => row.key === teamKey('acc3', 't5'))).toBe(true);
    expect(shownTeams(store.rows)).toBe(10 + 1);
  });

  it('finds a team by the name its rename on its way gives it, though the query narrowed', () => {
    const accounts = fleet();
    const narrowing = new SearchNarrowing();
    const options = { errors: new Map<string, string>(), narrowing };
    const none = new Map<string, string>();
    buildRows(accounts, { ...options, query: 'team 4', drafts: none });
    // Team 5 of acc0 renamed to "Team 42x" (typed, on its way): a new drafts map.
    const drafts = new Map([[teamKey('acc0', 't5'), 'Team 42x']]);
    const rows = buildRows(accounts, { ...options, query: 'team 42', drafts });
    expect(rows.some((row) => row.key === teamKey('acc0', 't5'))).toBe(true);
  });
});
