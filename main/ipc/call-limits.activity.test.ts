/**
 * The limits on the newer bridge calls (call-limits.ts), through a real core with the app's own
 * limits and the fake FlowFuse over real HTTP, each call as a compromised renderer would make it:
 * log reads across many instances, the same notification marked read again and again, the
 * teams on screen watched again and again while their read fails, and copy after copy of a log.
 */
import { describe, expect, it } from 'vitest';
import type { SavedAccountRef } from '../../common/contract';
import { seedUser, startFakeFlowFuse } from '../../tests/fake-server';
import {
  call,
  testCore,
  waitForAccount,
  waitForRuntime,
  withPlant,
} from '../../tests/support/core-calls';
import { afterEach } from 'vitest';
import { CALL_LIMITS } from './call-limits';

const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  while (servers.length > 0) await servers.pop()?.close();
});

/** ada's team of `count` running instances (and her inbox), a core on a clock the test moves. */
async function fleet(count: number, runtimeFails = false) {
  const fake = await startFakeFlowFuse({ notifications: true });
  servers.push(fake);
  const ada = seedUser(fake, {
    username: 'ada',
    teams: [
      {
        name: 'Fleet',
        role: 50,
        runtime: {
          applications: [
            {
              name: 'Lines',
              instances: Array.from({ length: count }, (_, i) => ({ name: `line-${i}` })),
            },
          ],
        },
      },
    ],
  });
  // A team whose instances cannot be read: its runtime has no time of a read.
  if (runtimeFails) fake.setFault({ kind: 'status', status: 500 }, { path: /\/projects/ });
  const clock = { now: Date.now() };
  const { core, shell } = await testCore({ limits: CALL_LIMITS, now: () => clock.now });
  const added = await call<SavedAccountRef>(core, 'addAccount', {
    url: fake.url,
    token: ada.token,
  });
  const team = ada.teams[0];
  if (team === undefined) throw new Error('seed');
  const runtime = await waitForRuntime(core, added.id, team.id, (each) =>
    runtimeFails ? each.error !== null : each.status === 'ok',
  );
  return { fake, ada, core, shell, clock, added, team, runtime };
}

const codesOf = (results: readonly { ok: boolean; error?: { code: string } }[]) =>
  results.map((result) => (result.ok ? 'ok' : (result.error?.code ?? '?')));

describe('the limits on log reads, mark-reads, watched teams and copies', () => {
  it('reads at most 20 logs a minute for the page, however many instances it names', async () => {
    const { fake, core, clock, added, team, runtime } = await fleet(50);
    const reads = () => fake.requests.filter((each) => each.path.includes('/logs')).length;
    const before = reads();
    const results = [];
    for (const instance of runtime.instances) {
      results.push(
        await core.dispatch('readInstanceLog', {
          accountId: added.id,
          teamId: team.id,
          instanceId: instance.id,
        }),
      );
      clock.now += CALL_LIMITS.logReads.gapMs;
    }
    const codes = codesOf(results);
    expect(codes.filter((code) => code === 'ok')).toHaveLength(CALL_LIMITS.logReads.max);
    expect(codes.filter((code) => code === 'rate_limited')).toHaveLength(
      50 - CALL_LIMITS.logReads.max,
    );
    expect(reads() - before).toBe(CALL_LIMITS.logReads.max);
  });

  it('marks a notification read once, however often the page asks', async () => {
    const { fake, ada, core, added, runtime } = await fleet(1);
    const instance = runtime.instances[0];
    if (instance === undefined) throw new Error('seed');
    const notification = fake.addNotification(ada.user, {
      type: 'instance-crashed',
      data: { instance: { id: instance.id, name: instance.name } },
    });
    await call(core, 'refresh', { accountId: added.id });
    await waitForAccount(core, added.id, (each) => each.inbox.notifications.length === 1);
    const puts = () => fake.requests.filter((each) => each.method === 'PUT').length;
    const results = [];
    for (let index = 0; index < 50; index += 1) {
      results.push(
        await core.dispatch('markNotificationsRead', {
          accountId: added.id,
          ids: [notification.id],
        }),
      );
    }
    expect(codesOf(results).every((code) => code === 'ok')).toBe(true);
    expect(puts()).toBe(1);
  });

  it('reads a watched team whose read fails once, not once per watch', async () => {
    const { fake, core, added, team, runtime } = await fleet(1, true);
    expect(runtime.fetchedAt).toBeNull();
    const reads = () => fake.requests.filter((each) => each.path.includes('/projects')).length;
    const before = reads();
    // Each watch after the failed read before it has answered.
    for (let index = 0; index < 20; index += 1) {
      await call(core, 'watchTeams', { teams: [{ accountId: added.id, teamId: team.id }] });
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    await call(core, 'watchTeams', { teams: [] });
    expect(reads() - before).toBe(1);
  });

  it('copies a log once for a burst, and at most 10 times a minute', async () => {
    const { core, shell, added, team, instance } = await withPlant({ limits: CALL_LIMITS });
    const ref = { accountId: added.id, teamId: team.id, instanceId: instance('line-1').id };
    await call(core, 'readInstanceLog', ref);
    const codes = codesOf(
      await Promise.all(Array.from({ length: 100 }, () => core.dispatch('copyInstanceLog', ref))),
    );
    // The same text again within the gap is a double click: one copy, the rest quietly none.
    expect(codes.every((code) => code === 'ok')).toBe(true);
    expect(shell.copied).toHaveLength(1);
    // Another text within the gap is refused.
    const other = await core.dispatch('copyTeamUrl', { accountId: added.id, teamId: team.id });
    expect(codesOf([other])).toEqual(['rate_limited']);
    expect(shell.copied).toHaveLength(1);
  });
});
