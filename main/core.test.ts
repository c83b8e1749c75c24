/**
 * The core end to end in Node: real HTTP to fake FlowFuse servers on 127.0.0.1, real files,
 * a real cipher. Every call goes through dispatch, as the renderer's do.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Method } from '../common/contract';
import { AppError, type Result } from '../common/errors';
import type { AppState, AccountView, TeamView } from '../common/model';
import { seedUser, startFakeFlowFuse, type FakeFlowFuse } from '../tests/fake-server';
import { startTestCore, type TestCore } from '../tests/support/test-core';
import type { Core } from './core-types';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

async function server(): Promise<FakeFlowFuse> {
  const fake = await startFakeFlowFuse();
  cleanups.push(() => fake.close());
  return fake;
}

async function testCore(options: Parameters<typeof startTestCore>[0] = {}): Promise<TestCore> {
  const started = await startTestCore(options);
  cleanups.push(() => started.close());
  return started;
}

async function call<T>(core: Core, method: Method, payload?: unknown): Promise<T> {
  const result = (await core.dispatch(method, payload)) as Result<T>;
  if (!result.ok) throw new AppError(result.error.code, result.error.message);
  return result.value;
}

async function state(core: Core): Promise<AppState> {
  return call<AppState>(core, 'getState');
}

async function waitForAccount(
  core: Core,
  id: string,
  predicate: (view: AccountView) => boolean,
  timeoutMs = 5_000,
): Promise<AccountView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const view = (await state(core)).accounts.find((account) => account.id === id);
    if (view !== undefined && predicate(view)) return view;
    if (Date.now() > deadline) throw new Error(`timed out; last view: ${JSON.stringify(view)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function seedAlice(fake: FakeFlowFuse) {
  return seedUser(fake, {
    username: 'alice',
    teams: [
      { name: 'Owned', role: 50 },
      { name: 'Joined', role: 30 },
    ],
  });
}

/** A fake server with alice's two teams, a core, and alice's account added and listed. */
async function withAlice(options: Parameters<typeof startTestCore>[0] = {}) {
  const fake = await server();
  const alice = seedAlice(fake);
  const started = await testCore(options);
  const added = await call<AccountView>(started.core, 'addAccount', {
    url: fake.url,
    token: alice.token,
  });
  const view = await waitForAccount(started.core, added.id, (each) => each.status === 'ok');
  const team = (name: string): TeamView => {
    const found = view.teams.find((each) => each.name === name);
    if (found === undefined) throw new Error(`no team ${name}`);
    return found;
  };
  return { ...started, fake, alice, added, view, team };
}

describe('core', () => {
  it('adds an account, lists its teams and never hands out the token', async () => {
    const fake = await server();
    const alice = seedAlice(fake);
    const { core } = await testCore();
    const responses: string[] = [];
    core.onEvent((_event, payload) => responses.push(JSON.stringify(payload)));

    const added = await call<AccountView>(core, 'addAccount', {
      url: `${fake.url}/team/owned`,
      token: `  ${alice.token}  `,
      label: 'Local',
    });
    expect(added).toMatchObject({ label: 'Local', origin: fake.origin, username: 'alice' });
    const listed = await waitForAccount(core, added.id, (view) => view.status === 'ok');
    expect(listed.teams.map((team) => team.name).sort()).toEqual(['Joined', 'Owned']);
    expect(listed.version).toBe('2.4.0');

    responses.push(JSON.stringify(added), JSON.stringify(await state(core)));
    for (const text of responses) expect(text).not.toContain(alice.token);
  });

  it('publishes nine accounts at once while the tenth hangs', async () => {
    const fakes = await Promise.all(Array.from({ length: 10 }, () => server()));
    const { core } = await testCore({ http: { timeoutMs: 3_000, totalTimeoutMs: 3_000 } });
    const ids: string[] = [];
    for (const [index, fake] of fakes.entries()) {
      const user = seedUser(fake, {
        username: `u${index}`,
        teams: [{ name: `T${index}`, role: 50 }],
      });
      ids.push(
        (await call<AccountView>(core, 'addAccount', { url: fake.url, token: user.token })).id,
      );
    }
    await Promise.all(ids.map((id) => waitForAccount(core, id, (view) => view.status === 'ok')));
    fakes[0]?.setFault({ kind: 'hang' });

    const okAt = new Map<string, number>();
    const started = Date.now();
    core.onEvent((event, payload) => {
      if (event === 'accountChanged') {
        const view = payload as AccountView;
        if (view.status === 'ok') okAt.set(view.id, Date.now() - started);
      }
    });
    const refreshed = core.refreshAll();
    await Promise.all(ids.slice(1).map((id) => waitForAccount(core, id, () => okAt.has(id))));
    const othersMs = Math.max(...okAt.values());
    expect(okAt.size).toBe(9);
    expect(othersMs).toBeLessThan(2_000);
    expect((await state(core)).accounts[0]?.status).toBe('loading');

    await refreshed;
    const hung = await waitForAccount(core, ids[0] ?? '', (view) => view.status !== 'loading');
    expect(hung.status).toBe('unreachable');
    expect(hung.error?.code).toBe('timeout');
    expect(hung.stale).toBe(true);
    expect(hung.teams).toHaveLength(1);
    expect(core.trayStatus()).toBe('ok');
  });

  it('renames optimistically, and reverts with the reason when the server says no', async () => {
    const { core, fake, added, team } = await withAlice();
    const owned = team('Owned');
    const joined = team('Joined');

    const seen: string[] = [];
    core.onEvent((event, payload) => {
      if (event === 'accountChanged') {
        const name = (payload as AccountView).teams.find((team) => team.id === owned.id)?.name;
        if (name !== undefined) seen.push(name);
      }
    });
    const renamed = await call<TeamView>(core, 'renameTeam', {
      accountId: added.id,
      teamId: owned.id,
      name: '  Platform  ',
    });
    expect(renamed.name).toBe('Platform');
    expect(seen[0]).toBe('Platform');
    expect(fake.state.teams.get(owned.id)?.name).toBe('Platform');

    await expect(
      call(core, 'renameTeam', { accountId: added.id, teamId: joined.id, name: 'Mine' }),
    ).rejects.toMatchObject({ code: 'forbidden' });
    for (const name of ['   ', 'x'.repeat(256), 'see http://evil']) {
      await expect(
        call(core, 'renameTeam', { accountId: added.id, teamId: owned.id, name }),
      ).rejects.toMatchObject({ code: 'invalid_name' });
    }

    seen.length = 0;
    fake.setFault({ kind: 'status', status: 500 }, { method: 'PUT' });
    await expect(
      call(core, 'renameTeam', { accountId: added.id, teamId: owned.id, name: 'Broken' }),
    ).rejects.toMatchObject({ code: 'server_error' });
    expect(seen).toEqual(['Broken', 'Platform']);
    expect(fake.state.teams.get(owned.id)?.name).toBe('Platform');
  });

  it('marks a revoked token for replacement, then keeps the account with a new one', async () => {
    const { core, fake, alice, added } = await withAlice();

    fake.revokeToken(alice.token);
    await core.refreshAll();
    const refused = await waitForAccount(core, added.id, (view) => view.status === 'unauthorized');
    expect(refused.error?.code).toBe('unauthorized');
    expect(refused.teams).toHaveLength(2);
    expect(core.trayStatus()).toBe('attention');

    const fresh = fake.createToken(alice.user);
    await call(core, 'updateAccount', { id: added.id, token: fresh });
    await waitForAccount(core, added.id, (view) => view.status === 'ok');
    expect(core.trayStatus()).toBe('ok');
    expect((await state(core)).accounts).toHaveLength(1);
  });

  it('serves the last-known teams at once after a restart', async () => {
    const alice = await withAlice();
    const { fake } = alice;
    fake.setFault({ kind: 'hang' });

    const again = await alice.restart();
    const cached = (await state(again)).accounts[0];
    expect(cached?.stale).toBe(true);
    expect(cached?.teams).toHaveLength(2);
    expect(cached?.lastSuccessAt).not.toBeNull();
  });

  it('ends consistent when an account is removed while its refresh is in flight', async () => {
    const { core, fake, added } = await withAlice();
    fake.setFault({ kind: 'latency', ms: 300 }, { path: '/api/v1/user/teams', times: 1 });
    const pending = core.refreshAll();
    await call(core, 'removeAccount', { id: added.id });
    await pending;
    expect((await state(core)).accounts).toEqual([]);
  });

  it('opens only URLs it builds from a saved origin', async () => {
    const { core, shell, fake, added, team: byName } = await withAlice();
    const team = byName('Owned');

    await call(core, 'openTeam', { accountId: added.id, teamId: team.id });
    await call(core, 'openTeam', { accountId: added.id, teamId: team.id, page: 'settings' });
    await call(core, 'openTokenPage', { accountId: added.id });
    await call(core, 'openTokenPage', { url: 'app.flowfuse.com/team/x' });
    expect(shell.opened).toEqual([
      `${fake.origin}/team/${team.slug}`,
      `${fake.origin}/team/${team.slug}/settings/general`,
      `${fake.origin}/account/security/tokens`,
      'https://app.flowfuse.com/account/security/tokens',
    ]);
    await expect(call(core, 'openTokenPage', { url: 'http://evil.example' })).rejects.toMatchObject(
      { code: 'insecure_http' },
    );
    await expect(
      call(core, 'openTeam', { accountId: added.id, teamId: team.id, url: 'https://evil' }),
    ).rejects.toMatchObject({ code: 'invalid_request' });
    expect(shell.opened).toHaveLength(4);
  });

  it('applies settings through the shell, and saves nothing the shell refuses', async () => {
    const { core, shell } = await testCore();
    const saved = await call<AppState['settings']>(core, 'updateSettings', {
      refreshIntervalMinutes: 30,
      theme: 'dark',
    });
    expect(saved).toMatchObject({ refreshIntervalMinutes: 30, theme: 'dark' });
    expect(shell.applied.at(-1)?.theme).toBe('dark');

    shell.refuseWith = new AppError('invalid_request', 'That shortcut is taken by another app.');
    await expect(
      call(core, 'updateSettings', { globalShortcut: 'CommandOrControl+Shift+T' }),
    ).rejects.toMatchObject({ message: 'That shortcut is taken by another app.' });
    expect((await state(core)).settings.globalShortcut).toBeNull();
  });
});
