/**
 * Pins, snoozes and quiet hours as the settings file holds them: a bad entry costs that entry,
 * an ended snooze or quiet hours are dropped, and the lists stay bounded.
 */
import { describe, expect, it } from 'vitest';
import { MAX_PINS, MAX_SNOOZED } from '../../common/pin-limits';
import { clampSettings } from './sanitize';

const NOW = Date.UTC(2026, 10, 25, 22, 0);
const pin = (id: string, kind = 'instance') => ({ accountId: 'a1', kind, id, name: `n-${id}` });

describe('clampSettings: pins', () => {
  it('keeps valid pins in order and drops the bad ones, each once', () => {
    const pins = clampSettings(
      {
        pins: [
          pin('p1'),
          pin('t1', 'team'),
          pin('p1'),
          { ...pin('x'), kind: 'application' },
          { ...pin('y'), id: '' },
          { ...pin('z'), accountId: 'a'.repeat(101) },
          { ...pin('w'), extra: true },
          'junk',
          null,
          pin('d1', 'device'),
        ],
      },
      NOW,
    ).pins;
    expect(pins).toEqual([pin('p1'), pin('t1', 'team'), pin('d1', 'device')]);
  });

  it('holds at most MAX_PINS, and a list that is not one is empty', () => {
    const many = Array.from({ length: MAX_PINS + 10 }, (_, index) => pin(`p${index}`));
    expect(clampSettings({ pins: many }, NOW).pins).toHaveLength(MAX_PINS);
    expect(clampSettings({ pins: { a: 1 } }, NOW).pins).toEqual([]);
  });
});

describe('clampSettings: snoozes and quiet hours', () => {
  it('keeps snoozes still running, drops ended and malformed ones', () => {
    const snoozed = clampSettings(
      {
        snoozed: {
          'a1/i/p1': NOW + 1000,
          'a1/d/d1': NOW + 2000,
          'a1/i/ended': NOW - 1,
          'a1/i/now': NOW,
          'a1/x/p2': NOW + 1000,
          'no-slashes': NOW + 1000,
          'a1/i/half': NOW + 0.5,
          'a1/i/text': 'tomorrow',
        },
      },
      NOW,
    ).snoozed;
    expect(snoozed).toEqual({ 'a1/i/p1': NOW + 1000, 'a1/d/d1': NOW + 2000 });
  });

  it('holds at most MAX_SNOOZED, keeping those that end last', () => {
    const many = Object.fromEntries(
      Array.from({ length: MAX_SNOOZED + 5 }, (_, index) => [`a1/i/p${index}`, NOW + index + 1]),
    );
    const snoozed = clampSettings({ snoozed: many }, NOW).snoozed;
    expect(Object.keys(snoozed)).toHaveLength(MAX_SNOOZED);
    expect(snoozed['a1/i/p0']).toBeUndefined();
    expect(snoozed[`a1/i/p${MAX_SNOOZED + 4}`]).toBe(NOW + MAX_SNOOZED + 5);
  });

  it('keeps quiet hours that have not ended; ended, broken or missing ones are none', () => {
    expect(clampSettings({ quietUntil: NOW + 60_000 }, NOW).quietUntil).toBe(NOW + 60_000);
    expect(clampSettings({ quietUntil: NOW - 1 }, NOW).quietUntil).toBeNull();
    expect(clampSettings({ quietUntil: 'tomorrow' }, NOW).quietUntil).toBeNull();
    expect(clampSettings({ quietUntil: NOW + 0.5 }, NOW).quietUntil).toBeNull();
    expect(clampSettings({}, NOW)).toMatchObject({ pins: [], snoozed: {}, quietUntil: null });
  });
});

describe('clampSettings: the quiet hours schedule', () => {
  const good = { on: true, from: '22:00', to: '07:00', days: [1, 2, 3, 4, 5] };
  it('keeps a valid schedule, and is off by default', () => {
    expect(clampSettings({ quietHours: good }, NOW).quietHours).toEqual(good);
    expect(clampSettings({}, NOW).quietHours).toEqual({
      on: false,
      from: '22:00',
      to: '07:00',
      days: [0, 1, 2, 3, 4, 5, 6],
    });
  });
  it('repairs a hand-edited or damaged one field by field', () => {
    expect(
      clampSettings(
        { quietHours: { on: 'yes', from: '9:00', to: '23:59', days: [5, 1, 1, 9, 'Mon', 2.5] } },
        NOW,
      ).quietHours,
    ).toEqual({ on: false, from: '22:00', to: '23:59', days: [1, 5] });
    expect(clampSettings({ quietHours: { on: true, days: 'weekdays' } }, NOW).quietHours).toEqual({
      on: true,
      from: '22:00',
      to: '07:00',
      days: [0, 1, 2, 3, 4, 5, 6],
    });
    expect(clampSettings({ quietHours: [good] }, NOW).quietHours.on).toBe(false);
  });
  it('drops a "Notify now" that has ended', () => {
    expect(clampSettings({ quietOffUntil: NOW + 60_000 }, NOW).quietOffUntil).toBe(NOW + 60_000);
    expect(clampSettings({ quietOffUntil: NOW }, NOW).quietOffUntil).toBeNull();
    expect(clampSettings({ quietOffUntil: 'later' }, NOW).quietOffUntil).toBeNull();
  });
});
