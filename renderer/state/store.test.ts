import { effect } from '@preact/signals-core';
import { castDraft, type Draft } from 'immer';
import { afterEach, describe, expect, it } from 'vitest';
import { asAccountId } from '../../common/brand';
import type { Result } from '../../common/errors';
import { DEFAULT_SETTINGS, type Renamed, type Settings } from '../../common/model';
import type { Team, TeamtrayState } from '../../common/state';
import { teamKey } from './rows';
import { Store } from './store';
import { account, runtime, stateWith, team } from '../../tests/support/renderer-data';
import { ok, testMain } from '../../tests/support/renderer-main';

const initial = (): TeamtrayState =>
  stateWith([account('a', ['Acme', 'Beta']), account('b', ['Gamma'])]);

const stores: Store[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.dispose();
});

async function connected(main: ReturnType<typeof testMain>): Promise<Store> {
  const store = new Store();
  stores.push(store);
  await store.connect(main.api);
  return store;
}

/** The team `id` of account `accountId` in a draft of main's model. */
function teamIn(draft: Draft<TeamtrayState>, accountId: string, id: string): Draft<Team> {
  const found = draft.accounts
    .find((each) => each.id === accountId)
    ?.teams.find((t) => t.id === id);
  if (found === undefined) throw new Error(`no team ${accountId}/${id}`);
  return found;
}

/**
 * Main's rename, as the model does it: the name on its way at once (renameSent), then the name
 * the server saved, or the old one back, when `answer` settles it.
 */
function renamingMain() {
  const answers: ((result: Result<Renamed>) => void)[] = [];
  const main = testMain(initial(), {
    renameTeam: (request: { accountId: string; teamId: string; name: string }) => {
      main.change((draft) => {
        teamIn(draft, request.accountId, request.teamId).pendingName = request.name;
      });
      return new Promise<Result<Renamed>>((resolve) => {
        answers.push((result) => {
          main.change((draft) => {
            const team = teamIn(draft, request.accountId, request.teamId);
            if (result.ok) team.name = result.value.name;
            team.pendingName = null;
          });
          resolve(result);
        });
      });
    },
  });
  return { main, answers };
}

const rowOf = (store: Store, key: string) => store.rows.find((row) => row.key === key);

describe('Store', () => {
  it('loads the state and shows what main’s patches change', async () => {
    const main = testMain(initial());
    const store = await connected(main);
    expect(store.rows.filter((row) => row.kind === 'team')).toHaveLength(3);
    main.change((draft) => {
      draft.accounts[1]?.teams.push(castDraft(team('t1', 'Delta')));
    });
    expect(store.rows.filter((row) => row.kind === 'team')).toHaveLength(4);
    main.change((draft) => {
      draft.accounts = [];
    });
    expect(store.rows).toEqual([]);
  });

  it('keeps the teams of an account when a patch changes only its status', async () => {
    const main = testMain(initial());
    const store = await connected(main);
    main.change((draft) => {
      const first = draft.accounts[0];
      if (first !== undefined) first.status = 'unreachable';
    });
    expect(store.account('a')?.status).toBe('unreachable');
    expect(store.account('a')?.teams.map((each) => each.name)).toEqual(['Acme', 'Beta']);
  });

  it('adds an account, orders the accounts and takes the settings as main’s patches say', async () => {
    const main = testMain(initial());
    const store = await connected(main);
    main.change((draft) => {
      const c = account('c', ['Delta']);
      const a = draft.accounts[0];
      if (a === undefined) throw new Error('fixture');
      draft.accounts = [castDraft(c), a];
    });
    expect(store.accounts.map((each) => each.id)).toEqual(['c', 'a']);
    main.change((draft) => {
      draft.settings = { ...DEFAULT_SETTINGS, theme: 'dark' };
      draft.vault = { mode: 'session', reason: 'No keyring.' };
    });
    expect(store.state?.settings.theme).toBe('dark');
    expect(store.state?.vault.mode).toBe('session');
  });

  it('asks for the whole state again when a patch was lost on its way', async () => {
    const main = testMain(initial());
    const store = await connected(main);
    main.change((draft) => {
      teamIn(draft, 'a', 't0').name = 'Lost';
    }, false);
    main.change((draft) => {
      teamIn(draft, 'a', 't1').name = 'Seen';
    });
    await expect
      .poll(() => store.account('a')?.teams.map((each) => each.name))
      .toEqual(['Lost', 'Seen']);
  });

  it('shows a rename at once and keeps it when main agrees', async () => {
    const { main, answers } = renamingMain();
    const store = await connected(main);
    const done = store.rename(asAccountId('a'), 't0', '  New name  ');
    expect(rowOf(store, teamKey('a', 't0'))).toMatchObject({ name: 'New name', pending: true });
    answers[0]?.({ ok: true, value: { name: 'New name' } });
    await expect(done).resolves.toEqual({ ok: true });
    expect(rowOf(store, teamKey('a', 't0'))).toMatchObject({
      name: 'New name',
      pending: false,
      error: null,
    });
    expect(main.calls).toEqual([
      { method: 'renameTeam', request: { accountId: 'a', teamId: 't0', name: 'New name' } },
    ]);
  });

  it('shows the name typed until main’s patch, and main’s own name after the answer', async () => {
    let answer: (result: Result<Renamed>) => void = () => undefined;
    // A main whose patches come late: only the answer arrives first.
    const main = testMain(initial(), {
      renameTeam: () =>
        new Promise<Result<Renamed>>((resolve) => {
          answer = resolve;
        }),
    });
    const store = await connected(main);
    const done = store.rename(asAccountId('a'), 't0', 'Typed');
    expect(rowOf(store, 'a/t0')).toMatchObject({ name: 'Typed', pending: true });
    main.change((draft) => {
      teamIn(draft, 'a', 't0').pendingName = 'Typed';
    });
    answer({ ok: true, value: { name: 'Typed' } });
    await done;
    // The draft is gone; main's pendingName holds the name until its next patch.
    expect(rowOf(store, 'a/t0')).toMatchObject({ name: 'Typed', pending: true });
    main.change((draft) => {
      const renamed = teamIn(draft, 'a', 't0');
      renamed.name = 'Typed';
      renamed.pendingName = null;
    });
    expect(rowOf(store, 'a/t0')).toMatchObject({ name: 'Typed', pending: false });
  });

  it('reverts a refused rename and says why', async () => {
    const { main, answers } = renamingMain();
    const store = await connected(main);
    const outcome = store.rename(asAccountId('a'), 't0', 'Other');
    answers[0]?.({ ok: false, error: { code: 'forbidden', message: 'Only owners.' } });
    expect((await outcome).ok).toBe(false);
    expect(rowOf(store, teamKey('a', 't0'))).toMatchObject({
      name: 'Acme',
      pending: false,
      error: 'Could not rename to “Other”: Only owners.',
    });
  });

  it('sends a rename back to the saved name while an earlier rename is on its way', async () => {
    const { main, answers } = renamingMain();
    const store = await connected(main);
    const first = store.rename(asAccountId('a'), 't0', 'Changed my mind');
    const second = store.rename(asAccountId('a'), 't0', 'Acme');
    expect(main.calls).toHaveLength(2);
    expect(rowOf(store, teamKey('a', 't0'))).toMatchObject({ name: 'Acme', pending: true });
    answers[0]?.({ ok: true, value: { name: 'Changed my mind' } });
    await first;
    answers[1]?.({ ok: true, value: { name: 'Acme' } });
    await expect(second).resolves.toEqual({ ok: true });
    expect(rowOf(store, teamKey('a', 't0'))).toMatchObject({ name: 'Acme', pending: false });
  });

  it('sends nothing for the saved name when no rename is on its way', async () => {
    const { main } = renamingMain();
    const store = await connected(main);
    await expect(store.rename(asAccountId('a'), 't0', ' Acme ')).resolves.toEqual({ ok: true });
    expect(main.calls).toEqual([]);
  });

  it('remembers where a form was opened from, for Back', () => {
    const store = new Store();
    store.navigate({ name: 'add' });
    expect(store.formReturn).toEqual({ name: 'teams' });
    store.navigate({ name: 'settings' });
    store.navigate({ name: 'edit', accountId: 'a' });
    expect(store.formReturn).toEqual({ name: 'settings' });
    store.navigate({ name: 'teams' });
    store.navigate({ name: 'token', accountId: 'a' });
    expect(store.formReturn).toEqual({ name: 'teams' });
  });

  it('refuses an invalid name without asking main', async () => {
    const { main } = renamingMain();
    const store = await connected(main);
    await expect(store.rename(asAccountId('a'), 't0', '   ')).resolves.toMatchObject({
      ok: false,
    });
    await expect(store.rename(asAccountId('a'), 't0', 'a://b')).resolves.toMatchObject({
      ok: false,
    });
    expect(main.calls).toEqual([]);
  });

  it('closes a team a search opened, until the search changes', async () => {
    const main = testMain(initial());
    const store = await connected(main);
    main.change((draft) => {
      teamIn(draft, 'a', 't0').runtime = castDraft(runtime([['line-1', 'crashed']]));
    });
    const key = teamKey('a', 't0');
    // line-1 is listed under its team only while the team is open.
    const open = (): boolean => store.rows.some((row) => row.kind === 'instance');
    store.setQuery('line');
    expect(open()).toBe(true);
    store.toggleExpanded(key, false);
    expect(open()).toBe(false);
    store.toggleExpanded(key, true);
    expect(open()).toBe(true);
    store.toggleExpanded(key, false);
    store.setQuery('line-');
    expect(open()).toBe(true);
  });

  it('works the rows and the counts out once per change, not once per question', async () => {
    const main = testMain(initial());
    const store = await connected(main);
    const before = store.attention;
    expect(before).toEqual({
      instances: 0,
      crashed: 0,
      inError: 0,
      safeMode: 0,
      devices: 0,
      notUpdated: 0,
      accounts: 0,
      unreachable: 0,
      tokensExpiring: 0,
    });
    expect(store.attention).toBe(before);
    const rows = store.rows;
    expect(store.rows).toBe(rows);
    main.change((draft) => {
      teamIn(draft, 'b', 't0').runtime = castDraft(runtime([['probe', 'crashed']]));
    });
    expect(store.attention).toEqual({
      instances: 1,
      crashed: 1,
      inError: 0,
      safeMode: 0,
      devices: 0,
      notUpdated: 0,
      accounts: 0,
      unreachable: 0,
      tokensExpiring: 0,
    });
    expect(store.rows).not.toBe(rows);
  });

  it('tells a watcher of a change it reads, and only of those', async () => {
    const main = testMain(initial());
    const store = await connected(main);
    const seen: number[] = [];
    const stop = effect(() => {
      seen.push(store.attention.accounts);
    });
    store.setQuery('acme');
    expect(seen).toEqual([0]);
    main.change((draft) => {
      const first = draft.accounts[0];
      if (first !== undefined) first.status = 'unauthorized';
    });
    expect(seen).toEqual([0, 1]);
    stop();
  });

  it('shows offline devices in the filtered list once the user says they count', async () => {
    const main = testMain(initial());
    const store = await connected(main);
    main.change((draft) => {
      teamIn(draft, 'a', 't0').runtime = castDraft(
        runtime([], [['press', store.now - 60 * 60_000]]),
      );
    });
    store.setAttentionOnly(true);
    const devices = (): number => store.rows.filter((row) => row.kind === 'device').length;
    expect(devices()).toBe(0);
    main.change((draft) => {
      draft.settings = { ...DEFAULT_SETTINGS, devicesNeedAttention: true };
    });
    expect(devices()).toBe(1);
    main.change((draft) => {
      draft.settings = DEFAULT_SETTINGS;
    });
    expect(devices()).toBe(0);
  });

  it('shows a notification’s item: its team open, listed in full, the row to focus', async () => {
    const main = testMain(
      stateWith([
        account('a', ['Plant'], {
          teams: [team('t0', 'Plant', { runtime: runtime([['line-1', 'crashed']], [], {}) })],
        }),
      ]),
    );
    const store = await connected(main);
    store.setQuery('nothing like it');
    store.navigate({ name: 'settings' });
    main.push('focus', {
      accountId: asAccountId('a'),
      teamId: 't0',
      item: { kind: 'instance', id: 'id-line-1' },
    });
    expect(store.view).toEqual({ name: 'teams' });
    expect(store.query).toBe('');
    expect(store.focusKey).toBe('a/t0/i/id-line-1');
    expect(store.rows.some((row) => row.key === 'a/t0/i/id-line-1')).toBe(true);
    store.clearFocusKey();
    expect(store.focusKey).toBeNull();
    main.push('navigate', 'settings');
    expect(store.view).toEqual({ name: 'settings' });
  });

  it('spins for a refresh of every account while it is on its way, and for main’s own', async () => {
    let answer: () => void = () => undefined;
    const main = testMain(initial(), {
      refresh: () =>
        new Promise((resolve) => {
          answer = () => {
            resolve({ ok: true, value: null });
          };
        }),
    });
    const store = await connected(main);
    expect(store.refreshingAny).toBe(false);
    const all = store.refresh();
    expect(store.refreshingAny).toBe(true);
    answer();
    await all;
    expect(store.refreshingAny).toBe(false);
    main.change((draft) => {
      const first = draft.accounts[0];
      if (first !== undefined) first.refreshing = true;
    });
    expect(store.refreshingAny).toBe(true);
    const a = store.account('a');
    expect(a !== undefined && store.refreshing(a)).toBe(true);
    // Already on its way: a second click asks nothing.
    await store.refresh(asAccountId('a'));
    expect(main.calls.filter((call) => call.method === 'refresh')).toHaveLength(1);
  });

  it('forgets the search when the last account goes', async () => {
    const main = testMain(initial());
    const store = await connected(main);
    store.setQuery('acme');
    main.change((draft) => {
      draft.accounts = [];
    });
    expect(store.query).toBe('');
  });

  it('says so when main cannot give the state', async () => {
    const main = testMain(initial(), {
      getState: () => Promise.resolve({ ok: false, error: { code: 'internal', message: 'No.' } }),
    });
    const store = await connected(main);
    expect(store.loadError).toEqual({ code: 'internal', message: 'No.' });
    expect(store.state).toBeNull();
  });

  it('saves settings through main and says why main refused', async () => {
    const main = testMain(initial(), {
      updateSettings: (patch: { theme?: string }) =>
        patch.theme === 'dark'
          ? ok(DEFAULT_SETTINGS)
          : Promise.resolve({
              ok: false,
              error: { code: 'internal', message: 'Not now.' },
            }),
    });
    const store = await connected(main);
    await expect(store.saveSettings({ theme: 'dark' })).resolves.toBeNull();
    await expect(store.saveSettings({ theme: 'light' })).resolves.toBe('Not now.');
    // The settings shown are main's: nothing changes here until its patch.
    expect(store.state?.settings.theme).toBe(DEFAULT_SETTINGS.theme);
    expect(store.settings?.theme).toBe(DEFAULT_SETTINGS.theme);
  });

  it('keeps a saved setting shown when main’s answer comes before its patch, then follows main', async () => {
    // Main answers that version 1 holds the change; its patch (version 1) comes after.
    const main = testMain(initial(), {
      updateSettings: () =>
        Promise.resolve({
          ok: true as const,
          value: { ...DEFAULT_SETTINGS, theme: 'dark' as const },
          version: 1,
        }),
    });
    const store = await connected(main);
    await expect(store.saveSettings({ theme: 'dark' })).resolves.toBeNull();
    // The answer is in, main's patch is not yet: what main saved still shows.
    expect(store.settings?.theme).toBe('dark');
    main.change((draft) => {
      draft.settings.theme = 'dark';
    });
    // Main's patch caught up; a later change from main (another window, the tray) shows.
    main.change((draft) => {
      draft.settings.theme = 'light';
    });
    expect(store.settings?.theme).toBe('light');
  });

  it('a saved quiet hours schedule (one object) gives way to main’s copy, then follows main', async () => {
    const on = { on: true, from: '22:00', to: '07:00', days: [1, 2, 3, 4, 5] };
    const main = testMain(initial(), {
      updateSettings: () =>
        Promise.resolve({
          ok: true as const,
          value: { ...DEFAULT_SETTINGS, quietHours: { ...on, days: [...on.days] } },
          version: 1,
        }),
    });
    const store = await connected(main);
    await expect(store.saveSettings({ quietHours: on })).resolves.toBeNull();
    expect(store.settings?.quietHours).toEqual(on);
    // Main's patch holds its own copy of the same schedule: the draft is done.
    main.change((draft) => {
      draft.settings.quietHours = { ...on, days: [...on.days] };
    });
    main.change((draft) => {
      draft.settings.quietHours.on = false;
    });
    expect(store.settings?.quietHours.on).toBe(false);
  });

  it('shows a settings change at once, while main saves it, and takes it back when refused', async () => {
    let answer: (result: Result<Settings>) => void = () => undefined;
    const main = testMain(initial(), {
      updateSettings: () =>
        new Promise<Result<Settings>>((resolve) => {
          answer = resolve;
        }),
    });
    const store = await connected(main);
    const saving = store.saveSettings({ theme: 'dark' });
    expect(store.settings?.theme).toBe('dark');
    expect(store.state?.settings.theme).toBe(DEFAULT_SETTINGS.theme);
    answer({ ok: false, error: { code: 'internal', message: 'Not now.' } });
    await expect(saving).resolves.toBe('Not now.');
    expect(store.settings?.theme).toBe(DEFAULT_SETTINGS.theme);
  });

  it('a pin shows at once, while main applies it, and goes when main refuses it', async () => {
    const answers: ((result: Result<Settings>) => void)[] = [];
    const main = testMain(initial(), {
      changePins: () =>
        new Promise<Result<Settings>>((resolve) => {
          answers.push(resolve);
        }),
    });
    const store = await connected(main);
    const pin = { accountId: 'a', kind: 'team', id: 't1', name: 'Plant' } as const;
    const pinning = store.changePins({ kind: 'pin', pin });
    expect(store.settings?.pins).toEqual([pin]);
    expect(store.state?.settings.pins).toEqual([]);
    answers[0]?.({ ok: false, error: { code: 'invalid_request', message: 'Too many.' } });
    await expect(pinning).resolves.toBe('Too many.');
    expect(store.settings?.pins).toEqual([]);
  });

  it('a pin on its way keeps a snooze main made meanwhile (it sends the pin, not the lists)', async () => {
    let answer: (result: Result<Settings>) => void = () => undefined;
    const main = testMain(initial(), {
      changePins: () =>
        new Promise<Result<Settings>>((resolve) => {
          answer = resolve;
        }),
    });
    const store = await connected(main);
    const pin = { accountId: 'a', kind: 'team', id: 't1', name: 'Plant' } as const;
    const pinning = store.changePins({ kind: 'pin', pin });
    // A notification's snooze reaches the replica while the pin is on its way.
    main.change((draft) => {
      draft.settings.snoozed = { 'a/i/p9': 2_200_000_000_000 };
    });
    expect(store.settings?.snoozed).toEqual({ 'a/i/p9': 2_200_000_000_000 });
    expect(store.settings?.pins).toEqual([pin]);
    main.change((draft) => {
      draft.settings.pins = [pin];
    });
    answer({ ok: true, value: main.state.settings });
    await expect(pinning).resolves.toBeNull();
    expect(store.settings?.pins).toEqual([pin]);
    expect(store.settings?.snoozed).toEqual({ 'a/i/p9': 2_200_000_000_000 });
    expect(main.calls.find((call) => call.method === 'changePins')?.request).toEqual({
      kind: 'pin',
      pin,
    });
  });
});
