import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from './settings-defaults';
import {
  isQuiet,
  keptFor,
  nextMorning,
  quietEnd,
  snoozedUntil,
  snoozeKey,
  applyPinIntent,
  SNOOZE_MS,
  withSnooze,
} from './pins';
import { MAX_PINS } from './pin-limits';

const local = (day: number, hour: number, minute = 0) =>
  new Date(2026, 10, day, hour, minute).getTime();

describe('nextMorning: "until tomorrow" ends at the next local 08:00', () => {
  it('set in the evening: the next morning', () => {
    expect(nextMorning(local(25, 23, 10))).toBe(local(26, 8));
  });
  it('set after midnight: this morning', () => {
    expect(nextMorning(local(26, 2, 30))).toBe(local(26, 8));
  });
  it('set at 08:00 or later in the day: the next morning', () => {
    expect(nextMorning(local(26, 8))).toBe(local(27, 8));
    expect(nextMorning(local(26, 14))).toBe(local(27, 8));
  });
  it('across the end of a month', () => {
    expect(nextMorning(new Date(2026, 10, 30, 21).getTime())).toBe(
      new Date(2026, 11, 1, 8).getTime(),
    );
  });
});

describe('snoozes', () => {
  const now = local(25, 12);
  it('hold until their time, not after', () => {
    const settings = { snoozed: { [snoozeKey('a1', 'instance', 'p1')]: now + 10 } };
    expect(snoozedUntil(settings, 'a1/i/p1', now)).toBe(now + 10);
    expect(snoozedUntil(settings, 'a1/i/p1', now + 10)).toBeNull();
    expect(snoozedUntil(settings, 'a1/d/p1', now)).toBeNull();
    expect(snoozedUntil({ snoozed: {} }, 'constructor', now)).toBeNull();
  });
  it('are added, removed, and ended ones dropped on the way', () => {
    const snoozed = withSnooze(
      { 'a1/i/old': now - 1, 'a1/i/p1': now + 5 },
      'a1/d/d1',
      now + 9,
      now,
    );
    expect(snoozed).toEqual({ 'a1/i/p1': now + 5, 'a1/d/d1': now + 9 });
    expect(withSnooze(snoozed, 'a1/i/p1', null, now)).toEqual({ 'a1/d/d1': now + 9 });
  });
  it('quiet hours hold until their end', () => {
    const off = { quietHours: DEFAULT_SETTINGS.quietHours, quietOffUntil: null };
    expect(isQuiet({ ...off, quietUntil: now + 1 }, now)).toBe(true);
    expect(isQuiet({ ...off, quietUntil: now }, now)).toBe(false);
    expect(isQuiet({ ...off, quietUntil: null }, now)).toBe(false);
  });
});

describe('quiet hours on a schedule: quietEnd, which main and the popover both ask', () => {
  // 2026-11-23 is a Monday (getDay 1).
  const nights = (days: number[], from = '22:00', to = '07:00') => ({
    quietUntil: null,
    quietOffUntil: null,
    quietHours: { on: true, from, to, days },
  });
  const weekdays = [1, 2, 3, 4, 5];

  it('a window across midnight holds from its start to the next morning, not outside it', () => {
    const settings = nights(weekdays);
    expect(quietEnd(settings, local(23, 21, 59))).toBeNull();
    expect(quietEnd(settings, local(23, 22))).toBe(local(24, 7));
    expect(quietEnd(settings, local(24, 3, 30))).toBe(local(24, 7));
    expect(quietEnd(settings, local(24, 7))).toBeNull();
    expect(quietEnd(settings, local(24, 12))).toBeNull();
  });
  it('holds on the days it starts on: Friday night runs into Saturday, Saturday night is free', () => {
    const settings = nights(weekdays);
    expect(quietEnd(settings, local(28, 6))).toBe(local(28, 7)); // Sat 06:00, Friday's window
    expect(quietEnd(settings, local(28, 23))).toBeNull(); // Saturday's own: not chosen
    expect(quietEnd(settings, local(30, 1))).toBeNull(); // Mon 01:00: Sunday's window, not chosen
    expect(quietEnd(settings, local(29, 23))).toBeNull(); // Sunday
    expect(
      quietEnd({ ...settings, quietHours: { ...settings.quietHours, on: false } }, local(24, 1)),
    ).toBeNull();
    expect(quietEnd(nights([]), local(24, 1))).toBeNull();
  });
  it('a window within one day, and a whole day that runs on into the next chosen one', () => {
    const lunch = nights([1], '12:00', '13:30');
    expect(quietEnd(lunch, local(23, 12, 15))).toBe(local(23, 13, 30));
    expect(quietEnd(lunch, local(24, 12, 15))).toBeNull();
    const weekend = nights([6, 0], '00:00', '00:00');
    expect(quietEnd(weekend, local(28, 10))).toBe(local(30, 0)); // Saturday: until Monday 00:00
  });
  it('with a one-off too, the later end', () => {
    const settings = { ...nights(weekdays), quietUntil: local(24, 8) };
    expect(quietEnd(settings, local(23, 23))).toBe(local(24, 8));
    expect(quietEnd({ ...settings, quietUntil: local(24, 6) }, local(23, 23))).toBe(local(24, 7));
    expect(quietEnd({ ...settings, quietUntil: local(24, 6) }, local(23, 12))).toBe(local(24, 6));
  });
  it('local wall-clock times on the night the clocks change (no DST drift)', () => {
    vi.stubEnv('TZ', 'Europe/Berlin');
    try {
      // Berlin leaves summer time at 03:00 on 2026-10-25 (a Sunday): the night is 10 hours long.
      const settings = nights([6]);
      const start = new Date(2026, 9, 24, 22).getTime();
      const end = quietEnd(settings, start);
      expect(end).toBe(new Date(2026, 9, 25, 7).getTime());
      expect(new Date(end ?? 0).getHours()).toBe(7);
      expect((end ?? 0) - start).toBe(10 * 3_600_000);
    } finally {
      vi.unstubAllEnvs();
    }
  });
  it('"Notify now" (quiet until null) ends a scheduled window until its end, not the next', () => {
    const pins = { pins: [], snoozed: {} };
    const settings = { ...pins, ...nights(weekdays) };
    const ended = applyPinIntent(settings, { kind: 'quiet', until: null }, local(23, 23));
    expect(ended.quietOffUntil).toBe(local(24, 7));
    const after = { ...settings, ...ended };
    expect(isQuiet(after, local(23, 23))).toBe(false);
    expect(isQuiet(after, local(24, 6, 59))).toBe(false);
    // The next window is quiet again.
    expect(quietEnd(after, local(24, 22))).toBe(local(25, 7));
  });
  it('"Notify now" ends a one-off and the window under it; the moon sets a one-off again', () => {
    const settings = { pins: [], snoozed: {}, ...nights(weekdays), quietUntil: local(24, 8) };
    const ended = {
      ...settings,
      ...applyPinIntent(settings, { kind: 'quiet', until: null }, local(23, 23)),
    };
    expect(ended.quietUntil).toBeNull();
    expect(isQuiet(ended, local(23, 23, 30))).toBe(false);
    const moon = applyPinIntent(ended, { kind: 'quiet', until: local(24, 8) }, local(23, 23, 30));
    expect(quietEnd({ ...ended, ...moon }, local(23, 23, 30))).toBe(local(24, 8));
    // Outside a window, "Notify now" leaves the schedule as it was.
    const day = applyPinIntent(settings, { kind: 'quiet', until: null }, local(24, 12));
    expect(day.quietOffUntil).toBeNull();
  });
});

describe('pins', () => {
  const p1 = { accountId: 'a1', kind: 'instance', id: 'p1', name: 'line-1' } as const;
  const t1 = { accountId: 'a1', kind: 'team', id: 't1', name: 'Team' } as const;
  it('intents: a pin at the end once, an unpin by ids whatever the name, nothing past the limit', () => {
    const none = { pins: [], snoozed: {}, quietUntil: null, quietOffUntil: null };
    const pinned = applyPinIntent({ ...none, pins: [t1] }, { kind: 'pin', pin: p1 }, 0);
    expect(pinned.pins).toEqual([t1, p1]);
    expect(applyPinIntent(pinned, { kind: 'pin', pin: p1 }, 0)).toBe(pinned);
    expect(applyPinIntent(pinned, { kind: 'unpin', pin: { ...p1 } }, 0).pins).toEqual([t1]);
    const full = {
      ...none,
      pins: Array.from({ length: MAX_PINS }, (_, at) => ({ ...t1, id: `t${at}` })),
    };
    expect(applyPinIntent(full, { kind: 'pin', pin: p1 }, 0)).toBe(full);
  });
  it('intents: a snooze for an hour from now, its end, quiet hours; other entries stay', () => {
    const start = {
      pins: [t1],
      snoozed: { 'a1/d/d1': 9_000_000, 'a1/d/old': 5 },
      quietUntil: null,
      quietOffUntil: null,
    };
    const snoozed = applyPinIntent(start, { kind: 'snooze', key: 'a1/i/p1' }, 10);
    // An expired snooze is let go on the way.
    expect(snoozed.snoozed).toEqual({ 'a1/d/d1': 9_000_000, 'a1/i/p1': 10 + SNOOZE_MS });
    expect(snoozed.pins).toBe(start.pins);
    const back = applyPinIntent(snoozed, { kind: 'unsnooze', key: 'a1/i/p1' }, 10);
    expect(back.snoozed).toEqual({ 'a1/d/d1': 9_000_000 });
    expect(applyPinIntent(back, { kind: 'unsnooze', key: 'a1/i/p1' }, 10)).toBe(back);
    expect(applyPinIntent(back, { kind: 'quiet', until: 99 }, 10).quietUntil).toBe(99);
  });
  it('an account removed takes its pins and snoozes with it', () => {
    const kept = keptFor(
      {
        pins: [p1, { ...t1, accountId: 'a2' }],
        snoozed: { 'a1/i/p1': 5, 'a2/d/d1': 6 },
      },
      new Set(['a1']),
    );
    expect(kept).toEqual({ pins: [p1], snoozed: { 'a1/i/p1': 5 } });
  });
});
