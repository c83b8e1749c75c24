import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../common/settings-defaults';
import { type Pin, type PinIntent } from '../../common/pins';
import { MAX_PINS } from '../../common/pin-limits';
import type { Settings } from '../../common/settings';
import { toggleQuiet, togglePinned, toggleSnoozed, type SettingsSaver } from './pin-actions';
import { pinRows } from './pin-rows';
import type { InstanceRow } from './runtime-rows';
import { account, NOW, runtime, withRuntime } from '../../tests/support/renderer-data';

function saver(settings: Partial<Settings> = {}) {
  const saved: PinIntent[] = [];
  const store: SettingsSaver & { saved: PinIntent[] } = {
    settings: { ...DEFAULT_SETTINGS, ...settings },
    saved,
    changePins(intent) {
      saved.push(intent);
      return Promise.resolve(null);
    },
  };
  return store;
}

const a1 = withRuntime(
  account('a1', ['Plant'], { status: 'ok', stale: false }),
  't0',
  runtime([['line-1', 'crashed']]),
);
const pin: Pin = { accountId: 'a1', kind: 'instance', id: 'id-line-1', name: 'line-1' };
const row = pinRows([a1], [pin], {
  drafts: new Map(),
  errors: new Map(),
  now: NOW,
})[1] as InstanceRow;

describe('pin actions', () => {
  it('pin, then unpin: what the user did, not the list', async () => {
    const store = saver();
    await togglePinned(store, pin);
    expect(store.saved).toEqual([{ kind: 'pin', pin }]);
    const pinned = saver({ pins: [pin] });
    await togglePinned(pinned, pin);
    expect(pinned.saved).toEqual([
      { kind: 'unpin', pin: { accountId: 'a1', kind: 'instance', id: 'id-line-1' } },
    ]);
  });

  it('refuses a pin past the limit, in words', async () => {
    const full = Array.from({ length: MAX_PINS }, (_, index) => ({ ...pin, id: `p${index}` }));
    const store = saver({ pins: full });
    expect(await togglePinned(store, pin)).toContain(`At most ${MAX_PINS}`);
    expect(store.saved).toEqual([]);
  });

  it('snoozes a row for an hour, and unsnoozes it', async () => {
    const store = saver();
    await toggleSnoozed(store, row, NOW);
    expect(store.saved).toEqual([{ kind: 'snooze', key: 'a1/i/id-line-1' }]);
    const snoozed = saver({ snoozed: { 'a1/i/id-line-1': NOW + 10 } });
    await toggleSnoozed(snoozed, row, NOW);
    expect(snoozed.saved).toEqual([{ kind: 'unsnooze', key: 'a1/i/id-line-1' }]);
  });

  it('quiet hours until the next 08:00, and their end', async () => {
    const evening = new Date(2026, 10, 25, 22, 30).getTime();
    const store = saver();
    await toggleQuiet(store, evening);
    expect(store.saved).toEqual([{ kind: 'quiet', until: new Date(2026, 10, 26, 8).getTime() }]);
    const quiet = saver({ quietUntil: evening + 1000 });
    await toggleQuiet(quiet, evening);
    expect(quiet.saved).toEqual([{ kind: 'quiet', until: null }]);
  });

  it('inside a scheduled window the moon (or Notify now) ends it instead of starting a one-off', async () => {
    const evening = new Date(2026, 10, 25, 22, 30).getTime();
    const scheduled = saver({
      quietHours: { on: true, from: '22:00', to: '07:00', days: [0, 1, 2, 3, 4, 5, 6] },
    });
    await toggleQuiet(scheduled, evening);
    expect(scheduled.saved).toEqual([{ kind: 'quiet', until: null }]);
  });
});
