/** The runtime calls against the fake FlowFuse 2.4.0 over real HTTP. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeFlowFuse, type FakeFlowFuse } from '../../tests/fake-server';
import { seedPlant as seedFakePlant } from '../../tests/fake-server/seed-plant';
import { clientFor, failureOf } from '../../tests/support/flowfuse-client-harness';

let fake: FakeFlowFuse;
beforeEach(async () => {
  fake = await startFakeFlowFuse({ startDelayMs: 200 });
});
afterEach(async () => {
  await fake.close();
});

const seedPlant = () => seedFakePlant(fake);

describe('runtime calls', () => {
  it('lists instances without state on 2.4 (includeMeta is ignored), and the states apart', async () => {
    const ada = seedPlant();
    const team = ada.teams[0]?.id ?? '';
    const client = clientFor(fake, ada.token);
    const list = await client.listInstances(team);
    expect(list.withState).toBe(false);
    expect(list.instances.map((each) => [each.name, each.application, each.state])).toEqual([
      ['line-1', 'Line 1', null],
      ['line-1-ui', 'Line 1', null],
    ]);
    expect(list.instances[0]?.url).toBe('http://line-1.example.com');
    const states = await client.instanceStates(team);
    const ids = ada.runtimes[0]?.instances.map((each) => each.id) ?? [];
    expect(ids.map((id) => states.get(id))).toEqual(['running', 'suspended']);
  });

  it('follows the device pages to the end, with last-seen times on this clock', async () => {
    const ada = seedPlant();
    const team = ada.teams[0];
    if (team === undefined) throw new Error('fixture');
    for (let index = 0; index < 150; index += 1) fake.addDevice(team, { name: `edge-${index}` });
    const before = Date.now();
    const { devices, leftOut } = await clientFor(fake, ada.token).listDevices(team.id);
    expect(leftOut).toBeNull();
    expect(devices).toHaveLength(153);
    expect(new Set(devices.map((device) => device.id)).size).toBe(153);
    const pages = fake.requests.filter((request) => request.path.includes('/devices'));
    expect(pages.length).toBeGreaterThanOrEqual(2);
    const press = devices.find((device) => device.name === 'press-1');
    expect(press?.state).toBe('running');
    expect(press?.lastSeenAt).toBeGreaterThan(before - 60_000);
    expect(devices.find((device) => device.name === 'spare')?.lastSeenAt).toBeNull();
    const far = devices.find((device) => device.name === 'far')?.lastSeenAt ?? 0;
    expect(before - far).toBeGreaterThan(60 * 60 * 1000);
  });

  it('leaves out an instance or a device it cannot read and names it; lists the others', async () => {
    const ada = seedPlant();
    const team = ada.teams[0]?.id ?? '';
    fake.addFault(
      { kind: 'extra-items', key: 'projects', items: [{ id: 'p-odd', name: ['not', 'text'] }] },
      { path: `/api/v1/teams/${team}/projects` },
    );
    fake.addFault(
      { kind: 'extra-items', key: 'devices', items: [{ name: 'gw-odd' }] },
      { path: `/api/v1/teams/${team}/devices` },
    );
    const client = clientFor(fake, ada.token);
    const list = await client.listInstances(team);
    expect(list.instances.map((each) => each.name)).toEqual(['line-1', 'line-1-ui']);
    expect(list.leftOut).toEqual({ unread: ['id p-odd'], unreadCount: 1, more: 0 });
    const { devices, leftOut } = await client.listDevices(team);
    expect(devices.length).toBeGreaterThan(0);
    expect(leftOut).toEqual({ unread: ['gw-odd'], unreadCount: 1, more: 0 });
  });

  it('keeps 500 instances and 500 devices of a team, and counts the rest', async () => {
    const ada = seedPlant();
    const team = ada.teams[0];
    if (team === undefined) throw new Error('fixture');
    const before = (await clientFor(fake, ada.token).listDevices(team.id)).devices.length;
    const application = fake.addApplication(team, { name: 'Many' });
    for (let index = 0; index < 600; index += 1) {
      fake.addInstance(application, { name: `many-${index}` });
    }
    for (let index = 0; index < 1200; index += 1) fake.addDevice(team, { name: `edge-${index}` });
    fake.clearRequests();
    const client = clientFor(fake, ada.token);
    const list = await client.listInstances(team.id);
    expect(list.instances).toHaveLength(500);
    expect(list.leftOut).toEqual({ unread: [], unreadCount: 0, more: 102 });
    const { devices, leftOut } = await client.listDevices(team.id);
    expect(devices).toHaveLength(500);
    expect(leftOut).toEqual({ unread: [], unreadCount: 0, more: 1200 + before - 500 });
    const pages = fake.requests.filter((request) => request.path.includes('/devices'));
    expect(pages).toHaveLength(5);
  });

  it('acts on an instance and reads its state back; a suspended one takes Start only', async () => {
    const ada = seedPlant();
    const [running, suspended] = ada.runtimes[0]?.instances ?? [];
    if (running === undefined || suspended === undefined) throw new Error('fixture');
    const client = clientFor(fake, ada.token);
    await client.instanceAction(running.id, 'stop');
    expect(await client.instanceState(running.id)).toBe('stopped');
    const refused = await failureOf(client.instanceAction(suspended.id, 'stop'));
    expect(refused).toMatchObject({ code: 'action_refused' });
    expect(refused.message).toContain('suspended');
    await client.instanceAction(suspended.id, 'start');
    expect(await client.instanceState(suspended.id)).toBe('starting');
  });

  it('says only owners may act when a member tries (403), and hides nothing else', async () => {
    const ada = seedPlant();
    const team = ada.teams[0];
    const instance = ada.runtimes[0]?.instances[0];
    if (team === undefined || instance === undefined) throw new Error('fixture');
    const bob = fake.addUser({ username: 'bob' });
    fake.setRole(team, bob, 30);
    const client = clientFor(fake, fake.createToken(bob));
    expect(await failureOf(client.instanceAction(instance.id, 'stop'))).toMatchObject({
      code: 'forbidden',
      message: expect.stringContaining('only a team owner') as string,
    });
    expect((await client.listInstances(team.id)).instances).toHaveLength(2);
  });

  it('reads a dashboard-only role as forbidden, the way the team is then shown as hidden', async () => {
    const ada = seedPlant();
    const team = ada.teams[0];
    if (team === undefined) throw new Error('fixture');
    const dee = fake.addUser({ username: 'dee' });
    fake.setRole(team, dee, 5);
    const client = clientFor(fake, fake.createToken(dee));
    expect(await failureOf(client.listInstances(team.id))).toMatchObject({ code: 'forbidden' });
    expect(await failureOf(client.listDevices(team.id))).toMatchObject({ code: 'forbidden' });
  });
});
