import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryLogger } from '../../tests/support/memory-logger';
import {
  createUpdateScheduler,
  DAY_MS,
  HOUR_MS,
  nodeTimer,
  isSignedRelease,
  namesPublisher,
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
  const SIGNED = { isPackaged: true, env: {}, signedRelease: true, windowsPublisher: true };

  it('never updates an unpackaged app (development, the _electron suite)', () => {
    expect(updatePolicy({ ...SIGNED, isPackaged: false, platform: 'darwin' })).toEqual({
      enabled: false,
      reason: 'development build',
    });
  });

  it('updates signed macOS and Windows releases', () => {
    expect(updatePolicy({ ...SIGNED, platform: 'darwin' })).toEqual({ enabled: true });
    expect(updatePolicy({ ...SIGNED, platform: 'win32' })).toEqual({ enabled: true });
  });

  it('never updates an unsigned build, whose updates no signature check would cover', () => {
    for (const platform of ['darwin', 'win32'] as const) {
      expect(updatePolicy({ ...SIGNED, platform, signedRelease: false })).toEqual({
        enabled: false,
        reason: 'unsigned build',
      });
    }
  });

  it('never updates Windows when app-update.yml names no publisher to verify against', () => {
    expect(updatePolicy({ ...SIGNED, platform: 'win32', windowsPublisher: false })).toEqual({
      enabled: false,
      reason: 'no publisher to check updates against',
    });
    // macOS checks the update against the running app's own signature instead.
    expect(updatePolicy({ ...SIGNED, platform: 'darwin', windowsPublisher: false }).enabled).toBe(
      true,
    );
  });

  it('never updates on Linux: an AppImage only checks a hash from the same feed', () => {
    expect(
      updatePolicy({ ...SIGNED, platform: 'linux', env: { APPIMAGE: '/home/u/T.AppImage' } }),
    ).toEqual({ enabled: false, reason: 'get new AppImages from the releases page' });
    expect(updatePolicy({ ...SIGNED, platform: 'linux' })).toEqual({
      enabled: false,
      reason: 'update it with your package manager',
    });
  });

  it('lets an administrator turn updates off', () => {
    expect(
      updatePolicy({ ...SIGNED, platform: 'win32', env: { TEAMTRAY_DISABLE_UPDATES: '1' } })
        .enabled,
    ).toBe(false);
  });
});

describe('what the build says about itself', () => {
  it('is a signed release only when electron-builder.release.yml marked its package.json', () => {
    expect(isSignedRelease('{"name":"teamtray","teamtray":{"signedRelease":true}}')).toBe(true);
    expect(isSignedRelease('{"name":"teamtray"}')).toBe(false);
    expect(isSignedRelease('{"teamtray":{"signedRelease":"yes"}}')).toBe(false);
    expect(isSignedRelease('not json')).toBe(false);
    expect(isSignedRelease(null)).toBe(false);
  });

  it("names a publisher when app-update.yml has electron-builder's publisherName", () => {
    const feed =
      'owner: teamtray\nrepo: teamtray\nprovider: github\nupdaterCacheDirName: teamtray-updater\n';
    expect(namesPublisher(`${feed}publisherName:\n  - Teamtray Developers\n`)).toBe(true);
    expect(namesPublisher(`${feed}publisherName: Teamtray Developers\n`)).toBe(true);
    expect(namesPublisher(feed)).toBe(false);
    expect(namesPublisher(`${feed}publisherName: []\n`)).toBe(false);
    expect(namesPublisher(`${feed}publisherName: null\n`)).toBe(false);
    expect(namesPublisher(null)).toBe(false);
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
