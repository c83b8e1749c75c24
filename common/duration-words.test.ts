import { describe, expect, it } from 'vitest';
import { durationWords } from './duration-words';

const MIN = 60_000;

describe('durationWords', () => {
  it('says minutes, hours and days as a row has room for', () => {
    expect(durationWords(20_000)).toBe('under a minute');
    expect(durationWords(12 * MIN)).toBe('12 min');
    expect(durationWords(60 * MIN)).toBe('1 h');
    expect(durationWords(65 * MIN)).toBe('1 h 5 min');
    expect(durationWords(49 * 60 * MIN)).toBe('2 d');
  });

  it('never says a negative time (clocks that disagree)', () => {
    expect(durationWords(-5 * MIN)).toBe('under a minute');
  });
});
