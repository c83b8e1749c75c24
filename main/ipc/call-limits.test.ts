/**
 * The three limits (call-limits.ts) through a real core with the app's own limits, the fake
 * FlowFuse over real HTTP, every call through dispatch as the renderer makes it: a burst of any
 * limited call is cut short, and each kind shares one limiter across every call that does it.
 */
import { describe, expect, it } from 'vitest';
import type { Method } from '../../common/contract';
import type { SavedAccountRef } from '../../common/contract';
import type { Core } from '../core-types';
import {
  call,
  seedAlice,
  server,
  testCore,
  waitForAccount,
  withPlant,
} from '../../tests/support/core-calls';
import { CALL_LIMITS } from './call-limits';

/** Dispatches `count` calls at once; the code of each (ok for a success). */
async function burst(
  core: Core,
  count: number,
  method: Method,
  payload: (index: number) => unknown,
): Promise<string[]> {
  const results = await Promise.all(
    Array.from({ length: count }, (_, index) => core.dispatch(method, payload(index))),
  );
  return results.map((result) => (result.ok ? 'ok' : result.error.code));
}

const limited = (codes: readonly string[]) => codes.filter((code) => code === 'rate_limited');

describe('the probe limit', () => {
  it('counts a change of address like an add: the 11th probe in a minute reaches no server', async () => {
    const fake = await server();
    const alice = seedAlice(fake);
    const { core } = await testCore({ limits: CALL_LIMITS });
    const added = await call<SavedAccountRef>(core, 'addAccount', {
      url: fake.url,
      token: alice.token,
    });
    await waitForAccount(core, added.id, (view) => view.status === 'ok');

    // Nine more probes: a new address each time (a closed port: each one is refused there).
    const codes = await burst(core, 9, 'updateAccount', (index) => ({
      id: added.id,
      url: `http://127.0.0.1:${String(9 + index)}`,
      token: alice.token,
    }));
    expect(limited(codes)).toEqual([]);
    fake.clearRequests();
    const more = await burst(core, 20, 'updateAccount', () => ({
      id: added.id,
      url: fake.url,
      token: alice.token,
    }));
    expect(more).toEqual(Array.from({ length: 20 }, () => 'rate_limited'));
    expect(await burst(core, 3, 'addAccount', () => ({ url: fake.url, token: 'ffpat_x' }))).toEqual(
      ['rate_limited', 'rate_limited', 'rate_limited'],
    );
    expect(fake.requests).toHaveLength(0);
  });

  it('lets a label change through: it probes nothing', async () => {
    const fake = await server();
    const alice = seedAlice(fake);
    const { core } = await testCore({ limits: { probes: { max: 1, windowMs: 60_000, gapMs: 0 } } });
    const added = await call<SavedAccountRef>(core, 'addAccount', {
      url: fake.url,
      token: alice.token,
    });
    const codes = await burst(core, 5, 'updateAccount', (index) => ({
      id: added.id,
      label: `Label ${String(index)}`,
    }));
    expect(limited(codes)).toEqual([]);
  });
});

describe('the page limit', () => {
  it('opens one page of a burst, whichever call opens it, and none of the rest', async () => {
    const { core, shell, added, team, instance, plant } = await withPlant({ limits: CALL_LIMITS });
    const device = plant.devices[0];
    if (device === undefined) throw new Error('fixture');
    const accountId = added.id;
    const teamId = team.id;
    const calls: readonly (readonly [Method, unknown])[] = [
      ['openInstance', { accountId, teamId, instanceId: instance('line-1').id, page: 'editor' }],
      ['openInstance', { accountId, teamId, instanceId: instance('line-1').id, page: 'flowfuse' }],
      ['openDevice', { accountId, teamId, deviceId: device.id }],
      ['openTeam', { accountId, teamId }],
      ['openTokenPage', { accountId }],
      ['openTokenPage', { url: 'ff.example.com' }],
      ['openAppLink', { link: 'help' }],
      ['showLogFile', undefined],
    ];
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, index) => {
        const [method, payload] = calls[index % calls.length] ?? calls[0] ?? ['quit', undefined];
        return core.dispatch(method, payload);
      }),
    );
    const codes = results.map((result) => (result.ok ? 'ok' : result.error.code));
    // The first page opens; asked for again (every 8th call) it is that page, quietly; the rest
    // are refused.
    expect(codes.filter((code) => code === 'ok')).toHaveLength(5);
    expect(limited(codes)).toHaveLength(35);
    expect(shell.opened.length + shell.logFileShown).toBe(1);

    // Each other page, alone, is refused while the last page is under a second old.
    for (const [method, payload] of calls.slice(1)) {
      expect((await burst(core, 1, method, () => payload))[0]).toBe('rate_limited');
    }
    expect(shell.opened.length + shell.logFileShown).toBe(1);
  });

  it('opens a page once for a double click, and says nothing of the second click', async () => {
    const { core, shell, added, team, instance } = await withPlant({ limits: CALL_LIMITS });
    const editor = { accountId: added.id, teamId: team.id, instanceId: instance('line-1').id };
    const codes = await burst(core, 2, 'openInstance', () => ({ ...editor, page: 'editor' }));
    expect(codes).toEqual(['ok', 'ok']);
    expect(shell.opened).toHaveLength(1);
  });

  it('takes nothing from the limit for a page that does not exist', async () => {
    const { core, shell, added, team } = await withPlant({ limits: CALL_LIMITS });
    const codes = await burst(core, 5, 'openInstance', () => ({
      accountId: added.id,
      teamId: team.id,
      instanceId: 'gone',
      page: 'editor',
    }));
    expect(codes).toEqual(['not_found', 'not_found', 'not_found', 'not_found', 'not_found']);
    await call(core, 'openTeam', { accountId: added.id, teamId: team.id });
    expect(shell.opened).toHaveLength(1);
  });

  it('opens at most 10 pages a minute, a second apart', async () => {
    let now = 1_000_000;
    const { core, shell } = await testCore({ limits: CALL_LIMITS, now: () => now });
    const codes: string[] = [];
    for (let index = 0; index < 12; index += 1) {
      codes.push(...(await burst(core, 2, 'openAppLink', () => ({ link: 'issues' }))));
      now += CALL_LIMITS.pages.gapMs;
    }
    // One page for each pair (the second is a double click), and none past the tenth.
    expect(codes.filter((code) => code === 'ok')).toHaveLength(20);
    expect(limited(codes)).toHaveLength(4);
    expect(shell.opened).toHaveLength(10);
    now += CALL_LIMITS.pages.windowMs;
    await call(core, 'openAppLink', { link: 'issues' });
    expect(shell.opened).toHaveLength(11);
  });
});

describe('the refresh limit', () => {
  it('starts one refresh of a burst, for all accounts or one', async () => {
    const { core, fake, added } = await withPlant({ limits: CALL_LIMITS });
    await new Promise((resolve) => setTimeout(resolve, 300));
    fake.clearRequests();
    const codes = await burst(core, 30, 'refresh', (index) =>
      index % 2 === 0 ? {} : { accountId: added.id },
    );
    // The first of each kind starts; the same kind again is that refresh; any other is refused.
    expect(codes.filter((code) => code === 'ok')).toHaveLength(15);
    expect(limited(codes)).toHaveLength(15);
    await new Promise((resolve) => setTimeout(resolve, 500));
    // One refresh: the team list read once.
    expect(fake.requests.filter((request) => request.path === '/api/v1/user/teams')).toHaveLength(
      1,
    );
  });
});
