/**
 * At most `max` calls in any `windowMs`, and none closer together than `gapMs`. For the requests
 * that reach a host the renderer names (adding an account probes it; the token page opens it in
 * the browser): a compromised page must not be able to use main to scan a network or to open tab
 * after tab.
 */
import { AppError } from '../../common/errors';

export interface RateLimit {
  /** Throws rate_limited when this call is one too many. */
  take(): void;
}

export function createRateLimit(options: {
  readonly max: number;
  readonly windowMs: number;
  readonly gapMs: number;
  readonly now: () => number;
  readonly what: string;
}): RateLimit {
  const times: number[] = [];
  return {
    take() {
      const now = options.now();
      while (times.length > 0 && now - (times[0] ?? now) >= options.windowMs) times.shift();
      const last = times.at(-1);
      if (times.length >= options.max || (last !== undefined && now - last < options.gapMs)) {
        throw new AppError(
          'rate_limited',
          `Too many ${options.what} in a short time: wait a moment, then try again.`,
        );
      }
      times.push(now);
    },
  };
}
