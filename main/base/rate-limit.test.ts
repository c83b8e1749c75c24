import { describe, expect, it } from 'vitest';
import { createRateLimit } from './rate-limit';

describe('rate limit', () => {
  it('allows `max` calls per window, spaced by the gap, and refuses the rest', () => {
    let now = 0;
    const limit = createRateLimit({
      max: 3,
      windowMs: 60_000,
      gapMs: 1_000,
      now: () => now,
      what: 'tries',
    });
    limit.take();
    expect(() => {
      limit.take();
    }).toThrow(expect.objectContaining({ code: 'rate_limited' }) as Error);
    now = 1_000;
    limit.take();
    now = 2_000;
    limit.take();
    now = 30_000;
    expect(() => {
      limit.take();
    }).toThrow('Too many tries');
    now = 60_001;
    limit.take();
  });

  it('says how long to wait: until the oldest call leaves the window, or the gap has passed', () => {
    let now = 0;
    const limit = createRateLimit({
      max: 2,
      windowMs: 60_000,
      gapMs: 2_000,
      now: () => now,
      what: 'tries',
    });
    limit.take();
    now = 500;
    expect(() => {
      limit.take();
    }).toThrow(
      expect.objectContaining({
        retryAfterMs: 1_500,
        message: 'Too many tries in a short time: try again in 2 seconds.',
      }) as Error,
    );
    now = 20_000;
    limit.take();
    now = 30_000;
    expect(() => {
      limit.take();
    }).toThrow(
      expect.objectContaining({
        retryAfterMs: 30_000,
        message: 'Too many tries in a short time: try again in 30 seconds.',
      }) as Error,
    );
  });

  it('takes a repeat of the last call within the gap as done, not as one too many', () => {
    let now = 0;
    const limit = createRateLimit({
      max: 2,
      windowMs: 60_000,
      gapMs: 1_000,
      now: () => now,
      what: 'pages',
    });
    expect(limit.take('a')).toBe(true);
    now = 300;
    // A double click: the same key, nothing taken, nothing refused.
    expect(limit.take('a')).toBe(false);
    expect(() => limit.take('b')).toThrow('Too many pages');
    expect(() => limit.take()).toThrow('Too many pages');
    now = 1_000;
    expect(limit.take('a')).toBe(true);
    now = 2_000;
    // Past the window's max, even the same key is refused.
    expect(() => limit.take('c')).toThrow('Too many pages');
  });
});
