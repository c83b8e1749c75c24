import { describe, expect, it } from 'vitest';
import { deviceOf, runtimeOf } from '../tests/support/state-builders';
import { attentionCounts, attentionText, needsUser } from './attention';
import { deployWords, isStuckDeploy, STUCK_AFTER_MS } from './stuck-deploy';

const NOW = 1_000_000_000;
const off = (msAgo: number, active: string | null = 'line v1') =>
  deviceOf('d1', {
    activeSnapshot: active,
    targetSnapshot: 'line v2',
    notOnTargetSince: NOW - msAgo,
  });

describe('a deploy that does not arrive', () => {
  it('is stuck from a quarter of an hour on', () => {
    expect(isStuckDeploy(off(STUCK_AFTER_MS - 1), NOW)).toBe(false);
    expect(isStuckDeploy(off(STUCK_AFTER_MS), NOW)).toBe(true);
    expect(isStuckDeploy(deviceOf('d1'), NOW)).toBe(false);
  });

  it('names both snapshots under the row', () => {
    expect(deployWords(off(60_000), NOW)).toBe('Updating to line v2');
    expect(deployWords(off(STUCK_AFTER_MS), NOW)).toBe(
      'Not updated: runs line v1, told to run line v2',
    );
    expect(deployWords(off(STUCK_AFTER_MS, null), NOW)).toBe(
      'Not updated: runs no snapshot, told to run line v2',
    );
    expect(deployWords(deviceOf('d1'), NOW)).toBeNull();
  });

  it('is counted by the summary and the tray, whether or not offline devices count', () => {
    const account = {
      status: 'ok' as const,
      teams: [{ runtime: runtimeOf({ devices: [off(STUCK_AFTER_MS), off(60_000)] }) }],
    };
    for (const devices of [false, true]) {
      const counts = attentionCounts([account], { now: NOW, devices });
      expect(counts.notUpdated).toBe(1);
      expect(needsUser(counts)).toBe(true);
      expect(attentionText(counts)).toBe('1 device not updated');
    }
  });
});
