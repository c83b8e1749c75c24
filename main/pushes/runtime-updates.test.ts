import { describe, expect, it } from 'vitest';
import { asAccountId, asOrigin } from '../../common/brand';
import type { AccountView } from '../../common/model';
import type { TeamRuntime } from '../../common/runtime';
import { teamTableOf } from '../teams/team-table';
import { createRuntimeUpdates } from './runtime-updates';

const instances = (state: string) => ({
  id: ['i1'],
  name: ['a'],
  url: [null],
  application: [null],
  state: [state],
  action: [null],
});
const running: TeamRuntime = {
  teamId: 't1',
  status: 'ok',
  fetchedAt: 1,
  instances: instances('running'),
};

describe('runtime updates', () => {
  it('pushes a team when its content changed, not when it was only read again', () => {
    const updates = createRuntimeUpdates();
    expect(updates.update('a1', running)).toBe(running);
    expect(updates.update('a1', { ...running, fetchedAt: 2 })).toBeNull();
    const crashed: TeamRuntime = { ...running, instances: instances('crashed') };
    expect(updates.update('a1', crashed)).toBe(crashed);
    expect(updates.update('a2', running)).toBe(running);
  });

  it('counts what getState answered, quiet teams included, as sent', () => {
    const updates = createRuntimeUpdates();
    const origin = asOrigin('https://ff.example.com');
    const team = (id: string) => ({
      id,
      name: id,
      slug: id,
      avatar: null,
      type: null,
      role: 50,
      instanceCount: 0,
      memberCount: 1,
      deviceCount: 0,
    });
    const account: AccountView = {
      id: asAccountId('a1'),
      label: '',
      origin,
      allowHttp: false,
      username: 'ada',
      status: 'ok',
      error: null,
      lastSuccessAt: 1,
      version: '2.4.0',
      stale: false,
      teams: teamTableOf(origin, [team('t1'), team('t2')]),
      runtime: { teams: [running], quietSince: 5 },
    };
    updates.sentAll([account]);
    expect(updates.update('a1', { ...running, fetchedAt: 9 })).toBeNull();
    expect(updates.update('a1', { teamId: 't2', status: 'ok', fetchedAt: 9 })).toBeNull();
    expect(updates.update('a1', { teamId: 't2', status: 'error', fetchedAt: 9 })).not.toBeNull();
  });
});
