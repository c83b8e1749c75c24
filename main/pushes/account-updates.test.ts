import { describe, expect, it } from 'vitest';
import { asAccountId, asOrigin } from '../../common/brand';
import type { AccountTeams } from '../../common/model';
import { teamTableOf } from '../teams/team-table';
import { createAccountUpdates } from './account-updates';

const ORIGIN = asOrigin('https://ff.example.com');

function view(id: string, teams = teamTableOf(ORIGIN, [])): AccountTeams {
  return {
    id: asAccountId(id),
    label: '',
    origin: ORIGIN,
    allowHttp: false,
    username: 'ada',
    status: 'ok',
    error: null,
    lastSuccessAt: 1,
    version: '2.4.0',
    stale: false,
    teams,
  };
}

describe('account updates', () => {
  it('sends teams the first time and again only when they changed', () => {
    const updates = createAccountUpdates();
    const first = view('a');
    expect(updates.update(first)).toHaveProperty('teams');
    expect(updates.update({ ...first, status: 'loading' })).not.toHaveProperty('teams');
    const changed = view('a', teamTableOf(ORIGIN, []));
    expect(updates.update(changed)).toHaveProperty('teams', changed.teams);
  });

  it('counts what getState answered as sent, and nothing else', () => {
    const updates = createAccountUpdates();
    const a = view('a');
    updates.update(view('b'));
    updates.sentAll([a]);
    expect(updates.update(a)).not.toHaveProperty('teams');
    expect(updates.update(view('b'))).toHaveProperty('teams');
  });
});
