/**
 * Choosing what changed before a problem from the audit log's newest entries: the change before
 * the problem's own entry when there is one, else the newest change; and the read itself, with
 * the event filter 2.4.0 understands (tests/contract/cases/activity.ts).
 */
import { describe, expect, it } from 'vitest';
import type { ApiAuditEvent } from './types';
import { CHANGE_ENTRIES, CHANGE_EVENTS, changeBeforeProblem, PROBLEM_EVENTS } from './change-calls';

const entry = (event: string, at: number, by: string | null = 'alice'): ApiAuditEvent => ({
  id: `${event}-${at}`,
  event,
  at,
  actor: by === null ? { kind: 'platform' } : { kind: 'user', username: by },
  error: null,
});

describe('changeBeforeProblem', () => {
  it('takes the newest change older than the problem’s own entry', () => {
    // Newest first: a fix deployed after the crash is not what came before it.
    const events = [
      entry('flows.set', 500, 'bob'),
      entry('crashed', 400, null),
      entry('nodes.install', 300),
      entry('project.settings.updated', 200),
    ];
    expect(changeBeforeProblem(events, 'crashed')).toEqual({
      change: events[2],
      problemAt: 400,
    });
  });

  it('matches the problem’s own kind first, then any problem entry', () => {
    const events = [
      entry('safe-mode', 600, null),
      entry('flows.set', 500),
      entry('crashed', 400, null),
      entry('nodes.remove', 300),
    ];
    expect(changeBeforeProblem(events, 'crashed')).toEqual({ change: events[3], problemAt: 400 });
    expect(changeBeforeProblem(events, 'error')).toEqual({ change: events[1], problemAt: 600 });
  });

  it('takes the newest change when no entry says when the problem began', () => {
    const events = [entry('project.stack.changed', 300), entry('flows.set', 200)];
    expect(changeBeforeProblem(events, 'crashed')).toEqual({ change: events[0], problemAt: null });
  });

  it('finds none in a log without changes', () => {
    expect(changeBeforeProblem([entry('crashed', 1, null)], 'crashed')).toEqual({
      change: null,
      problemAt: 1,
    });
    expect(changeBeforeProblem([], 'safe')).toEqual({ change: null, problemAt: null });
  });

  it('asks for the six changes and the three problem entries, a handful at once', () => {
    expect(CHANGE_EVENTS).toEqual([
      'flows.set',
      'project.settings.updated',
      'nodes.install',
      'nodes.remove',
      'project.stack.changed',
      'project.snapshot.rolled-back',
    ]);
    expect(PROBLEM_EVENTS).toEqual(['crashed', 'safe-mode', 'project.start-failed']);
    expect(CHANGE_ENTRIES).toBeLessThanOrEqual(10);
  });
});
