import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PowerMonitor } from 'electron';
import { createMemoryLogger } from '../../../tests/support/memory-logger';
import { RESUME_DELAY_MS, startWakeRefresh } from './wake-refresh';

function setup(refresh = () => Promise.resolve()) {
  const power = new EventEmitter();
  const refreshAll = vi.fn(refresh);
  const stop = startWakeRefresh({
    core: { refreshAll },
    power: power as unknown as PowerMonitor,
    log: createMemoryLogger(),
  });
  return { power, refreshAll, stop };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('refresh on wake', () => {
  it('refreshes a few seconds after resume, and at once on unlock', async () => {
    const { power, refreshAll } = setup();
    power.emit('resume');
    await vi.advanceTimersByTimeAsync(RESUME_DELAY_MS - 1);
    expect(refreshAll).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshAll).toHaveBeenCalledOnce();
    power.emit('unlock-screen');
    await vi.advanceTimersByTimeAsync(0);
    expect(refreshAll).toHaveBeenCalledTimes(2);
  });

  it('folds repeated resumes into one refresh', async () => {
    const { power, refreshAll } = setup();
    power.emit('resume');
    await vi.advanceTimersByTimeAsync(1000);
    power.emit('resume');
    await vi.advanceTimersByTimeAsync(RESUME_DELAY_MS);
    expect(refreshAll).toHaveBeenCalledOnce();
  });

  it('never runs two refreshes at once', async () => {
    let finish: () => void = () => undefined;
    const { power, refreshAll } = setup(() => new Promise<void>((r) => (finish = r)));
    power.emit('unlock-screen');
    power.emit('unlock-screen');
    expect(refreshAll).toHaveBeenCalledOnce();
    finish();
    await vi.advanceTimersByTimeAsync(0);
    power.emit('unlock-screen');
    expect(refreshAll).toHaveBeenCalledTimes(2);
  });

  it('survives a failing refresh', async () => {
    const { power, refreshAll } = setup(() => Promise.reject(new Error('offline')));
    power.emit('unlock-screen');
    await vi.advanceTimersByTimeAsync(0);
    power.emit('unlock-screen');
    await vi.advanceTimersByTimeAsync(0);
    expect(refreshAll).toHaveBeenCalledTimes(2);
  });

  it('stops listening on stop()', async () => {
    const { power, refreshAll, stop } = setup();
    power.emit('resume');
    stop();
    power.emit('unlock-screen');
    await vi.advanceTimersByTimeAsync(RESUME_DELAY_MS * 2);
    expect(refreshAll).not.toHaveBeenCalled();
    expect(power.listenerCount('resume') + power.listenerCount('unlock-screen')).toBe(0);
  });
});
