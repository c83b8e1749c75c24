import { describe, expect, it } from 'vitest';
import { deviceOf } from '../../tests/support/state-builders';
import { alertPresence } from './device-alerts';

const MIN = 60_000;
const now = 100 * MIN;

describe('a device’s offline alert', () => {
  it('waits the grace period past FlowFuse’s 3 minutes', () => {
    const seen = (ago: number) => deviceOf('d', { lastSeenAt: now - ago });
    expect(alertPresence(seen(MIN), 5, now)).toBe('online');
    expect(alertPresence(seen(7 * MIN), 5, now)).toBe('online');
    expect(alertPresence(seen(8 * MIN), 5, now)).toBe('offline');
    expect(alertPresence(seen(4 * MIN), 0, now)).toBe('offline');
    expect(alertPresence(seen(17 * MIN), 15, now)).toBe('online');
    expect(alertPresence(deviceOf('d'), 5, now)).toBe('never');
  });

  it('is never raised for a device in developer mode', () => {
    const device = deviceOf('d', { lastSeenAt: now - 60 * MIN, mode: 'developer' });
    expect(alertPresence(device, 0, now)).toBe('quiet');
    expect(alertPresence({ ...device, mode: 'autonomous' }, 0, now)).toBe('offline');
  });
});
