import { describe, expect, it } from 'vitest';
import { absoluteTime, relativeTime } from './time';

describe('relativeTime', () => {
  const now = 1_700_000_000_000;
  it.each([
    [0, 'just now'],
    [30_000, 'just now'],
    [60_000, '1 min ago'],
    [2 * 60_000, '2 min ago'],
    [59 * 60_000, '59 min ago'],
  ])('%i ms ago reads %s', (age, text) => {
    expect(relativeTime(now - age, now)).toBe(text);
  });

  // Local dates, so the cases hold in every time zone.
  const at = (day: number, hour: number): number => new Date(2024, 4, day, hour, 0).getTime();
  it.each([
    ['the same morning', at(2, 1), at(2, 10), '9 h ago'],
    ['just before midnight, seen just after', at(1, 23), at(2, 1), '2 h ago'],
    ['26 hours ago', at(1, 8), at(2, 10), 'yesterday'],
    ['last evening', at(1, 20), at(2, 10), 'yesterday'],
    ['two calendar days back, under 48 hours', at(1, 11), at(3, 10), '2 d ago'],
    ['three days back', at(1, 10), at(4, 10), '3 d ago'],
  ])('%s reads %s', (_case, then, later, text) => {
    expect(relativeTime(then, later)).toBe(text);
  });

  it('never says "in the future" for a clock that went backwards', () => {
    expect(relativeTime(now + 10_000, now)).toBe('just now');
  });
});

describe('absoluteTime', () => {
  it('reads as a local date and time', () => {
    expect(absoluteTime(new Date(2024, 4, 1, 9, 3).getTime())).toBe('2024-05-01 09:03');
  });
});
