import { describe, expect, it } from 'vitest';
import { formatWait, parseRetryAfterMs } from './retry-after';

describe('parseRetryAfterMs', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');

  it.each([
    ['0', 0],
    ['5', 5000],
    [' 120 ', 120_000],
    ['Thu, 01 Jan 2026 00:00:30 GMT', 30_000],
    ['Wed, 31 Dec 2025 23:00:00 GMT', 0],
    ['soon', null],
    ['-5', null],
  ])('%j -> %j', (value, expected) => {
    expect(parseRetryAfterMs(value, now)).toBe(expected);
  });

  it('is null without a header', () => {
    expect(parseRetryAfterMs(null)).toBeNull();
  });
});

describe('formatWait', () => {
  it.each([
    [500, '1 s'],
    [5000, '5 s'],
    [89_000, '89 s'],
    [120_000, 'about 2 min'],
    [3_600_000, 'about 60 min'],
  ])('%i ms -> %s', (ms, text) => {
    expect(formatWait(ms)).toBe(text);
  });
});
