/**
 * Token health, part three: a read-only token, or one limited to some teams (FlowFuse 2.32+,
 * which lists the scope with `/user/tokens`). The account knows it, and an instance action, a
 * rename or a device action the token may not make is refused in main with the words why ("This
 * token is read-only", "This token is limited to other teams"), before anything is sent: not
 * tried and refused by the server. A bulk action leaves such instances out and names them.
 */
import { describe, expect, it } from 'vitest';
import { seedUser } from '../tests/fake-server';
import { bulkSummary } from '../common/bulk';
import {
  call,
  server,
  state,
  testCore,
  waitForAccount,
  waitForRuntime,
} from '../tests/support/core-calls';

async function adaWith(token: { readOnly?: boolean; teams?: 'first' }) {
  const fake = await server();
  const ada = seedUser(fake, {
    username: 'ada',
    teams: [
      {
        name: 'Plant',
        role: 50,
        runtime: {
          applications: [
            {
              name: 'L',
              instances: [{ name: 'line-1' }],
              devices: [{ name: 'press-1', lastSeen: 'recent', state: 'running' }],
            },
          ],
        },
      },
      {
        name: 'Lab',
        role: 50,
        runtime: { applications: [{ name: 'M', instances: [{ name: 'lab-1' }] }] },
      },
    ],
  });
  const [plant, lab] = ada.teams;
  if (plant === undefined || lab === undefined) throw new Error('fixture');
  const value = fake.createToken(ada.user, {
    name: 'scoped',
    ...(token.readOnly === true ? { readOnly: true } : {}),
    ...(token.teams === 'first' ? { teamIds: [plant.id] } : {}),
  });
  fake.revokeToken(ada.token);
  const started = await testCore();
  const added = await call<{ id: string }>(started.core, 'addAccount', {
    url: fake.url,
    token: value,
  });
  await waitForAccount(started.core, added.id, (each) => each.tokenInfo !== null);
  const act = async (team: typeof plant, name: string) => {
    const runtime = await waitForRuntime(
      started.core,
      added.id,
      team.id,
      (each) => each.status === 'ok',
    );
    const instance = runtime.instances.find((each) => each.name === name);
    return call(started.core, 'instanceAction', {
      accountId: added.id,
      teamId: team.id,
      instanceId: instance?.id,
      action: 'restart',
    });
  };
  const posts = () => fake.requests.filter((each) => each.method === 'POST').length;
  /** Writes of any kind sent to the server: a POST, a PUT. */
  const writes = () =>
    fake.requests.filter((each) => each.method === 'POST' || each.method === 'PUT').length;
  const device = async (team: typeof plant, name: string) => {
    const runtime = await waitForRuntime(
      started.core,
      added.id,
      team.id,
      (each) => each.status === 'ok',
    );
    const found = runtime.devices.find((each) => each.name === name);
    if (found === undefined) throw new Error(`no device ${name}`);
    return { accountId: added.id, teamId: team.id, deviceId: found.id };
  };
  const instanceRef = async (team: typeof plant, name: string) => {
    const runtime = await waitForRuntime(
      started.core,
      added.id,
      team.id,
      (each) => each.status === 'ok',
    );
    const found = runtime.instances.find((each) => each.name === name);
    if (found === undefined) throw new Error(`no instance ${name}`);
    return { accountId: added.id, teamId: team.id, instanceId: found.id };
  };
  return { started, added, plant, lab, act, posts, writes, device, instanceRef };
}

describe('core: a read-only or team-limited token', () => {
  it('knows a read-only token, and refuses its actions in main before sending them', async () => {
    const { started, added, plant, act, posts } = await adaWith({ readOnly: true });
    const view = await waitForAccount(started.core, added.id, () => true);
    expect(view.tokenInfo?.readOnly).toBe(true);
    await expect(act(plant, 'line-1')).rejects.toMatchObject({
      code: 'forbidden',
      message: 'This token is read-only',
    });
    expect(posts()).toBe(0);
  });

  it('knows a team-limited token, and lets it act in its own team', async () => {
    // The other team's instances are hidden from it (403), so there is nothing there to act
    // on; common/token-health.test.ts proves the words for a team outside its scope.
    const { started, added, plant, act, posts } = await adaWith({ teams: 'first' });
    const view = await waitForAccount(started.core, added.id, () => true);
    expect(view.tokenInfo?.teams).toEqual([{ id: plant.id, name: 'Plant' }]);
    await act(plant, 'line-1');
    expect(posts()).toBe(1);
  });

  it('refuses a rename and the device actions of a read-only token in main, sending nothing', async () => {
    const { started, added, plant, writes, device } = await adaWith({ readOnly: true });
    await waitForAccount(started.core, added.id, (each) => each.tokenInfo !== null);
    const press = await device(plant, 'press-1');
    await expect(
      call(started.core, 'renameTeam', { accountId: added.id, teamId: plant.id, name: 'Works' }),
    ).rejects.toMatchObject({ code: 'forbidden', message: 'This token is read-only' });
    await expect(call(started.core, 'restartDevice', press)).rejects.toMatchObject({
      code: 'forbidden',
      message: 'This token is read-only',
    });
    await expect(
      call(started.core, 'setDeviceMode', { ...press, mode: 'developer' }),
    ).rejects.toMatchObject({ code: 'forbidden', message: 'This token is read-only' });
    expect(writes()).toBe(0);
    // The team's name and the device are as they were: nothing shown as on its way.
    const after = await waitForRuntime(started.core, added.id, plant.id, () => true);
    expect(after.devices.find((each) => each.id === press.deviceId)?.action).toBeNull();
  });

  it('refuses a rename of a team outside a team-limited token’s scope, with why', async () => {
    const { started, added, lab, writes } = await adaWith({ teams: 'first' });
    await waitForAccount(started.core, added.id, (each) => each.tokenInfo !== null);
    await expect(
      call(started.core, 'renameTeam', { accountId: added.id, teamId: lab.id, name: 'Bench' }),
    ).rejects.toMatchObject({ code: 'forbidden', message: 'This token is limited to other teams' });
    expect(writes()).toBe(0);
  });

  it('leaves a read-only token’s instances out of a bulk action and names them', async () => {
    const { started, added, plant, posts, instanceRef } = await adaWith({ readOnly: true });
    await waitForAccount(started.core, added.id, (each) => each.tokenInfo !== null);
    const line = await instanceRef(plant, 'line-1');
    await call(started.core, 'bulkInstanceAction', { action: 'restart', items: [line] });
    const deadline = Date.now() + 5_000;
    let run = (await state(started.core)).bulk;
    while (run?.finishedAt == null && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      run = (await state(started.core)).bulk;
    }
    expect(run?.items.map((item) => [item.outcome, item.reason])).toEqual([
      ['refused', 'the token for Plant is read-only'],
    ]);
    expect(run === null || run === undefined ? '' : bulkSummary(run)).toBe(
      '0 restarted · 1 refused: the token for Plant is read-only',
    );
    expect(posts()).toBe(0);
  });
});
