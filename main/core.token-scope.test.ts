/**
 * Token health, part three: a read-only token, or one limited to some teams (FlowFuse 2.32+,
 * which lists the scope with `/user/tokens`). The account knows it, and an instance action the
 * token may not make is refused in main with the words why ("This token is read-only"), before
 * anything is sent: not tried and refused by the server.
 */
import { describe, expect, it } from 'vitest';
import { seedUser } from '../tests/fake-server';
import {
  call,
  server,
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
        runtime: { applications: [{ name: 'L', instances: [{ name: 'line-1' }] }] },
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
  return { started, added, plant, lab, act, posts };
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
});
