import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { gatherWrites } from './gathered-writes';

describe('gathered writes', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes the changes of one delay once, at its end', () => {
    const save = vi.fn();
    const writes = gatherWrites(save, 200);
    writes.changed();
    vi.advanceTimersByTime(150);
    writes.changed();
    writes.changed();
    expect(save).not.toHaveBeenCalled();
    vi.advanceTimersByTime(50);
    expect(save).toHaveBeenCalledTimes(1);
    // A change after the write starts a new delay.
    writes.changed();
    vi.advanceTimersByTime(199);
    expect(save).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('writes each change at once with no delay', () => {
    const save = vi.fn();
    const writes = gatherWrites(save, 0);
    writes.changed();
    writes.changed();
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('flush writes a waiting change now and only once; with nothing waiting it writes nothing', () => {
    const save = vi.fn();
    const writes = gatherWrites(save, 200);
    writes.flush();
    expect(save).not.toHaveBeenCalled();
    writes.changed();
    writes.flush();
    expect(save).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_000);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('now writes at once, whatever waits', () => {
    const save = vi.fn();
    const writes = gatherWrites(save, 200);
    writes.now();
    expect(save).toHaveBeenCalledTimes(1);
  });
});
