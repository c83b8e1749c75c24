import { describe, expect, it } from 'vitest';
import type { AccountId, InstanceId, TeamId } from './brand';
import {
  bulkEnding,
  bulkQuestion,
  bulkRefusal,
  bulkSummary,
  type BulkItem,
  type BulkRun,
} from './bulk';

const ref = (account: string, team: string, instance: string) => ({
  accountId: account as AccountId,
  teamId: team as TeamId,
  instanceId: instance as InstanceId,
});

const item = (name: string, outcome: BulkItem['outcome'], reason: string | null = null) => ({
  ...ref('a', 't', name),
  name,
  teamName: 'Plant',
  outcome,
  reason,
});

describe('bulk words', () => {
  it('asks how many and where', () => {
    const refs = [
      ref('a', 't1', 'i1'),
      ref('a', 't1', 'i2'),
      ref('a', 't2', 'i3'),
      ref('b', 't3', 'i4'),
      ref('b', 't3', 'i5'),
      ref('b', 't3', 'i6'),
      ref('b', 't3', 'i7'),
    ];
    expect(bulkQuestion('restart', refs)).toBe('Restart 7 instances in 3 teams on 2 accounts?');
    expect(bulkQuestion('stop', refs.slice(0, 1))).toBe('Stop 1 instance in 1 team on 1 account?');
  });

  it('sums up a finished run, one reason said once for all it refused', () => {
    const run: BulkRun = {
      id: 1,
      action: 'restart',
      startedAt: 0,
      finishedAt: 5,
      items: [
        ...Array.from({ length: 6 }, (_, n) => item(`i${String(n)}`, 'done')),
        item('p1', 'refused', 'you are a member of Field Engineering'),
      ],
    };
    expect(bulkSummary(run)).toBe('6 restarted · 1 refused: you are a member of Field Engineering');
    const two = {
      ...run,
      items: [...run.items, item('p2', 'refused', 'you are a member of Field Engineering')],
    };
    expect(bulkSummary(two)).toBe('6 restarted · 2 refused: you are a member of Field Engineering');
    expect(
      bulkSummary({ ...run, finishedAt: null, items: [item('x', 'done'), item('y', 'waiting')] }),
    ).toBe('Restart: 1 of 2 ended');
  });

  it('leaves out a member, a busy instance and one whose state does not take the action', () => {
    const base = {
      name: 'line-1',
      state: 'running',
      action: null,
      teamName: 'Field Engineering',
      teamId: 't1',
      token: null,
    };
    expect(bulkRefusal('restart', { ...base, role: 30 })).toBe(
      'you are a member of Field Engineering',
    );
    expect(bulkRefusal('restart', { ...base, role: 10 })).toBe(
      'you are a viewer of Field Engineering',
    );
    expect(bulkRefusal('restart', { ...base, role: 50, action: 'stop' })).toBe(
      'line-1 is busy with another action',
    );
    expect(bulkRefusal('restart', { ...base, role: 50, state: 'suspended' })).toBe(
      'line-1 is suspended',
    );
    expect(bulkRefusal('restart', { ...base, role: 50 })).toBeNull();
    // A role the server did not say: the server has the last word.
    expect(bulkRefusal('restart', { ...base, role: null })).toBeNull();
  });

  it('leaves out an instance its account’s token may not act on (FlowFuse 2.32+)', () => {
    const token = (scope: { readOnly?: boolean; teams?: { id: string; name: string }[] }) => ({
      id: 'tok',
      name: 'laptop',
      createdAt: null,
      expiresAt: null,
      readOnly: scope.readOnly ?? false,
      teams: scope.teams ?? null,
    });
    const base = {
      name: 'line-1',
      state: 'running',
      action: null,
      teamName: 'Lab',
      teamId: 't2',
      role: 50,
    };
    expect(bulkRefusal('restart', { ...base, token: token({ readOnly: true }) })).toBe(
      'the token for Lab is read-only',
    );
    const plantOnly = token({ teams: [{ id: 't1', name: 'Plant' }] });
    expect(bulkRefusal('restart', { ...base, token: plantOnly })).toBe(
      'the token is limited to teams other than Lab',
    );
    expect(bulkRefusal('restart', { ...base, teamId: 't1', token: plantOnly })).toBeNull();
    expect(bulkRefusal('restart', { ...base, token: token({}) })).toBeNull();
  });

  it('counts how each ended: failed with the state it settled in, refused with why', () => {
    expect(bulkEnding('restart', 'line-1', 'running')).toEqual({ outcome: 'done', reason: null });
    expect(bulkEnding('restart', 'line-2', 'crashed')).toEqual({
      outcome: 'failed',
      reason: 'line-2 is crashed',
    });
    expect(bulkEnding('stop', 'line-3', 'running')).toEqual({
      outcome: 'failed',
      reason: 'line-3 is running',
    });
    const run: BulkRun = {
      id: 1,
      action: 'restart',
      startedAt: 0,
      finishedAt: 10,
      items: [
        item('a', 'done'),
        item('b', 'failed', 'b is crashed'),
        item('c', 'refused', 'you are a member of Lab'),
      ],
    };
    expect(bulkSummary(run)).toBe(
      '1 restarted · 1 failed: b is crashed · 1 refused: you are a member of Lab',
    );
    expect(
      bulkSummary({ ...run, finishedAt: null, items: [item('x', 'sent'), item('y', 'done')] }),
    ).toBe('Restart: 1 of 2 ended');
  });
});
