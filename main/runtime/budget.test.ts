import { asDeviceId, asInstanceId } from '../../common/brand';
import { describe, expect, it } from 'vitest';
import { readingSize, withinBudget } from './budget';
import type { TeamReading } from '../model/facts';

const instance = (index: number) => ({
  id: asInstanceId(`i${index}`),
  name: `instance-${index}`,
  url: null,
  application: null,
  state: 'running',
});
const device = (index: number) => ({
  id: asDeviceId(`d${index}`),
  name: `device-${index}`,
  lastSeenAt: null,
  state: null,
  onlineStatus: null,
  activeSnapshot: null,
  targetSnapshot: null,
  notOnTargetSince: null,
  mode: null,
});
const reading: TeamReading = {
  instances: Array.from({ length: 10 }, (_, index) => instance(index)),
  devices: Array.from({ length: 10 }, (_, index) => device(index)),
};

describe('withinBudget', () => {
  it('keeps a reading that fits as it is', () => {
    const size = readingSize(reading);
    expect(withinBudget(reading, size)).toEqual({ reading, size });
  });

  it('keeps what fits, instances first, and counts the rest as more', () => {
    const one = JSON.stringify(instance(0)).length;
    const cut = withinBudget(reading, one * 3 + 1);
    expect(cut.reading.instances).toHaveLength(3);
    expect(cut.reading.devices).toHaveLength(0);
    expect(cut.reading.instancesLeftOut).toEqual({ unread: [], unreadCount: 0, more: 7 });
    expect(cut.reading.devicesLeftOut).toEqual({ unread: [], unreadCount: 0, more: 10 });
    expect(cut.size).toBeLessThanOrEqual(one * 3 + 1);
  });

  it('adds to what the read already left out', () => {
    const before = { unread: ['odd'], unreadCount: 1, more: 5 };
    const cut = withinBudget({ ...reading, devicesLeftOut: before }, readingSize(reading) - 1);
    expect(cut.reading.instances).toHaveLength(10);
    expect(cut.reading.devices).toHaveLength(9);
    expect(cut.reading.devicesLeftOut).toEqual({ unread: ['odd'], unreadCount: 1, more: 6 });
    expect(cut.reading).not.toHaveProperty('instancesLeftOut');
  });

  it('keeps nothing with no budget left', () => {
    const cut = withinBudget(reading, 0);
    expect(cut.reading.instances).toEqual([]);
    expect(cut.size).toBe(0);
  });
});
