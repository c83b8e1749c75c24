/**
 * A token refused on any call, not only the team list: an instance action, a team's read, a
 * rename. The account turns to "unauthorized" at once (the popover then shows "Token expired or
 * revoked" with Replace token), without waiting for the next refresh.
 */
import { describe, expect, it } from 'vitest';
import { AppError } from '../common/errors';
import {
  call,
  replicaOf,
  waitForAccount,
  waitForRuntime,
  withPlant,
} from '../tests/support/core-calls';

describe('core: a token refused on any call', () => {
  it('turns the account to unauthorized at once when an instance action meets a 401', async () => {
    const { core, fake, ada, added, team, instance } = await withPlant();
    const replica = await replicaOf(core);
    const statuses = () =>
      replica.trees.map((tree) => tree.accounts[0]?.status).filter((each) => each !== 'ok');
    fake.revokeToken(ada.token);
    const refused = await call(core, 'instanceAction', {
      accountId: added.id,
      teamId: team.id,
      instanceId: instance('line-1').id,
      action: 'stop',
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('unauthorized');
    // Said by the patches that follow the refusal, not by a later refresh.
    expect(statuses()).toEqual(['unauthorized']);
    const view = await waitForAccount(core, added.id, () => true, 0);
    expect(view.status).toBe('unauthorized');
    expect(view.error?.code).toBe('unauthorized');
    // The teams stay listed, marked as last known.
    expect(view.stale).toBe(true);
    expect(view.teams.map((each) => each.name)).toEqual(['Plant']);
    expect(fake.requests.filter((request) => request.path === '/api/v1/user/teams')).toHaveLength(
      1,
    );
    expect(core.trayStatus()).toBe('attention');
  });

  it('turns the account to unauthorized when following an action meets a 401', async () => {
    const { core, fake, added, team, instance } = await withPlant();
    // The action is taken; reading the instance's state afterwards is refused.
    fake.setFault(
      { kind: 'status', status: 401 },
      { method: 'GET', path: /^\/api\/v1\/projects\// },
    );
    await call(core, 'instanceAction', {
      accountId: added.id,
      teamId: team.id,
      instanceId: instance('line-1').id,
      action: 'stop',
    });
    const view = await waitForAccount(core, added.id, (each) => each.status === 'unauthorized');
    expect(view.error?.code).toBe('unauthorized');
  });

  it('turns the account to unauthorized when reading a team’s instances meets a 401', async () => {
    const { core, fake, added, team } = await withPlant();
    // The team list still answers; the team's own reads are refused.
    fake.setFault({ kind: 'status', status: 401 }, { path: /^\/api\/v1\/(teams|projects)\// });
    await call(core, 'refresh', { accountId: added.id });
    const view = await waitForAccount(core, added.id, (each) => each.status === 'unauthorized');
    expect(view.error?.code).toBe('unauthorized');
    const runtime = await waitForRuntime(core, added.id, team.id, () => true, 0);
    expect(runtime.status).toBe('error');
    expect(runtime.error?.code).toBe('unauthorized');
  });

  it('turns the account to unauthorized when a rename meets a 401', async () => {
    const { core, fake, ada, added, team } = await withPlant();
    fake.revokeToken(ada.token);
    const refused = await call(core, 'renameTeam', {
      accountId: added.id,
      teamId: team.id,
      name: 'Plant 2',
    }).catch((error: unknown) => error);
    expect((refused as AppError).code).toBe('unauthorized');
    const view = await waitForAccount(core, added.id, () => true, 0);
    expect(view.status).toBe('unauthorized');
  });
});
