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
    [60 * 60_000, '1 h ago'],
    [47 * 3_600_000, '47 h ago'],
    [72 * 3_600_000, '3 d ago'],
  ])('%i ms ago reads %s', (age, text) => {
    expect(relativeTime(now - age, now)).toBe(text);
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
