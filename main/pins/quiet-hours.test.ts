/**
 * Quiet hours on a schedule, through the core and real files: saved by updateSettings as one
 * value, read back after a restart, refused when it is not one; and "Notify now" (changePins,
 * quiet until null) ending the window that holds, saved too.
 */
import { describe, expect, it } from 'vitest';
import { isQuiet } from '../../common/pins';
import type { Settings } from '../../common/settings';
import { call, state, testCore } from '../../tests/support/core-calls';

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];

/** "HH:MM" of a local time. */
function clock(at: number): string {
  const date = new Date(at);
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

describe('quiet hours on a schedule in main', () => {
  it('saves the schedule, shows it in the model, and keeps it across a restart', async () => {
    const started = await testCore();
    const quietHours = { on: true, from: '21:30', to: '06:45', days: [1, 2, 3, 4, 5] };
    const saved = await call<Settings>(started.core, 'updateSettings', { quietHours });
    expect(saved.quietHours).toEqual(quietHours);
    expect((await state(started.core)).settings.quietHours).toEqual(quietHours);
    const again = await started.restart();
    expect((await state(again)).settings.quietHours).toEqual(quietHours);
  });

  it('refuses a schedule that is not one, and keeps the one it had', async () => {
    const { core } = await testCore();
    const good = { on: true, from: '22:00', to: '07:00', days: [5] };
    await call(core, 'updateSettings', { quietHours: good });
    for (const bad of [
      { ...good, from: '25:00' },
      { ...good, to: '7:00' },
      { ...good, days: [7] },
      { ...good, days: [1, 1] },
      { ...good, extra: true },
      { on: true },
    ]) {
      await expect(call(core, 'updateSettings', { quietHours: bad })).rejects.toThrow('invalid');
    }
    await expect(call(core, 'updateSettings', { quietOffUntil: null })).rejects.toThrow('invalid');
    expect((await state(core)).settings.quietHours).toEqual(good);
  });

  it('"Notify now" ends the window that holds, until its end, and that is saved', async () => {
    const started = await testCore();
    const now = Date.now();
    const hour = 3_600_000;
    const quietHours = {
      on: true,
      from: clock(now - hour),
      to: clock(now + hour),
      days: EVERY_DAY,
    };
    await call(started.core, 'updateSettings', { quietHours });
    expect(isQuiet((await state(started.core)).settings, Date.now())).toBe(true);
    const ended = await call<Settings>(started.core, 'changePins', { kind: 'quiet', until: null });
    expect(ended.quietOffUntil).toBeGreaterThan(now);
    expect(ended.quietOffUntil).toBeLessThanOrEqual(now + hour);
    expect(isQuiet(ended, Date.now())).toBe(false);
    const again = await started.restart();
    const { settings } = await state(again);
    expect(settings.quietOffUntil).toBe(ended.quietOffUntil);
    expect(isQuiet(settings, Date.now())).toBe(false);
    // The schedule itself is still on: the next day's window is quiet.
    expect(settings.quietHours).toEqual(quietHours);
    expect(isQuiet(settings, now + 24 * hour)).toBe(true);
  });
});
