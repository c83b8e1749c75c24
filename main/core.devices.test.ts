/**
 * A device the user acts on, through the core's wiring and the fake FlowFuse server: restart its
 * Node-RED (owners), developer mode on and off (where the licence allows), its editor's page in
 * FlowFuse; a member refused before anything is sent; a server older than a route offers nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { SavedAccountRef } from '../common/contract';
import type { Device, TeamRuntime } from '../common/state';
import { startFakeFlowFuse, type FakeFlowFuse } from '../tests/fake-server';
import { seedPlant } from '../tests/fake-server/seed-plant';
import type { FakeServerOptions } from '../tests/fake-server/types';
import {
  call,
  replicaOf,
  testCore,
  waitForAccount,
  waitForRuntime,
} from '../tests/support/core-calls';
import { CALL_LIMITS } from './ipc/call-limits';

const servers: FakeFlowFuse[] = [];
afterEach(async () => {
  while (servers.length > 0) await servers.pop()?.close();
});

/** ada owns "Plant" (press-1 seen now, spare never seen, far seen hours ago); bob is a member. */
async function withDevices(
  options: FakeServerOptions = {},
  core: Parameters<typeof testCore>[0] = {},
) {
  const fake = await startFakeFlowFuse({ startDelayMs: 200, ...options });
  servers.push(fake);
  const ada = seedPlant(fake);
  const team = ada.teams[0];
  const plant = ada.runtimes[0];
  if (team === undefined || plant === undefined) throw new Error('fixture');
  const bob = fake.addUser({ username: 'bob' });
  fake.setRole(team, bob, 30);
  const bobToken = fake.createToken(bob);
  const started = await testCore(core);
  const add = async (token: string) => {
    const added = await call<SavedAccountRef>(started.core, 'addAccount', { url: fake.url, token });
    await waitForRuntime(started.core, added.id, team.id, (each) => each.status === 'ok');
    return added;
  };
  const device = (name: string) => {
    const found = plant.devices.find((each) => each.name === name);
    if (found === undefined) throw new Error(`no device ${name}`);
    return found;
  };
  return { ...started, fake, team, add, device, ada, bobToken };
}

const named = (runtime: TeamRuntime, name: string): Device | undefined =>
  runtime.devices.find((each) => each.name === name);

describe('core: acting on a device', () => {
  it('restarts a device as its owner and follows it until it runs again', async () => {
    const { core, fake, team, add, device, ada } = await withDevices({ deviceComms: true });
    const added = await add(ada.token);
    const replica = await replicaOf(core);
    const press = device('press-1');
    fake.clearRequests();
    await call(core, 'restartDevice', { accountId: added.id, teamId: team.id, deviceId: press.id });
    const sent = fake.requests.filter((each) => each.method === 'POST');
    expect(sent.map((each) => each.path)).toEqual([`/api/v1/devices/${press.id}/actions/restart`]);
    // The fake says `restarting` for 200 ms; the row follows until the device runs again.
    const settled = await waitForRuntime(
      core,
      added.id,
      team.id,
      (each) => named(each, 'press-1')?.action === null,
    );
    expect(named(settled, 'press-1')?.state).toBe('running');
    const shown = replica.trees.map((tree) =>
      tree.accounts[0]?.teams[0]?.runtime.devices.find((each) => each.id === press.id),
    );
    expect(shown.map((each) => each?.action)).toContain('restart');
    // Followed by reading the device itself, not by listing the team again.
    expect(fake.requests.some((each) => each.path === `/api/v1/devices/${press.id}`)).toBe(true);
  });

  it('says why FlowFuse could not restart it (no device broker: 2.4.0 here) and lets go', async () => {
    const { core, team, add, device, ada } = await withDevices();
    const added = await add(ada.token);
    const press = device('press-1');
    await expect(
      call(core, 'restartDevice', { accountId: added.id, teamId: team.id, deviceId: press.id }),
    ).rejects.toThrow(/cannot reach its devices/);
    const runtime = await waitForRuntime(core, added.id, team.id, () => true);
    expect(named(runtime, 'press-1')?.action).toBeNull();
  });

  it('refuses a member before anything is sent, in words', async () => {
    const { core, fake, team, add, device, bobToken } = await withDevices({ deviceComms: true });
    const added = await add(bobToken);
    fake.clearRequests();
    await expect(
      call(core, 'restartDevice', {
        accountId: added.id,
        teamId: team.id,
        deviceId: device('press-1').id,
      }),
    ).rejects.toThrow('Only team owners can restart a device; you are a member here.');
    expect(fake.requests.filter((each) => each.method !== 'GET')).toEqual([]);
  });

  it('turns developer mode on and off, and opens FlowFuse’s page for the editor', async () => {
    const { core, fake, team, add, device, ada, shell } = await withDevices({ version: '2.27.0' });
    const added = await add(ada.token);
    const press = device('press-1');
    const ref = { accountId: added.id, teamId: team.id, deviceId: press.id };
    await expect(call(core, 'openDevice', { ...ref, page: 'editor' })).rejects.toThrow(
      /Developer mode is off/,
    );
    await call(core, 'setDeviceMode', { ...ref, mode: 'developer' });
    const on = await waitForRuntime(core, added.id, team.id, () => true);
    expect(named(on, 'press-1')).toMatchObject({ mode: 'developer', action: null });
    expect(press.mode).toBe('developer');
    const put = fake.requests.find((each) => each.method === 'PUT');
    expect(put?.body).toBe('{"mode":"developer"}');
    await call(core, 'openDevice', { ...ref, page: 'editor' });
    // FlowFuse's own page for it: the tunnel's address never leaves the server.
    expect(shell.opened).toEqual([`${fake.origin}/device/${press.id}/editor`]);
    await call(core, 'setDeviceMode', { ...ref, mode: 'autonomous' });
    const off = await waitForRuntime(core, added.id, team.id, () => true);
    expect(named(off, 'press-1')?.mode).toBe('autonomous');
  });

  it('opens the device’s overview for its editor on a FlowFuse without an editor page', async () => {
    const { core, fake, team, add, device, ada, shell } = await withDevices();
    const added = await add(ada.token);
    const press = device('press-1');
    const ref = { accountId: added.id, teamId: team.id, deviceId: press.id };
    await call(core, 'setDeviceMode', { ...ref, mode: 'developer' });
    await call(core, 'openDevice', { ...ref, page: 'editor' });
    expect(shell.opened).toEqual([`${fake.origin}/device/${press.id}/overview`]);
  });

  it('says so when the licence leaves developer mode out, and the account stops offering it', async () => {
    const { core, team, add, device, ada } = await withDevices({ licensed: false });
    const added = await add(ada.token);
    await expect(
      call(core, 'setDeviceMode', {
        accountId: added.id,
        teamId: team.id,
        deviceId: device('press-1').id,
        mode: 'developer',
      }),
    ).rejects.toThrow(/licence does not include developer mode/);
    const account = await waitForAccount(core, added.id, () => true);
    expect(account.deviceRoutes).toEqual({ restart: 'unknown', mode: 'unlicensed' });
    expect(named(account.teams[0]?.runtime as TeamRuntime, 'press-1')?.mode).toBe('autonomous');
  });

  it('offers nothing, and says nothing, where the server is older than the restart route', async () => {
    const { core, fake, team, add, device, ada } = await withDevices({
      version: '2.1.0',
      deviceComms: true,
    });
    const added = await add(ada.token);
    fake.clearRequests();
    await call(core, 'restartDevice', {
      accountId: added.id,
      teamId: team.id,
      deviceId: device('press-1').id,
    });
    expect(fake.requests.filter((each) => each.method === 'POST')).toEqual([]);
    const account = await waitForAccount(core, added.id, () => true);
    expect(account.deviceRoutes.restart).toBe('missing');
    expect(account.error).toBeNull();
  });

  it('takes a 404 from a server of unknown version as a missing route, quietly', async () => {
    const { core, fake, team, add, device, ada } = await withDevices({ version: 'dev' });
    const added = await add(ada.token);
    const press = device('press-1');
    fake.setFault(
      { kind: 'status', status: 404, body: 'json' },
      { path: `/api/v1/devices/${press.id}/actions/restart` },
    );
    await call(core, 'restartDevice', { accountId: added.id, teamId: team.id, deviceId: press.id });
    const account = await waitForAccount(core, added.id, () => true);
    expect(account.deviceRoutes.restart).toBe('missing');
    expect(named(account.teams[0]?.runtime as TeamRuntime, 'press-1')?.action).toBeNull();
  });

  it('reports a 404 from a server that has the route: the device is gone', async () => {
    const { core, fake, team, add, device, ada } = await withDevices();
    const added = await add(ada.token);
    const press = device('press-1');
    fake.setFault(
      { kind: 'status', status: 404, body: 'json' },
      { path: `/api/v1/devices/${press.id}/actions/restart` },
    );
    await expect(
      call(core, 'restartDevice', { accountId: added.id, teamId: team.id, deviceId: press.id }),
    ).rejects.toThrow(/no longer on/);
    const account = await waitForAccount(core, added.id, () => true);
    expect(account.deviceRoutes.restart).toBe('unknown');
  });

  it('takes a double click on Restart as one, within the device-action limit', async () => {
    const { core, fake, team, add, device, ada } = await withDevices(
      { deviceComms: true },
      { limits: CALL_LIMITS },
    );
    const added = await add(ada.token);
    const ref = { accountId: added.id, teamId: team.id, deviceId: device('press-1').id };
    fake.clearRequests();
    await call(core, 'restartDevice', ref);
    await call(core, 'restartDevice', ref);
    expect(fake.requests.filter((each) => each.method === 'POST')).toHaveLength(1);
    // Another device at once is too close: said, not sent.
    await expect(
      call(core, 'restartDevice', { ...ref, deviceId: device('far').id }),
    ).rejects.toThrow(/Too many device actions/);
  });
});
