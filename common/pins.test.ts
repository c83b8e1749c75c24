import { describe, expect, it } from 'vitest';
import {
  isQuiet,
  keptFor,
  nextMorning,
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
    expect(isQuiet({ quietUntil: now + 1 }, now)).toBe(true);
    expect(isQuiet({ quietUntil: now }, now)).toBe(false);
    expect(isQuiet({ quietUntil: null }, now)).toBe(false);
  });
});

describe('pins', () => {
  const p1 = { accountId: 'a1', kind: 'instance', id: 'p1', name: 'line-1' } as const;
  const t1 = { accountId: 'a1', kind: 'team', id: 't1', name: 'Team' } as const;
  it('intents: a pin at the end once, an unpin by ids whatever the name, nothing past the limit', () => {
    const none = { pins: [], snoozed: {}, quietUntil: null };
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
