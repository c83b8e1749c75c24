import { describe, expect, it } from 'vitest';
import type { ChangeBefore, LastAction } from '../../common/state';
import { instanceOf } from '../../tests/support/state-builders';
import { changeBeforeLine } from './change-before';

const NOW = Date.UTC(2026, 10, 27, 12);
const deploy = (more: Partial<ChangeBefore> = {}): ChangeBefore => ({
  event: 'flows.set',
  at: NOW - 7 * 60_000,
  by: 'alice',
  problem: 'crashed',
  problemAt: NOW - 3 * 60_000,
  ...more,
});
const failed: LastAction = { event: 'project.start-failed', at: NOW - 60_000, by: null };

describe('changeBeforeLine', () => {
  it('says what changed, by whom and how long before the problem', () => {
    const crashed = instanceOf('i1', { state: 'crashed', changeBefore: deploy() });
    expect(changeBeforeLine(crashed, 'crashed', 'ada', NOW)).toBe(
      'Flows deployed by alice 4 min before the crash',
    );
    expect(changeBeforeLine(crashed, 'crashed', 'alice', NOW)).toBe(
      'Flows deployed by you 4 min before the crash',
    );
  });

  it('gives its age when the problem’s time is not known', () => {
    const found = instanceOf('i1', { state: 'crashed', changeBefore: deploy({ problemAt: null }) });
    expect(changeBeforeLine(found, 'crashed', null, NOW)).toBe(
      'Flows deployed by alice · 7 min ago',
    );
  });

  it('shows under a failed start while the instance stays suspended by it', () => {
    const instance = instanceOf('i1', {
      state: 'suspended',
      lastAction: failed,
      changeBefore: deploy({
        event: 'nodes.install',
        problem: 'start-failed',
        problemAt: NOW - 60_000,
      }),
    });
    expect(changeBeforeLine(instance, 'suspended', null, NOW)).toBe(
      'Nodes installed by alice 6 min before the failed start',
    );
    // A later suspend by someone explains the state instead.
    const later = { ...instance, lastAction: { ...failed, event: 'project.suspended' } };
    expect(changeBeforeLine(later, 'suspended', null, NOW)).toBeNull();
  });

  it('says nothing once the instance is out of that problem, or when no change was named', () => {
    const crashed = instanceOf('i1', { state: 'crashed', changeBefore: deploy() });
    // A restart on its way shows its transition: not the problem's line.
    expect(changeBeforeLine(crashed, 'restarting', null, NOW)).toBeNull();
    expect(changeBeforeLine({ ...crashed, state: 'safe' }, 'safe', null, NOW)).toBeNull();
    const none = instanceOf('i1', { state: 'crashed', changeBefore: deploy({ event: null }) });
    expect(changeBeforeLine(none, 'crashed', null, NOW)).toBeNull();
    expect(
      changeBeforeLine(instanceOf('i1', { state: 'crashed' }), 'crashed', null, NOW),
    ).toBeNull();
  });
});
