/**
 * Pins and snoozes main changes itself, through the core: a notification's "Snooze 1 hour" and
 * an account removed taking its pins and snoozes with it. Real HTTP to a fake server, real files.
 */
import { describe, expect, it } from 'vitest';
import { SNOOZE_MS } from '../../common/pins';
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
    await call(core, 'updateSettings', {
      pins: [mine],
      snoozed: { [`${added.id}/d/d1`]: Date.now() + 60_000 },
    });
    expect((await state(core)).settings.pins).toEqual([mine]);
    await call(core, 'removeAccount', { id: added.id });
    const { settings } = await state(core);
    expect(settings.pins).toEqual([]);
    expect(settings.snoozed).toEqual({});
  });
});
