/**
 * The runtime through the core's wiring: the tray, notifications on transitions, a team the token
 * may not see, requests at a time per server, and last-known instances after a restart.
 */
import { describe, expect, it } from 'vitest';
import { seedUser, startFakeFlowFuse } from '../tests/fake-server';
import {
  call,
  instanceState,
  replicaOf,
  testCore,
  waitForRuntime,
  withPlant,
} from '../tests/support/core-calls';

describe('core: instances and devices', () => {
  it('turns the tray to attention when an instance crashes, and tells the user once', async () => {
    const { core, fake, added, team, instance, notifier } = await withPlant();
    expect(core.trayStatus()).toBe('ok');
    expect(notifier.shown).toEqual([]);
    fake.setInstanceState(instance('line-1'), 'crashed');
    await call(core, 'refresh', { accountId: added.id });
    await waitForRuntime(
      core,
      added.id,
      team.id,
      (each) => instanceState(each, 'line-1') === 'crashed',
    );
    expect(core.trayStatus()).toBe('attention');
    // Told once the audit log said what changed before it (a read, not a timer).
    await expect.poll(() => notifier.shown.map((each) => each.title)).toEqual(['line-1 crashed']);
    expect(notifier.shown[0]?.target).toEqual({
      accountId: added.id,
      teamId: team.id,
      item: { kind: 'instance', id: instance('line-1').id },
    });
    fake.setInstanceState(instance('line-1'), 'running');
    await call(core, 'refresh', { accountId: added.id });
    await waitForRuntime(
      core,
      added.id,
      team.id,
      (each) => instanceState(each, 'line-1') === 'running',
    );
    expect(core.trayStatus()).toBe('ok');
  });

  it('shows a team the token may not see as hidden, without failing the account', async () => {
    const fake = await startFakeFlowFuse();
    const dee = seedUser(fake, {
      username: 'dee',
      teams: [
        {
          name: 'Dashboards',
          role: 5,
          runtime: { applications: [{ name: 'A', instances: [{ name: 'x' }] }] },
        },
        {
          name: 'Mine',
          role: 50,
          runtime: { applications: [{ name: 'B', instances: [{ name: 'y' }] }] },
        },
      ],
    });
    const { core } = await testCore();
    const added = await call<{ id: string }>(core, 'addAccount', {
      url: fake.url,
      token: dee.token,
    });
    const [hiddenTeam, mine] = dee.teams;
    if (hiddenTeam === undefined || mine === undefined) throw new Error('fixture');
    const hidden = await waitForRuntime(
      core,
      added.id,
      hiddenTeam.id,
      (each) => each.status !== 'loading',
    );
    expect(hidden.status).toBe('hidden');
    // The status says it; no reason crosses the bridge for each such team.
    expect(hidden.error).toBeNull();
    // No request was spent on a role that can only earn a 403.
    expect(fake.requests.some((request) => request.path.includes(`/teams/${hiddenTeam.id}/`))).toBe(
      false,
    );
    const shown = await waitForRuntime(core, added.id, mine.id, (each) => each.status === 'ok');
    expect(shown.instances.map((each) => each.name)).toEqual(['y']);
    await fake.close();
  });

  it('sends at most 4 requests at a time to one server, however many teams it has', async () => {
    const fake = await startFakeFlowFuse();
    const many = seedUser(fake, {
      username: 'many',
      teams: Array.from({ length: 12 }, (_, index) => ({
        name: `Team ${index}`,
        role: 50 as const,
        runtime: { applications: [{ name: 'App', instances: [{ name: `i-${index}` }] }] },
      })),
    });
    let inFlight = 0;
    let most = 0;
    const counting: typeof fetch = async (input, init) => {
      const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
      const runtimeCall = /\/teams\/[^/]+\/(projects|devices|applications)/.test(path);
      if (runtimeCall) most = Math.max(most, (inFlight += 1));
      try {
        return await fetch(input, init);
      } finally {
        if (runtimeCall) inFlight -= 1;
      }
    };
    fake.setFault({ kind: 'latency', ms: 30 }, { path: '/api/v1/teams/' });
    const { core } = await testCore({ fetch: counting });
    const added = await call<{ id: string }>(core, 'addAccount', {
      url: fake.url,
      token: many.token,
    });
    const last = many.teams.at(-1);
    if (last === undefined) throw new Error('fixture');
    for (const team of many.teams) {
      await waitForRuntime(core, added.id, team.id, (each) => each.status === 'ok', 10_000);
    }
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(4);
    await fake.close();
  });

  it('spends no call on what the team list counts as none', async () => {
    const fake = await startFakeFlowFuse();
    const empty = seedUser(fake, { username: 'empty', teams: [{ name: 'Nothing yet', role: 50 }] });
    const team = empty.teams[0];
    if (team === undefined) throw new Error('fixture');
    const { core } = await testCore();
    const added = await call<{ id: string }>(core, 'addAccount', {
      url: fake.url,
      token: empty.token,
    });
    const read = await waitForRuntime(core, added.id, team.id, (each) => each.status === 'ok');
    expect(read.instances).toEqual([]);
    const paths = fake.requests.map((request) => request.path);
    // The fake sends deviceCount as FlowFuse 2.29+ does: 0 devices, 0 instances, no call.
    expect(paths.filter((path) => path.includes(`/teams/${team.id}/`))).toEqual([]);
    await fake.close();
  });

  it('shows the last-known instances and devices at once after a restart, with their age', async () => {
    const started = await withPlant();
    started.fake.setFault({ kind: 'hang' });
    const again = await started.restart();
    const cached = await waitForRuntime(again, started.added.id, started.team.id, () => true);
    expect(cached.status).toBe('ok');
    expect(cached.instances.map((each) => each.name)).toEqual(['line-1', 'line-1-ui']);
    expect(cached.fetchedAt).toBe(started.runtime.fetchedAt);
    expect(cached.devices).toHaveLength(3);
  });

  it('tells the user at once when an action ends in a crash, and caches the settled state', async () => {
    const started = await withPlant();
    const { core, fake, added, team, instance, notifier } = started;
    const target = instance('line-1');
    await call(core, 'instanceAction', {
      accountId: added.id,
      teamId: team.id,
      instanceId: target.id,
      action: 'restart',
    });
    // The restart was accepted; the instance then crashes before it settles.
    fake.setInstanceState(target, 'crashed');
    await waitForRuntime(
      core,
      added.id,
      team.id,
      (each) => instanceState(each, 'line-1') === 'crashed',
    );
    // Told by the action's own polling: no full read of the team came in between.
    // Told once the audit log said what changed before it (a read, not a timer).
    await expect.poll(() => notifier.shown.map((each) => each.title)).toEqual(['line-1 crashed']);
    fake.setFault({ kind: 'hang' });
    const again = await started.restart();
    const cached = await waitForRuntime(again, added.id, team.id, () => true);
    expect(instanceState(cached, 'line-1')).toBe('crashed');
  });

  it('tells of a Stop that ends in a crash with the poll that finds it, and caches it settled', async () => {
    const started = await withPlant();
    const { core, fake, added, team, instance, notifier } = started;
    const target = instance('line-1');
    const replica = await replicaOf(core);
    fake.clearRequests();
    await call(core, 'instanceAction', {
      accountId: added.id,
      teamId: team.id,
      instanceId: target.id,
      action: 'stop',
    });
    // The stop was accepted; the instance then crashes before the first poll.
    fake.setInstanceState(target, 'crashed');
    await waitForRuntime(
      core,
      added.id,
      team.id,
      (each) => instanceState(each, 'line-1') === 'crashed',
    );
    // Told once the audit log said what changed before it (a read, not a timer).
    await expect.poll(() => notifier.shown.map((each) => each.title)).toEqual(['line-1 crashed']);
    // The row turned red in the change that let go of the action ("stopping" until then).
    const rows = replica.trees.map((tree) =>
      tree.accounts[0]?.teams[0]?.runtime.instances.find((each) => each.id === target.id),
    );
    const red = rows.find((row) => row?.state === 'crashed');
    expect(red?.action).toBeNull();
    expect(rows.map((row) => row?.state)).toContain('stopping');
    // Found by the action's own polling: the team's instances were not listed again.
    const lists = fake.requests.filter((request) =>
      request.path.startsWith(`/api/v1/teams/${team.id}/projects`),
    );
    expect(lists).toEqual([]);
    fake.setFault({ kind: 'hang' });
    const again = await started.restart();
    const cached = await waitForRuntime(again, added.id, team.id, () => true);
    expect(instanceState(cached, 'line-1')).toBe('crashed');
  });

  it('stops following an action when the core is disposed (quitting): no poll after it', async () => {
    const { core, fake, added, team, instance } = await withPlant();
    await call(core, 'instanceAction', {
      accountId: added.id,
      teamId: team.id,
      instanceId: instance('line-1').id,
      action: 'stop',
    });
    // The stub stays "stopping": the action is followed until it settles, or the core goes.
    fake.setInstanceState(instance('line-1'), 'stopping');
    core.dispose();
    fake.clearRequests();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(fake.requests.map((request) => request.path)).toEqual([]);
  });
});
