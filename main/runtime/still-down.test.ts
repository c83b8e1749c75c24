import { describe, expect, it } from 'vitest';
import { stillDownAfter } from './still-down';

const MIN = 60_000;

describe('still down', () => {
  it('is due once the trouble lasted the chosen minutes, never when off', () => {
    const trouble = { since: 0, what: 'crashed' };
    expect(stillDownAfter(trouble, 30, 29 * MIN)).toBeNull();
    expect(stillDownAfter(trouble, 30, 30 * MIN)).toBe(30 * MIN);
    expect(stillDownAfter(trouble, 240, 5 * 60 * MIN)).toBe(240 * MIN);
    expect(stillDownAfter(trouble, 0, 10 * 60 * MIN)).toBeNull();
    expect(stillDownAfter(null, 30, 60 * MIN)).toBeNull();
  });
});
