/**
 * Pin, unpin, snooze, unsnooze and quiet hours, as the rows and the header ask for them: each
 * sent as what the user did (changePins), never as a whole list, so main applies it to what it
 * saved; the store shows it at once.
 */
import {
  isPinned,
  isQuiet,
  nextMorning,
  snoozedUntil,
  snoozeKey,
  type Pin,
  type PinIntent,
} from '../../common/pins';
import { MAX_PINS, PIN_NAME_MAX } from '../../common/pin-limits';
import type { Settings } from '../../common/settings';
import type { TeamRow } from './rows';
import type { DeviceRow, InstanceRow } from './runtime-rows';

/** A row that can be pinned. */
export type PinnableRow = TeamRow | InstanceRow | DeviceRow;
/** A row whose notifications can be snoozed. */
export type SnoozableRow = InstanceRow | DeviceRow;

/** What sends the user's pins, snoozes and quiet hours to main (the store). */
export interface SettingsSaver {
  readonly settings: Settings | null;
  changePins(intent: PinIntent): Promise<string | null>;
}

export function pinOf(row: PinnableRow): Pin {
  const [id, name] =
    row.kind === 'team'
      ? [row.team.id, row.team.name]
      : row.kind === 'instance'
        ? [row.instance.id, row.instance.name]
        : [row.device.id, row.device.name];
  return { accountId: row.account.id, kind: row.kind, id, name: name.slice(0, PIN_NAME_MAX) };
}

export function rowPinned(settings: Settings | null, row: PinnableRow): boolean {
  return settings !== null && isPinned(settings.pins, pinOf(row));
}

/** Pins the row's item, or unpins it; null, or why not. */
export async function togglePinned(store: SettingsSaver, pin: Pin): Promise<string | null> {
  const pins = store.settings?.pins ?? [];
  if (!isPinned(pins, pin) && pins.length >= MAX_PINS) {
    return `At most ${MAX_PINS} items can be pinned: unpin one first.`;
  }
  if (isPinned(pins, pin)) {
    const { accountId, kind, id } = pin;
    return store.changePins({ kind: 'unpin', pin: { accountId, kind, id } });
  }
  return store.changePins({ kind: 'pin', pin });
}

function snoozeKeyOf(row: SnoozableRow): string {
  return snoozeKey(
    row.account.id,
    row.kind,
    row.kind === 'instance' ? row.instance.id : row.device.id,
  );
}

export function rowSnoozedUntil(settings: Settings | null, row: SnoozableRow, now: number) {
  return settings === null ? null : snoozedUntil(settings, snoozeKeyOf(row), now);
}

/** Snoozes the row's notifications for an hour, or ends its snooze. */
export async function toggleSnoozed(
  store: SettingsSaver,
  row: SnoozableRow,
  now: number,
): Promise<string | null> {
  const settings = store.settings;
  if (settings === null) return null;
  const key = snoozeKeyOf(row);
  const snoozed = snoozedUntil(settings, key, now) !== null;
  return store.changePins({ kind: snoozed ? 'unsnooze' : 'snooze', key });
}

/**
 * Quiet hours until the next 08:00 (the moon), or the end of the quiet that holds now, one-off or
 * scheduled ("Notify now"; main keeps a scheduled window off until its end).
 */
export async function toggleQuiet(store: SettingsSaver, now: number): Promise<string | null> {
  const quiet = store.settings !== null && isQuiet(store.settings, now);
  return store.changePins({ kind: 'quiet', until: quiet ? null : nextMorning(now) });
}
