import { describe, expect, it } from 'vitest';
import { FailedSources } from './failed-sources';

describe('FailedSources', () => {
  const A = 'https://www.gravatar.com/avatar/a';
  const B = 'https://www.gravatar.com/avatar/b';

  it('leaves out an address that failed, and only that one', () => {
    const sources = new FailedSources(60_000);
    expect(sources.skip(A, 0)).toBe(false);
    sources.failed(A, 1_000);
    expect(sources.skip(A, 2_000)).toBe(true);
    expect(sources.skip(B, 2_000)).toBe(false);
  });

  it('asks again once the wait is over, and waits again after a new failure', () => {
    const sources = new FailedSources(60_000);
    sources.failed(A, 0);
    expect(sources.skip(A, 59_999)).toBe(true);
    expect(sources.skip(A, 60_000)).toBe(false);
    expect(sources.skip(A, 60_001)).toBe(false);
    sources.failed(A, 70_000);
    expect(sources.skip(A, 71_000)).toBe(true);
  });
});
