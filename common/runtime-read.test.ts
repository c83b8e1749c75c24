import { describe, expect, it } from 'vitest';
import type { TeamRuntime } from './runtime';
import { devicesOf, foldQuiet, instancesOf, isQuiet, runtimeOfTeam } from './runtime-read';

const busy: TeamRuntime = {
  teamId: 'busy',
  status: 'ok',
  fetchedAt: 3_000,
  instances: {
    id: ['i1'],
    name: ['line-1'],
    url: [null],
    application: ['Line'],
    state: ['running'],
    action: [null],
  },
};
const failed: TeamRuntime = {
  teamId: 'failed',
  status: 'error',
  fetchedAt: null,
  error: { code: 'timeout', message: 'It took too long.' },
};
const quietA: TeamRuntime = { teamId: 'quiet-a', status: 'ok', fetchedAt: 2_000 };
const quietB: TeamRuntime = { teamId: 'quiet-b', status: 'ok', fetchedAt: 1_000 };
const loading: TeamRuntime = { teamId: 'loading', status: 'loading', fetchedAt: null };

describe('the sparse runtime', () => {
  it('reads what is left out as empty', () => {
    expect(instancesOf(quietA).id).toEqual([]);
    expect(devicesOf(busy).id).toEqual([]);
    expect(instancesOf(busy).name).toEqual(['line-1']);
  });

  it('calls a team quiet only when it was read, is ok and has nothing in it', () => {
    expect([busy, failed, quietA, loading].map(isQuiet)).toEqual([false, false, true, false]);
  });

  it('folds the quiet teams into the oldest read, and runtimeOfTeam gives them back', () => {
    const runtime = foldQuiet([busy, quietA, failed, quietB, loading]);
    expect(runtime).toEqual({ teams: [busy, failed, loading], quietSince: 1_000 });
    const account = {
      teams: { id: ['busy', 'quiet-a', 'failed', 'quiet-b', 'loading'] },
      runtime,
    };
    expect(runtimeOfTeam(account, 'busy')).toBe(busy);
    expect(runtimeOfTeam(account, 'quiet-a')).toEqual({
      teamId: 'quiet-a',
      status: 'ok',
      fetchedAt: 1_000,
    });
    expect(runtimeOfTeam(account, 'elsewhere')).toBeUndefined();
  });

  it('says nothing was read yet when no team is quiet', () => {
    const runtime = foldQuiet([busy]);
    expect(runtime.quietSince).toBeNull();
    expect(runtimeOfTeam({ teams: { id: ['busy', 'new'] }, runtime }, 'new')).toEqual({
      teamId: 'new',
      status: 'loading',
      fetchedAt: null,
    });
  });
});
