/** A fixed-window limiter in the spirit of @fastify/rate-limit (off unless asked for). */
import type { RateLimitOptions } from './types';

export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly options: RateLimitOptions,
    private readonly now: () => number = Date.now,
  ) {}

  /** Null when allowed, else the seconds to wait. */
  hit(key: string): number | null {
    const now = this.now();
    let window = this.windows.get(key);
    if (window === undefined || now - window.start >= this.options.windowMs) {
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    window.count += 1;
    if (window.count <= this.options.max) return null;
    return Math.max(1, Math.ceil((window.start + this.options.windowMs - now) / 1000));
  }
}
