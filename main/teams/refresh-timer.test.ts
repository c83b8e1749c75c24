import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryLogger } from '../../tests/support/memory-logger';
import { createRefreshTimer } from './refresh-timer';

describe('refresh timer', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refreshes every N minutes, re-arms on change, and stops at 0', async () => {
    vi.useFakeTimers();
    const refresh = vi.fn(() => Promise.resolve());
    const timer = createRefreshTimer({ refresh, log: createMemoryLogger() });
    timer.arm(10);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    timer.arm(5);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(refresh).toHaveBeenCalledTimes(3);
    timer.arm(0);
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(refresh).toHaveBeenCalledTimes(3);
  });

  it('logs a failed refresh instead of rejecting', async () => {
    vi.useFakeTimers();
    const log = createMemoryLogger();
    const timer = createRefreshTimer({ refresh: () => Promise.reject(new Error('down')), log });
    timer.arm(1);
    await vi.advanceTimersByTimeAsync(60_000);
    timer.disarm();
    expect(log.lines.some((line) => line.includes('background refresh failed'))).toBe(true);
  });
});
