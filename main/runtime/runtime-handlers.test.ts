/**
 * The runtime area through a real core and the fake FlowFuse 2.4.0 over real HTTP: what the
 * popover gets about a team's instances and devices, the actions and their rules, the pages main
 * opens, and the teams kept fresh while on screen.
 */
import { describe, expect, it } from 'vitest';
import {
  call,
  instanceState,
  replicaOf,
  waitForRuntime,
  withPlant,
} from '../../tests/support/core-calls';
import { ACTION_PATH } from '../../tests/fake-server/runtime-routes';

describe('runtime handlers', () => {
  it('shows each instance with its application and state, and each device with when it was seen', async () => {
    const { runtime } = await withPlant();
    const instances = (key: 'name' | 'application' | 'state' | 'action') =>
      runtime.instances.map((instance) => instance[key]);
    expect(instances('name')).toEqual(['line-1', 'line-1-ui']);
    expect(instances('application')).toEqual(['Line 1', 'Line 1']);
    expect(instances('state')).toEqual(['running', 'suspended']);
    expect(instances('action')).toEqual([null, null]);
    expect(runtime.devices.map((device) => device.name).sort()).toEqual([
      'far',
      'press-1',
      'spare',
    ]);
    const seen = (name: string) =>
      runtime.devices.find((device) => device.name === name)?.lastSeenAt;
    expect(seen('spare')).toBeNull();
    expect(Date.now() - (seen('press-1') ?? 0)).toBeLessThan(60_000);
    expect(runtime.fetchedAt).not.toBeNull();
  });

  it('stops an instance: "stopping" at once, then what the server settles on', async () => {
    const { core, added, team, instance } = await withPlant();
    // What the renderer's replica shows after each push.
    const replica = await replicaOf(core);
    const states = () => {
      const seen: string[] = [];
      for (const tree of replica.trees) {
        const runtime = tree.accounts[0]?.teams.find((each) => each.id === team.id)?.runtime;
        const state = runtime === undefined ? undefined : instanceState(runtime, 'line-1');
        if (state !== undefined && seen.at(-1) !== state) seen.push(state);
      }
      return seen;
    };
    await call(core, 'instanceAction', {
      accountId: added.id,
      teamId: team.id,
      instanceId: instance('line-1').id,
      action: 'stop',
    });
    const settled = await waitForRuntime(
      core,
      added.id,
      team.id,
      (each) => each.instances[0]?.action === null,
    );
    expect(instanceState(settled, 'line-1')).toBe('stopped');
    expect(states()[0]).toBe('stopping');
    expect(states().at(-1)).toBe('stopped');
  });

  it('starts a suspended instance through "starting" to "running"', async () => {
    const { core, added, team, instance } = await withPlant();
    await call(core, 'instanceAction', {
      accountId: added.id,
      teamId: team.id,
      instanceId: instance('line-1-ui').id,
      action: 'start',
    });
    const seen = await waitForRuntime(
      core,
      added.id,
      team.id,
      (each) => instanceState(each, 'line-1-ui') === 'starting',
    );
    expect(seen.instances[1]?.action).toBe('start');
    const settled = await waitForRuntime(
      core,
      added.id,
      team.id,
      (each) =>
        instanceState(each, 'line-1-ui') === 'running' && each.instances[1]?.action === null,
    );
    expect(settled.status).toBe('ok');
  });

  it('refuses what the state does not allow, before asking FlowFuse, and says why', async () => {
    const { core, fake, added, team, instance } = await withPlant();
    const posts = () => fake.requests.filter((request) => request.method === 'POST').length;
    const before = posts();
    await expect(
      call(core, 'instanceAction', {
        accountId: added.id,
        teamId: team.id,
        instanceId: instance('line-1-ui').id,
        action: 'stop',
      }),
    ).rejects.toMatchObject({
      code: 'action_refused',
      message: expect.stringContaining('suspended') as string,
    });
    expect(posts()).toBe(before);
  });

  it('puts the state back and says why when FlowFuse refuses (a 500 here)', async () => {
    const { core, fake, added, team, instance } = await withPlant();
    fake.setFault({ kind: 'status', status: 500 }, { method: 'POST' });
    await expect(
      call(core, 'instanceAction', {
        accountId: added.id,
        teamId: team.id,
        instanceId: instance('line-1').id,
        action: 'suspend',
      }),
    ).rejects.toMatchObject({ code: 'server_error' });
    const after = await waitForRuntime(core, added.id, team.id, () => true);
    expect(instanceState(after, 'line-1')).toBe('running');
    expect(after.instances.map((each) => each.action)).toEqual([null, null]);
    expect(instance('line-1').state).toBe('running');
  });

  it('lets only owners act: a member hears why and FlowFuse is not asked', async () => {
    const { fake, team, instance } = await withPlant();
    const bob = fake.addUser({ username: 'bob' });
    fake.setRole(team, bob, 30);
    const member = await withPlantMember(fake.url, fake.createToken(bob), team.id);
    const before = fake.requests.filter((request) => request.method === 'POST').length;
    await expect(
      call(member.core, 'instanceAction', {
        accountId: member.accountId,
        teamId: team.id,
        instanceId: instance('line-1').id,
        action: 'stop',
      }),
    ).rejects.toMatchObject({
      code: 'forbidden',
      message: 'Only team owners can start or stop instances; you are a member here.',
    });
    expect(fake.requests.filter((request) => request.method === 'POST').length).toBe(before);
  });

  it('opens the editor the server gave, the instance and device pages, and nothing else', async () => {
    const { core, shell, fake, added, team, instance, plant } = await withPlant();
    const device = plant.devices[0];
    if (device === undefined) throw new Error('fixture');
    const base = { accountId: added.id, teamId: team.id, instanceId: instance('line-1').id };
    await call(core, 'openInstance', { ...base, page: 'editor' });
    await call(core, 'openInstance', { ...base, page: 'flowfuse' });
    await call(core, 'openDevice', { accountId: added.id, teamId: team.id, deviceId: device.id });
    expect(shell.opened).toEqual([
      'http://line-1.example.com/',
      `${fake.origin}/instance/${instance('line-1').id}`,
      `${fake.origin}/device/${device.id}`,
    ]);
    await expect(
      call(core, 'openInstance', { ...base, instanceId: 'not-listed', page: 'editor' }),
    ).rejects.toMatchObject({ code: 'not_found' });
    await expect(
      call(core, 'openInstance', { ...base, page: 'editor', url: 'https://evil.example' }),
    ).rejects.toMatchObject({ code: 'invalid_request' });
    expect(shell.opened).toHaveLength(3);
  });

  it('reads the teams on screen again when they are older than the interval', async () => {
    const { core, fake, added, team } = await withPlant();
    const reads = () =>
      fake.requests.filter((request) =>
        request.path.startsWith(`/api/v1/teams/${team.id}/projects`),
      ).length;
    const before = reads();
    // Just read: watching it sends nothing now.
    await call(core, 'watchTeams', { teams: [{ accountId: added.id, teamId: team.id }] });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(reads()).toBe(before);
    await call(core, 'watchTeams', { teams: [] });
  });
});

/** Another core with bob (a member) saved, his team's runtime read. */
async function withPlantMember(url: string, token: string, teamId: string) {
  const { testCore } = await import('../../tests/support/core-calls');
  const started = await testCore();
  const added = await call<{ id: string }>(started.core, 'addAccount', { url, token });
  await waitForRuntime(started.core, added.id, teamId, (each) => each.status === 'ok');
  return { core: started.core, accountId: added.id };
}

describe('an action under way', () => {
  const restart = (accountId: string, teamId: string, instanceId: string) => ({
    accountId,
    teamId,
    instanceId,
    action: 'restart',
  });

  it('sends one of three Restarts clicked at once: the others hear it is under way', async () => {
    const { core, fake, added, team, instance } = await withPlant();
    fake.clearRequests();
    const request = restart(added.id, team.id, instance('line-1').id);
    const results = await Promise.all(
      [1, 2, 3].map(() => core.dispatch('instanceAction', request)),
    );
    const codes = results.map((result) => (result.ok ? 'ok' : result.error.code));
    expect(codes.filter((code) => code === 'ok')).toHaveLength(1);
    expect(codes.filter((code) => code === 'invalid_request')).toHaveLength(2);
    const posts = fake.requests.filter(
      (each) => each.method === 'POST' && ACTION_PATH.test(each.path),
    );
    expect(posts).toHaveLength(1);
  });

  it('takes the action again once one FlowFuse refused is over', async () => {
    const { core, fake, added, team, instance } = await withPlant();
    fake.setFault({ kind: 'status', status: 500 }, { path: ACTION_PATH, times: 1 });
    const request = restart(added.id, team.id, instance('line-1').id);
    const refused = await core.dispatch('instanceAction', request);
    expect(refused.ok).toBe(false);
    expect(await core.dispatch('instanceAction', request)).toEqual({
      ok: true,
      value: null,
      version: expect.any(Number) as number,
    });
  });
});
