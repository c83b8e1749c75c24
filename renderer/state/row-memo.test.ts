import type { Draft } from 'immer';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../common/model';
import type { Account, Team, TeamtrayState } from '../../common/state';
import type { AccountRow, Row } from './rows';
import { buildRows, teamKey } from './rows';
import { draftKey } from './drafts';
import { RowMemo, sameRow } from './row-memo';
import { Store } from './store';
import { account, runtime, stateWith, withRuntime } from '../../tests/support/renderer-data';
import { testMain } from '../../tests/support/renderer-main';

const acme = teamKey('a', 't0');
const beta = teamKey('a', 't1');

/** Two accounts; Acme has instances and a device, Beta two instances. */
function initial(): TeamtrayState {
  let a = account('a', ['Acme', 'Beta']);
  a = withRuntime(
    a,
    't0',
    runtime(
      [
        ['acme-1', 'running'],
        ['acme-2', 'running'],
        ['acme-3', 'stopped'],
      ],
      [['acme-gw', 1_800_000_000_000]],
    ),
  );
  a = withRuntime(
    a,
    't1',
    runtime([
      ['beta-1', 'running'],
      ['beta-2', 'running'],
    ]),
  );
  const state = stateWith([a, account('b', ['Gamma'])]);
  return {
    ...state,
    settings: {
      ...DEFAULT_SETTINGS,
      pins: [{ accountId: a.id, kind: 'instance', id: 'id-beta-1', name: 'beta-1' }],
    },
  };
}

function teamIn(draft: Draft<TeamtrayState>, accountId: string, id: string): Draft<Team> {
  const found = draft.accounts
    .find((each) => each.id === accountId)
    ?.teams.find((t) => t.id === id);
  if (found === undefined) throw new Error(`no team ${accountId}/${id}`);
  return found;
}

const stores: Store[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.dispose();
});

async function openStore(): Promise<{ store: Store; main: ReturnType<typeof testMain> }> {
  const main = testMain(initial());
  const store = new Store();
  stores.push(store);
  await store.connect(main.api);
  store.toggleExpanded(acme, true);
  store.toggleExpanded(beta, true);
  return { store, main };
}

/** The keys of the rows that are new objects in `after` (a row of a new key counts too). */
function redrawn(before: readonly Row[], after: readonly Row[]): string[] {
  const was = new Map(before.map((row) => [row.key, row]));
  return after.filter((row) => was.get(row.key) !== row).map((row) => row.key);
}

describe('a row is the same object while it shows the same', () => {
  it('a patch to one instance gives new rows to it and its team only, through the replica', async () => {
    const { store, main } = await openStore();
    const before = store.rows;
    // Every kind of row is on the list: the pinned section, headers, teams, instances, a device.
    expect(new Set(before.map((row) => row.kind))).toEqual(
      new Set(['pins-heading', 'instance', 'account', 'team', 'runtime-heading', 'device']),
    );
    main.change((draft) => {
      const instance = teamIn(draft, 'a', 't0').runtime.instances[1];
      if (instance !== undefined) instance.state = 'stopped';
    });
    const after = store.rows;
    expect(after).not.toBe(before);
    expect(after.map((row) => row.key)).toEqual(before.map((row) => row.key));
    expect(redrawn(before, after)).toEqual([acme, `${acme}/i/id-acme-2`]);
    // The replica shares what the patch did not touch, and the account is a new object.
    const accountOf = (rows: readonly Row[]): Account | undefined =>
      rows.find((row) => row.kind === 'account')?.account;
    expect(accountOf(after)).toBe(accountOf(before));
    expect(store.accounts[0]).not.toBe(before.find((row) => row.kind === 'account')?.account);
  });

  it('a patch to a pinned instance redraws it in both places, and nothing else', async () => {
    const { store, main } = await openStore();
    const before = store.rows;
    main.change((draft) => {
      const instance = teamIn(draft, 'a', 't1').runtime.instances[0];
      if (instance !== undefined) instance.state = 'stopped';
    });
    expect(redrawn(before, store.rows)).toEqual([
      'p:item/a/t1/i/id-beta-1',
      beta,
      `${beta}/i/id-beta-1`,
    ]);
  });

  it("a keystroke in the search keeps the rows it still shows, a draft only its team's", async () => {
    const { store } = await openStore();
    store.setQuery('acme');
    const searched = store.rows;
    store.setQuery('acme-');
    // The team matched both times; its rows are the same objects.
    expect(redrawn(searched, store.rows)).toEqual([]);
    store.setQuery('');
    const before = store.rows;
    // A rename on its way: its draft shows until main answers (never, here).
    void store.drafts.send([[draftKey.name(beta), 'Beta Two']], () => new Promise(() => {}));
    expect(redrawn(before, store.rows)).toEqual([beta]);
  });

  it("an account's change redraws the rows that show it: its header, and its rows' words", () => {
    const memo = new RowMemo();
    const options = { query: '', drafts: new Map(), errors: new Map(), memo };
    const [first] = [initial().accounts];
    const before = buildRows(first, { ...options, expanded: new Set([acme]) });
    const renamed = first.map((each) => (each.id === 'a' ? { ...each, label: 'Renamed' } : each));
    const after = buildRows(renamed, { ...options, expanded: new Set([acme]) });
    const changed = redrawn(before, after);
    expect(changed).toContain('a:a');
    expect(changed).toContain(acme);
    expect(changed).toContain(`${acme}/i/id-acme-1`);
    expect(changed).not.toContain('a:b');
  });

  it('compares what a row shows, field by field', () => {
    const [a] = initial().accounts;
    if (a === undefined) throw new Error('no account');
    const row: AccountRow = { kind: 'account', key: 'a:a', account: a, shown: 2 };
    const header = (change: Partial<AccountRow>): AccountRow => ({ ...row, ...change });
    expect(sameRow(row, header({}))).toBe(true);
    expect(sameRow(row, header({ shown: 1 }))).toBe(false);
    // One more team: the header counts it.
    expect(sameRow(row, header({ account: { ...a, teams: [...a.teams, ...a.teams] } }))).toBe(
      false,
    );
    // The same teams in a new list: the header shows the same; a new word in it does not.
    expect(sameRow(row, header({ account: { ...a, teams: [...a.teams] } }))).toBe(true);
    expect(sameRow(row, header({ account: { ...a, label: 'New' } }))).toBe(false);
  });
});
