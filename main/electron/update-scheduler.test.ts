import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryLogger } from '../log';
import {
  createUpdateScheduler,
  DAY_MS,
  HOUR_MS,
  nodeTimer,
  updatePolicy,
  type StartTimer,
  type UpdatePolicy,
} from './update-scheduler';

const ON: UpdatePolicy = { enabled: true };

/** A clock and a timer the test moves by hand. */
function harness(options: { policy?: UpdatePolicy; check?: () => Promise<void> } = {}) {
  let time = 1_000_000;
  const ticks: { callback: () => void; ms: number; cancelled: boolean }[] = [];
  const setInterval: StartTimer = (callback, ms) => {
    const tick = { callback, ms, cancelled: false };
    ticks.push(tick);
    return {
      cancel: () => {
        tick.cancelled = true;
      },
    };
  };
  const check = vi.fn(options.check ?? (() => Promise.resolve()));
  const log = createMemoryLogger();
  const scheduler = createUpdateScheduler({
    check,
    policy: options.policy ?? ON,
    log,
    now: () => time,
    setInterval,
  });
  return {
    scheduler,
    check,
    log,
    ticks,
    advance(ms: number) {
      time += ms;
    },
    async tick() {
      for (const t of ticks) if (!t.cancelled) t.callback();
      await settle();
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('updatePolicy', () => {
  it('never updates an unpackaged app (development, the _electron suite)', () => {
    expect(updatePolicy({ isPackaged: false, platform: 'darwin', env: {} })).toEqual({
      enabled: false,
      reason: 'development build',
    });
  });

  it('updates packaged macOS and Windows builds', () => {
    expect(updatePolicy({ isPackaged: true, platform: 'darwin', env: {} }).enabled).toBe(true);
    expect(updatePolicy({ isPackaged: true, platform: 'win32', env: {} }).enabled).toBe(true);
  });

  it('updates an AppImage, but not a deb or rpm install', () => {
    expect(
      updatePolicy({ isPackaged: true, platform: 'linux', env: { APPIMAGE: '/home/u/T.AppImage' } })
        .enabled,
    ).toBe(true);
    expect(updatePolicy({ isPackaged: true, platform: 'linux', env: {} })).toMatchObject({
      enabled: false,
    });
  });

  it('lets an administrator turn updates off', () => {
    expect(
      updatePolicy({ isPackaged: true, platform: 'win32', env: { TEAMTRAY_DISABLE_UPDATES: '1' } })
        .enabled,
    ).toBe(false);
  });
});

describe('createUpdateScheduler', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('checks at start and sets an hourly clock check', async () => {
    const h = harness();
    h.scheduler.start();
    await settle();
    expect(h.check).toHaveBeenCalledTimes(1);
    expect(h.ticks).toHaveLength(1);
    expect(h.ticks[0]?.ms).toBe(HOUR_MS);
  });

  it('checks again once a day, not on every tick', async () => {
    const h = harness();
    h.scheduler.start();
    await settle();
    for (let hour = 1; hour < 24; hour += 1) {
      h.advance(HOUR_MS);
      await h.tick();
    }
    expect(h.check).toHaveBeenCalledTimes(1);
    h.advance(HOUR_MS);
    await h.tick();
    await settle();
    expect(h.check).toHaveBeenCalledTimes(2);
  });

  it('catches up after the machine slept past the due time', async () => {
    const h = harness();
    h.scheduler.start();
    await settle();
    h.advance(3 * DAY_MS);
    await expect(h.scheduler.checkIfDue()).resolves.toBe('checked');
    expect(h.check).toHaveBeenCalledTimes(2);
    await expect(h.scheduler.checkIfDue()).resolves.toBe('not_due');
  });

  it('does nothing at all when the policy says no', async () => {
    const h = harness({ policy: { enabled: false, reason: 'development build' } });
    h.scheduler.start();
    await settle();
    expect(h.check).not.toHaveBeenCalled();
    expect(h.ticks).toHaveLength(0);
    await expect(h.scheduler.checkNow()).resolves.toBe('disabled');
    await expect(h.scheduler.checkIfDue()).resolves.toBe('disabled');
    expect(h.log.lines.join('\n')).toContain('development build');
  });

  it('logs a failed check instead of throwing, and retries within the hour', async () => {
    const h = harness({
      check: () => Promise.reject(new Error('getaddrinfo ENOTFOUND github.com')),
    });
    h.scheduler.start();
    await settle();
    expect(h.log.lines.some((l) => l.startsWith('warn') && l.includes('ENOTFOUND'))).toBe(true);
    await expect(h.scheduler.checkIfDue()).resolves.toBe('not_due');
    h.advance(HOUR_MS);
    await expect(h.scheduler.checkIfDue()).resolves.toBe('failed');
    expect(h.check).toHaveBeenCalledTimes(2);
  });

  it('shares a check already running instead of starting a second one', async () => {
    let release: () => void = () => undefined;
    const h = harness({ check: () => new Promise<void>((resolve) => (release = resolve)) });
    const first = h.scheduler.checkNow();
    const second = h.scheduler.checkNow();
    h.advance(2 * DAY_MS);
    const third = h.scheduler.checkIfDue();
    expect(h.check).toHaveBeenCalledTimes(1);
    release();
    await expect(Promise.all([first, second, third])).resolves.toEqual([
      'checked',
      'checked',
      'checked',
    ]);
  });

  it('stops its timer, and start() twice keeps one timer', async () => {
    const h = harness();
    h.scheduler.start();
    h.scheduler.start();
    await settle();
    expect(h.ticks).toHaveLength(1);
    h.scheduler.stop();
    expect(h.ticks[0]?.cancelled).toBe(true);
  });

  it('uses an unref-ed Node interval by default', () => {
    vi.useFakeTimers();
    const unref = vi.spyOn(globalThis, 'setInterval');
    const callback = vi.fn();
    const timer = nodeTimer(callback, 1000);
    vi.advanceTimersByTime(2500);
    expect(callback).toHaveBeenCalledTimes(2);
    timer.cancel();
    vi.advanceTimersByTime(5000);
    expect(callback).toHaveBeenCalledTimes(2);
    expect(unref).toHaveBeenCalledOnce();
    const handle = unref.mock.results[0]?.value as { hasRef(): boolean };
    expect(handle.hasRef()).toBe(false);
  });
});
