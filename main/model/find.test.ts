/**
 * The one lookup of the model's transitions (find.ts): each kind by its ids, nothing for an id
 * that is not there, and the item found is the draft's own (a change to it is the state's).
 */
import { produce, type Draft } from 'immer';
import { describe, expect, it } from 'vitest';
import {
  asAccountId,
  asDeviceId,
  asInstanceId,
  asTeamId,
  type AccountId,
} from '../../common/brand';
import type { TeamtrayState } from '../../common/state';
import {
  accountOf,
  deviceOf,
  instanceOf,
  runtimeOf,
  stateOf,
  teamOf,
} from '../../tests/support/state-builders';
import { findAccount, findDevice, findInstance, findTeam } from './find';

const state = stateOf({
  accounts: ['a1', 'a2'].map((account) =>
    accountOf(account, {
      teams: ['t1', 't2'].map((team) =>
        teamOf(team, {
          name: `${account} ${team}`,
          runtime: runtimeOf({
            instances: ['i1', 'i2'].map((id) =>
              instanceOf(id, { name: `${account} ${team} ${id}` }),
            ),
            devices: ['d1', 'd2'].map((id) => deviceOf(id, { name: `${account} ${team} ${id}` })),
          }),
        }),
      ),
    }),
  ),
});

const a2 = asAccountId('a2');
const t2 = asTeamId('t2');

/** Runs `recipe` on a draft of the state and gives back what it returned (not a draft). */
function inDraft<T>(recipe: (draft: Draft<TeamtrayState>) => T): T {
  let result: T | undefined;
  produce(state, (draft) => {
    result = recipe(draft);
  });
  return result as T;
}

describe('find', () => {
  it('finds each kind by its ids, in the right account and team', () => {
    const names = inDraft((draft) => ({
      account: findAccount(draft, a2)?.id,
      team: findTeam(draft, { accountId: a2, teamId: t2 })?.name,
      instance: findInstance(draft, { accountId: a2, teamId: t2, instanceId: asInstanceId('i2') })
        ?.name,
      device: findDevice(draft, { accountId: a2, teamId: t2, deviceId: asDeviceId('d1') })?.name,
    }));
    expect(names).toEqual({
      account: 'a2',
      team: 'a2 t2',
      instance: 'a2 t2 i2',
      device: 'a2 t2 d1',
    });
  });

  it('finds nothing for an id that is not there, at any level', () => {
    const gone: AccountId = asAccountId('gone');
    const found = inDraft((draft) => [
      findAccount(draft, gone),
      findTeam(draft, { accountId: gone, teamId: t2 }),
      findTeam(draft, { accountId: a2, teamId: asTeamId('gone') }),
      findInstance(draft, { accountId: a2, teamId: t2, instanceId: asInstanceId('gone') }),
      findDevice(draft, { accountId: a2, teamId: asTeamId('gone'), deviceId: asDeviceId('d1') }),
    ]);
    expect(found).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });

  it('gives the draft’s own item: a change to it is a change of the state', () => {
    const next = produce(state, (draft) => {
      const instance = findInstance(draft, {
        accountId: a2,
        teamId: t2,
        instanceId: asInstanceId('i1'),
      });
      if (instance !== undefined) instance.name = 'renamed';
    });
    expect(next.accounts[1]?.teams[1]?.runtime.instances[0]?.name).toBe('renamed');
    // Everything else is the same object as before (immer's structural sharing).
    expect(next.accounts[0]).toBe(state.accounts[0]);
    expect(next.accounts[1]?.teams[0]).toBe(state.accounts[1]?.teams[0]);
  });
});
