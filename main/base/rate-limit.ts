/**
 * At most `max` calls in any `windowMs`, and none closer together than `gapMs`. For the requests
 * that reach a host the renderer names (adding an account probes it; the token page opens it in
 * the browser): a compromised page must not be able to use main to scan a network or to open tab
 * after tab.
 */
import { AppError } from '../../common/errors';

export interface RateLimit {
  /**
   * Takes one call; throws rate_limited, with how long to wait, when it is one too many. A call
   * with the same key as the last one within the gap (a double click on the same button) is a
   * repeat: nothing is taken, and false says "already done, do nothing".
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
      // Until the oldest call leaves the window (when full), and until the gap after the last.
      const full = times.length >= options.max ? (times[0] ?? now) + options.windowMs - now : 0;
      const gap = last === undefined ? 0 : last + options.gapMs - now;
      if (gap > 0 && key !== undefined && key === lastKey) return false;
      const wait = Math.max(full, gap);
      if (wait > 0) {
        throw new AppError(
          'rate_limited',
          `Too many ${options.what} in a short time: try again in ${inSeconds(wait)}.`,
          { retryAfterMs: wait },
        );
      }
      times.push(now);
      lastKey = key ?? null;
      return true;
    },
  };
}

/** "1 second", "42 seconds": whole seconds, rounded up (never "0 seconds"). */
function inSeconds(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}
