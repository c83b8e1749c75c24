import { describe, expect, it, vi } from 'vitest';
import type { EventName, EventPayloads, TeamtrayApi } from '../../common/contract';
import { asAccountId } from '../../common/brand';
import type { Result } from '../../common/errors';
import { DEFAULT_SETTINGS, type AppState, type Renamed } from '../../common/model';
import { teamKey } from './rows';
import { Store } from './store';
import type { Team } from './account-item';
import { accountView, teamRuntime } from './test-data';

function fakeApi(state: AppState, rename: (name: string) => Promise<Result<Renamed>>) {
  const listeners = new Map<string, ((payload: unknown) => void)[]>();
  const ok = <T>(value: T): Promise<Result<T>> => Promise.resolve({ ok: true, value });
  const api = {
    getState: () => ok(state),
    renameTeam: vi.fn((request: { name: string }) => rename(request.name)),
    refresh: vi.fn(() => ok(null)),
    dismissNotice: vi.fn(() => ok(null)),
    on: <E extends EventName>(event: E, listener: (payload: EventPayloads[E]) => void) => {
      const list = listeners.get(event) ?? [];
      list.push(listener as (payload: unknown) => void);
      listeners.set(event, list);
      return () => undefined;
    },
  };
  const push = <E extends EventName>(event: E, payload: EventPayloads[E]): void => {
    for (const listener of listeners.get(event) ?? []) listener(payload);
  };
  return { api: api as unknown as TeamtrayApi, calls: api, push };
}

/** The first team as the renderer holds it (after connect, built from the state's table). */
function firstTeam(from: AppState): Team {
  const view = from.accounts[0];
  const name = view?.teams.name[0];
  const id = view?.teams.id[0];
  if (view === undefined || name === undefined || id === undefined) throw new Error('fixture');
  return {
    accountId: view.id,
    id,
    name,
    slug: view.teams.slug[0] ?? '',
    typeName: 'Starter',
    role: 50,
    avatarUrl: null,
    instanceCount: 1,
    memberCount: 2,
    deviceCount: 0,
  };
}

const state: AppState = {
  accounts: [accountView('a', ['Acme', 'Beta']), accountView('b', ['Gamma'])],
  settings: DEFAULT_SETTINGS,
  vault: { mode: 'persistent', reason: null },
  notices: [],
};

describe('Store', () => {
  it('loads the state and applies pushes', async () => {
    const { api, push } = fakeApi(state, () => Promise.reject(new Error('unused')));
    const store = new Store();
    await store.connect(api);
    expect(store.rows.filter((row) => row.kind === 'team')).toHaveLength(3);
    push('accountChanged', accountView('b', ['Gamma', 'Delta']));
    expect(store.rows.filter((row) => row.kind === 'team')).toHaveLength(4);
    push('accountOrder', []);
    expect(store.rows).toEqual([]);
    store.dispose();
  });

  it('keeps the teams of an account when a push carries only its status', async () => {
    const { api, push } = fakeApi(state, () => Promise.reject(new Error('unused')));
    const store = new Store();
    await store.connect(api);
    const { teams, ...meta } = accountView('a', ['ignored']);
    expect(teams.name).toEqual(['ignored']);
    push('accountChanged', { ...meta, status: 'unreachable' });
    expect(store.account('a')?.status).toBe('unreachable');
    expect(store.account('a')?.teams.map((team) => team.name)).toEqual(['Acme', 'Beta']);
    store.dispose();
  });

  it('adds an account it has not seen, then orders the accounts as main says', async () => {
    const { api, push } = fakeApi(state, () => Promise.reject(new Error('unused')));
    const store = new Store();
    await store.connect(api);
    push('accountChanged', accountView('c', ['Delta']));
    push('accountOrder', [asAccountId('c'), asAccountId('a')]);
    expect(store.accounts.map((account) => account.id)).toEqual(['c', 'a']);
    expect(store.accounts[0]?.host).toBe('c.example.com');
    push('appChanged', {
      settings: { ...DEFAULT_SETTINGS, theme: 'dark' },
      vault: { mode: 'session', reason: 'No keyring.' },
      notices: [],
    });
    expect(store.state?.settings.theme).toBe('dark');
    expect(store.state?.vault.mode).toBe('session');
    store.dispose();
  });

  it('shows a rename at once and keeps it when main agrees', async () => {
    const original = firstTeam(state);

    let settle: (result: Result<Renamed>) => void = () => undefined;
    const { api } = fakeApi(state, () => new Promise((resolve) => (settle = resolve)));
    const store = new Store();
    await store.connect(api);
    const done = store.rename(original, '  New name  ');
    const row = store.rows.find((r) => r.key === teamKey('a', 't0'));
    expect(row).toMatchObject({ name: 'New name', pending: true });
    settle({ ok: true, value: { name: 'New name' } });
    await expect(done).resolves.toEqual({ ok: true });
    expect(store.rows.find((r) => r.key === teamKey('a', 't0'))).toMatchObject({
      name: 'New name',
      pending: false,
      error: null,
    });
    store.dispose();
  });

  it('reverts a refused rename and says why', async () => {
    const original = firstTeam(state);

    const { api } = fakeApi(state, () =>
      Promise.resolve({ ok: false, error: { code: 'forbidden', message: 'Only owners.' } }),
    );
    const store = new Store();
    await store.connect(api);
    const outcome = await store.rename(original, 'Other');
    expect(outcome.ok).toBe(false);
    expect(store.rows.find((r) => r.key === teamKey('a', 't0'))).toMatchObject({
      name: 'Acme',
      pending: false,
      error: 'Could not rename to “Other”: Only owners.',
    });
    store.dispose();
  });

  it('sends a rename back to the saved name while an earlier rename is in flight', async () => {
    const original = firstTeam(state);

    const answers: ((result: Result<Renamed>) => void)[] = [];
    const { api, calls } = fakeApi(state, () => new Promise((resolve) => answers.push(resolve)));
    const store = new Store();
    await store.connect(api);
    const first = store.rename(original, 'Changed my mind');
    const second = store.rename(original, 'Acme');
    expect(calls.renameTeam).toHaveBeenCalledTimes(2);
    expect(store.rows.find((r) => r.key === teamKey('a', 't0'))).toMatchObject({
      name: 'Acme',
      pending: true,
    });
    answers[0]?.({ ok: true, value: { name: 'Changed my mind' } });
    await first;
    answers[1]?.({ ok: true, value: { name: 'Acme' } });
    await expect(second).resolves.toEqual({ ok: true });
    expect(store.rows.find((r) => r.key === teamKey('a', 't0'))).toMatchObject({
      name: 'Acme',
      pending: false,
    });
    store.dispose();
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
    const original = firstTeam(state);

    const { api, calls } = fakeApi(state, () => Promise.reject(new Error('unused')));
    const store = new Store();
    await store.connect(api);
    await expect(store.rename(original, '   ')).resolves.toMatchObject({ ok: false });
    await expect(store.rename(original, 'a://b')).resolves.toMatchObject({ ok: false });
    expect(calls.renameTeam).not.toHaveBeenCalled();
    store.dispose();
  });

  it('closes a team a search opened, until the search changes', async () => {
    const crashed = teamRuntime('t0', [['line-1', 'crashed']]);
    const { api, push } = fakeApi(state, () => Promise.reject(new Error('unused')));
    const store = new Store();
    await store.connect(api);
    push('teamRuntime', { accountId: asAccountId('a'), runtime: crashed });
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
    store.dispose();
  });

  it('counts what needs attention once per change, not once per question', async () => {
    const { api, push } = fakeApi(state, () => Promise.reject(new Error('unused')));
    const store = new Store();
    await store.connect(api);
    const before = store.attention;
    expect(before).toEqual({
      instances: 0,
      crashed: 0,
      inError: 0,
      safeMode: 0,
      devices: 0,
      accounts: 0,
    });
    expect(store.attention).toBe(before);
    push('teamRuntime', {
      accountId: asAccountId('b'),
      runtime: teamRuntime('t0', [['probe', 'crashed']]),
    });
    expect(store.attention).toEqual({
      instances: 1,
      crashed: 1,
      inError: 0,
      safeMode: 0,
      devices: 0,
      accounts: 0,
    });
    store.dispose();
  });

  it('shows offline devices in the filtered list once the user says they count', async () => {
    const { api, push } = fakeApi(state, () => Promise.reject(new Error('unused')));
    const store = new Store();
    await store.connect(api);
    push('teamRuntime', {
      accountId: asAccountId('a'),
      runtime: teamRuntime('t0', [], [['press', store.now - 60 * 60_000]]),
    });
    store.setAttentionOnly(true);
    const devices = (): number => store.rows.filter((row) => row.kind === 'device').length;
    expect(devices()).toBe(0);
    push('appChanged', {
      settings: { ...DEFAULT_SETTINGS, devicesNeedAttention: true },
      vault: { mode: 'persistent', reason: null },
      notices: [],
    });
    expect(devices()).toBe(1);
    store.applySettings(DEFAULT_SETTINGS);
    expect(devices()).toBe(0);
    store.dispose();
  });
});
