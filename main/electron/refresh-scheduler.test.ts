import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PowerMonitor } from 'electron';
import type { EventName } from '../../common/contract';
import { DEFAULT_SETTINGS, type AppState, type Settings } from '../../common/model';
import { createMemoryLogger } from '../log';
import { RESUME_DELAY_MS, startRefreshScheduler } from './refresh-scheduler';

const MINUTE = 60_000;

function setup(settings: Partial<Settings> = {}, refresh = () => Promise.resolve()) {
  const power = new EventEmitter();
  const listeners: ((event: EventName, payload: unknown) => void)[] = [];
  const refreshAll = vi.fn(refresh);
  const stop = startRefreshScheduler({
    core: {
      refreshAll,
      settings: () => ({ ...DEFAULT_SETTINGS, ...settings }),
      onEvent: (l) => {
        const wrapped = l as (event: EventName, payload: unknown) => void;
        listeners.push(wrapped);
        return () => listeners.splice(listeners.indexOf(wrapped), 1);
      },
    },
    power: power as unknown as PowerMonitor,
    log: createMemoryLogger(),
  });
  const changeSettings = (patch: Partial<Settings>) => {
    const state: AppState = {
      instances: [],
      settings: { ...DEFAULT_SETTINGS, ...patch },
      vault: { mode: 'persistent', reason: null },
      notices: [],
    };
    for (const l of listeners) l('stateChanged', state);
  };
  return { power, refreshAll, stop, changeSettings, listeners };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('refresh scheduler', () => {
  it('refreshes every interval (10 minutes by default)', async () => {
    const { refreshAll } = setup();
    await vi.advanceTimersByTimeAsync(10 * MINUTE - 1);
    expect(refreshAll).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshAll).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(refreshAll).toHaveBeenCalledTimes(2);
  });

  it('never refreshes on a timer when the interval is 0', async () => {
    const { refreshAll } = setup({ refreshIntervalMinutes: 0 });
    await vi.advanceTimersByTimeAsync(24 * 60 * MINUTE);
    expect(refreshAll).not.toHaveBeenCalled();
  });

  it('re-arms when the setting changes, and turns off at 0', async () => {
    const { refreshAll, changeSettings } = setup();
    changeSettings({ refreshIntervalMinutes: 1 });
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(refreshAll).toHaveBeenCalledOnce();
    changeSettings({ refreshIntervalMinutes: 0 });
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(refreshAll).toHaveBeenCalledOnce();
  });

  it('refreshes a few seconds after resume, and at once on unlock', async () => {
    const { power, refreshAll } = setup({ refreshIntervalMinutes: 0 });
    power.emit('resume');
    await vi.advanceTimersByTimeAsync(RESUME_DELAY_MS - 1);
    expect(refreshAll).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshAll).toHaveBeenCalledOnce();
    power.emit('unlock-screen');
    await vi.advanceTimersByTimeAsync(0);
    expect(refreshAll).toHaveBeenCalledTimes(2);
  });

  it('never runs two refreshes at once', async () => {
    let finish: () => void = () => undefined;
    const { power, refreshAll } = setup({}, () => new Promise<void>((r) => (finish = r)));
    power.emit('unlock-screen');
    power.emit('unlock-screen');
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(refreshAll).toHaveBeenCalledOnce();
    finish();
    await vi.advanceTimersByTimeAsync(0);
    power.emit('unlock-screen');
    expect(refreshAll).toHaveBeenCalledTimes(2);
  });

  it('survives a failing refresh', async () => {
    const { power, refreshAll } = setup({}, () => Promise.reject(new Error('offline')));
    power.emit('unlock-screen');
    await vi.advanceTimersByTimeAsync(0);
    power.emit('unlock-screen');
    await vi.advanceTimersByTimeAsync(0);
    expect(refreshAll).toHaveBeenCalledTimes(2);
  });

  it('stops everything on stop()', async () => {
    const { power, refreshAll, stop, listeners } = setup({ refreshIntervalMinutes: 1 });
    stop();
    power.emit('resume');
    power.emit('unlock-screen');
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(refreshAll).not.toHaveBeenCalled();
    expect(listeners).toHaveLength(0);
    expect(power.listenerCount('resume') + power.listenerCount('unlock-screen')).toBe(0);
  });
});
