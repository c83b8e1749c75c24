import { describe, expect, it } from 'vitest';
import { OFFLINE_AFTER_MS, presenceOf } from './device-status';

const NOW = 1_800_000_000_000;

describe('device presence', () => {
  it('is online up to 3 minutes after the last call home, offline after, never when never seen', () => {
    expect(presenceOf(NOW - 1_000, null, NOW)).toBe('online');
    expect(presenceOf(NOW - OFFLINE_AFTER_MS, null, NOW)).toBe('online');
    expect(presenceOf(NOW - OFFLINE_AFTER_MS - 1, null, NOW)).toBe('offline');
    expect(presenceOf(null, null, NOW)).toBe('never');
  });

  it("takes FlowFuse 2.33's own onlineStatus when it sends one", () => {
    expect(presenceOf(NOW - 10 * 60_000, 'online', NOW)).toBe('online');
    expect(presenceOf(NOW, 'offline', NOW)).toBe('offline');
    expect(presenceOf(NOW, 'not-seen', NOW)).toBe('never');
    expect(presenceOf(NOW, 'something-new', NOW)).toBe('online');
  });
});
