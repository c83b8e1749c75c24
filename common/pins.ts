/**
 * Pins and snoozes, as plain functions over the settings both sides share: which items are
 * pinned (by ids, so a rename on the server keeps them), which items' notifications are snoozed
 * and until when, and when quiet hours ("until tomorrow") end. No valibot here: the renderer
 * imports it.
 */
import { MAX_PINS } from './pin-limits';
import type { Settings } from './settings';

export type Pin = Settings['pins'][number];
/** What names a pinned item: its account, its kind and its id. */
export type PinRef = Pick<Pin, 'accountId' | 'kind' | 'id'>;

/** Snooze from a row or a notification: one hour. */
export const SNOOZE_MS = 60 * 60 * 1000;
/** "Until tomorrow" ends at the next local 08:00. */
const QUIET_ENDS_AT_HOUR = 8;

export function samePin(a: PinRef, b: PinRef): boolean {
  return a.accountId === b.accountId && a.kind === b.kind && a.id === b.id;
}

export function isPinned(pins: readonly PinRef[], ref: PinRef): boolean {
  return pins.some((pin) => samePin(pin, ref));
}

/** An instance's or a device's key in `snoozed` (the same key the notifications use). */
export function snoozeKey(accountId: string, kind: 'instance' | 'device', id: string): string {
  return `${accountId}/${kind === 'instance' ? 'i' : 'd'}/${id}`;
}

/** Until when the item's notifications are snoozed, or null when they are not (now). */
export function snoozedUntil(
  settings: Pick<Settings, 'snoozed'>,
  key: string,
  now: number,
): number | null {
  const until = Object.hasOwn(settings.snoozed, key) ? settings.snoozed[key] : undefined;
  return until !== undefined && until > now ? until : null;
}

/** Whether quiet hours hold now. */
export function isQuiet(settings: Pick<Settings, 'quietUntil'>, now: number): boolean {
  return settings.quietUntil !== null && settings.quietUntil > now;
}

/**
 * The next local 08:00 after `now`: set at 23:00 it is the next morning, at 02:00 the same
 * morning. Quiet hours are for the night, and end when the working day starts.
 */
export function nextMorning(now: number): number {
  const at = new Date(now);
  at.setHours(QUIET_ENDS_AT_HOUR, 0, 0, 0);
  if (at.getTime() <= now) {
    at.setDate(at.getDate() + 1);
    at.setHours(QUIET_ENDS_AT_HOUR, 0, 0, 0);
  }
  return at.getTime();
}

/** `snoozed` with the key snoozed until `until` (null: unsnoozed), expired ones dropped. */
export function withSnooze(
  snoozed: Settings['snoozed'],
  key: string,
  until: number | null,
  now: number,
): Settings['snoozed'] {
  const next: Record<string, number> = {};
  for (const [each, at] of Object.entries(snoozed)) if (at > now && each !== key) next[each] = at;
  if (until !== null) next[key] = until;
  return next;
}

/**
 * What the user did to pins, snoozes and quiet hours: the renderer sends this, never the whole
 * list, and main applies it to the settings it saved (applyPinIntent), so a change main made
 * meanwhile (a notification's snooze, a removed account's pins) is never written over.
 */
export type PinIntent =
  | { readonly kind: 'pin'; readonly pin: Pin }
  | { readonly kind: 'unpin'; readonly pin: PinRef }
  | { readonly kind: 'snooze'; readonly key: string }
  | { readonly kind: 'unsnooze'; readonly key: string }
  | { readonly kind: 'quiet'; readonly until: number | null };

/** What an intent changes. */
export type PinSettings = Pick<Settings, 'pins' | 'snoozed' | 'quietUntil'>;

/** The pins, snoozes and quiet hours after `intent`, at `now`; the same object when none moved. */
export function applyPinIntent(settings: PinSettings, intent: PinIntent, now: number): PinSettings {
  switch (intent.kind) {
    case 'pin':
      if (isPinned(settings.pins, intent.pin) || settings.pins.length >= MAX_PINS) return settings;
      return { ...pick(settings), pins: [...settings.pins, intent.pin] };
    case 'unpin':
      if (!isPinned(settings.pins, intent.pin)) return settings;
      return { ...pick(settings), pins: settings.pins.filter((pin) => !samePin(pin, intent.pin)) };
    case 'snooze':
      return {
        ...pick(settings),
        snoozed: withSnooze(settings.snoozed, intent.key, now + SNOOZE_MS, now),
      };
    case 'unsnooze':
      if (snoozedUntil(settings, intent.key, now) === null) return settings;
      return { ...pick(settings), snoozed: withSnooze(settings.snoozed, intent.key, null, now) };
    case 'quiet':
      return { ...pick(settings), quietUntil: intent.until };
  }
}

function pick({ pins, snoozed, quietUntil }: PinSettings): PinSettings {
  return { pins, snoozed, quietUntil };
}

/** The pins and snoozes left once only these accounts are saved. */
export function keptFor(
  settings: Pick<Settings, 'pins' | 'snoozed'>,
  accountIds: ReadonlySet<string>,
): Pick<Settings, 'pins' | 'snoozed'> {
  const snoozed: Record<string, number> = {};
  for (const [key, at] of Object.entries(settings.snoozed)) {
    if (accountIds.has(key.slice(0, key.indexOf('/')))) snoozed[key] = at;
  }
  return { pins: settings.pins.filter((pin) => accountIds.has(pin.accountId)), snoozed };
}
