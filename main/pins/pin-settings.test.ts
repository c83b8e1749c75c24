/**
 * Pins, snoozes and quiet hours in main, through the core: the popover's intents (changePins),
 * a notification's "Snooze 1 hour" and an account removed taking its pins and snoozes with it.
 * Real HTTP to a fake server, real files.
 */
import { describe, expect, it } from 'vitest';
import { SNOOZE_MS } from '../../common/pins';
import { MAX_PINS } from '../../common/pin-limits';
import { call, state, withAlice } from '../../tests/support/core-calls';

describe('pins and snoozes in main', () => {
  it('a notification’s snooze silences its item for an hour, saved and in the model', async () => {
    const { core, added } = await withAlice();
    const before = Date.now();
    core.snooze({ accountId: added.id, teamId: 't1', item: { kind: 'instance', id: 'p1' } });
    const until = (await state(core)).settings.snoozed[`${added.id}/i/p1`] ?? 0;
    expect(until).toBeGreaterThanOrEqual(before + SNOOZE_MS);
    expect(until).toBeLessThanOrEqual(Date.now() + SNOOZE_MS);
    // A notification about no one item (a summary) has nothing to snooze.
    core.snooze({ accountId: added.id, teamId: 't1', item: null });
    expect(Object.keys((await state(core)).settings.snoozed)).toEqual([`${added.id}/i/p1`]);
  });

  it('removing an account drops its pins and snoozes, and keeps the others', async () => {
    const { core, added, team } = await withAlice();
    const owned = team('Owned');
    const mine = { accountId: added.id, kind: 'team', id: owned.id, name: owned.name } as const;
    await call(core, 'changePins', { kind: 'pin', pin: mine });
    await call(core, 'changePins', { kind: 'snooze', key: `${added.id}/d/d1` });
    expect((await state(core)).settings.pins).toEqual([mine]);
    await call(core, 'removeAccount', { id: added.id });
    const { settings } = await state(core);
    expect(settings.pins).toEqual([]);
    expect(settings.snoozed).toEqual({});
  });

  it('applies each intent to what main saved, and refuses a pin past the limit', async () => {
    const { core, added, team } = await withAlice();
    const owned = team('Owned');
    const pin = { accountId: added.id, kind: 'team', id: owned.id, name: owned.name } as const;
    const key = `${added.id}/i/p1`;
    await call(core, 'changePins', { kind: 'pin', pin });
    await call(core, 'changePins', { kind: 'pin', pin });
    await call(core, 'changePins', { kind: 'snooze', key });
    await call(core, 'changePins', { kind: 'quiet', until: 4_102_444_800_000 });
    let { settings } = await state(core);
    expect(settings.pins).toEqual([pin]);
    expect(Object.keys(settings.snoozed)).toEqual([key]);
    expect(settings.quietUntil).toBe(4_102_444_800_000);
    await call(core, 'changePins', { kind: 'unsnooze', key });
    await call(core, 'changePins', { kind: 'quiet', until: null });
    await call(core, 'changePins', {
      kind: 'unpin',
      pin: { accountId: added.id, kind: 'team', id: owned.id },
    });
    ({ settings } = await state(core));
    expect(settings).toMatchObject({ pins: [], snoozed: {}, quietUntil: null });

    for (let at = 0; at < MAX_PINS; at += 1) {
      await call(core, 'changePins', { kind: 'pin', pin: { ...pin, id: `t${at}` } });
    }
    await expect(call(core, 'changePins', { kind: 'pin', pin })).rejects.toThrow(
      `At most ${MAX_PINS}`,
    );
    expect((await state(core)).settings.pins).toHaveLength(MAX_PINS);
  });

  it('no longer takes pins, snoozes or quiet hours as whole lists (updateSettings)', async () => {
    const { core } = await withAlice();
    await expect(call(core, 'updateSettings', { pins: [] })).rejects.toThrow('invalid');
    await expect(call(core, 'updateSettings', { snoozed: {} })).rejects.toThrow('invalid');
    await expect(call(core, 'updateSettings', { quietUntil: null })).rejects.toThrow('invalid');
  });
});
