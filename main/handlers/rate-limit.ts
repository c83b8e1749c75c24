/**
 * At most `max` calls in any `windowMs`, and none closer together than `gapMs`. For the requests
 * that reach a host the renderer names (adding an account probes it; the token page opens it in
 * the browser): a compromised page must not be able to use main to scan a network or to open tab
 * after tab.
 */
import { AppError } from '../../common/errors';

export interface RateLimit {
  /**
   * Takes one call; throws rate_limited when it is one too many. A call with the same key as the
   * last one within the gap (a double click on the same button) is a repeat: nothing is taken,
   * and false says "already done, do nothing".
   */
  take(key?: string): boolean;
}

export function createRateLimit(options: {
  readonly max: number;
  readonly windowMs: number;
  readonly gapMs: number;
  readonly now: () => number;
  readonly what: string;
}): RateLimit {
  const times: number[] = [];
  let lastKey: string | null = null;
  return {
    take(key) {
      const now = options.now();
      while (times.length > 0 && now - (times[0] ?? now) >= options.windowMs) times.shift();
      const last = times.at(-1);
      const withinGap = last !== undefined && now - last < options.gapMs;
      if (withinGap && key !== undefined && key === lastKey) return false;
      if (times.length >= options.max || withinGap) {
        throw new AppError(
          'rate_limited',
          `Too many ${options.what} in a short time: wait a moment, then try again.`,
        );
      }
      times.push(now);
      lastKey = key ?? null;
      return true;
    },
  };
}
