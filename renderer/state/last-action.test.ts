import { describe, expect, it } from 'vitest';
import type { LastAction } from '../../common/state';
import { instanceOf } from '../../tests/support/state-builders';
import { lastActionLine } from './last-action';

const now = 1_700_000_000_000;
const MINUTE = 60_000;
const line = (state: string, lastAction: LastAction | null, username: string | null = 'ada') =>
  lastActionLine(instanceOf('i1', { state, lastAction }), state, username, now);

describe('the last action under an instance', () => {
  it('names who stopped or suspended it, and when', () => {
    const stop = { event: 'project.stopped', at: now - 12 * MINUTE, by: 'bob' };
    expect(line('stopped', stop)).toEqual({ text: 'Stopped by bob · 12 min ago', tone: 'muted' });
    expect(line('stopped', { ...stop, by: 'ada' })?.text).toBe('Stopped by you · 12 min ago');
    expect(line('stopped', { ...stop, by: null })?.text).toBe('Stopped by FlowFuse · 12 min ago');
    expect(line('stopped', { ...stop, at: null })?.text).toBe('Stopped by bob');
    // No account user known: a name is only a name.
    expect(line('stopped', { ...stop, by: 'ada' }, null)?.text).toBe('Stopped by ada · 12 min ago');
    expect(
      line('suspended', { event: 'project.suspended', at: now - 3 * 3_600_000, by: 'bob' })?.text,
    ).toBe('Suspended by bob · 3 h ago');
  });

  it('says "via API" where the audit log says a script did it with the person’s token', () => {
    const stop = { event: 'project.stopped', at: null, by: 'bob', viaApi: true };
    expect(line('stopped', stop)?.text).toBe('Stopped by bob via API');
    expect(line('stopped', { ...stop, at: now - 5 * MINUTE })?.text).toBe(
      'Stopped by bob via API · 5 min ago',
    );
  });

  it('says a failed start in its own words, as a problem', () => {
    expect(
      line('suspended', { event: 'project.start-failed', at: now - 2 * MINUTE, by: null }),
    ).toEqual({ text: 'Failed to start · 2 min ago', tone: 'problem' });
  });

  it('says nothing when the action does not explain the state, or the instance runs', () => {
    const stop = { event: 'project.stopped', at: now, by: 'bob' };
    expect(line('running', stop)).toBeNull();
    expect(line('suspended', stop)).toBeNull();
    expect(line('stopped', { ...stop, event: 'project.started' })).toBeNull();
    expect(line('stopped', null)).toBeNull();
    expect(line('stopping', stop)).toBeNull();
  });
});
