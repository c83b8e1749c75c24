/**
 * Pins and snoozes, as plain functions over the settings both sides share: which items are
 * pinned (by ids, so a rename on the server keeps them), which items' notifications are snoozed
 * and until when, and whether quiet hours hold and until when: the moon's one-off "until the
 * next morning", or the schedule in Settings (a window from a local time to another, which may
 * cross midnight, on the days it starts on). Main's notifications and the popover's quiet line
 * both ask quietEnd, so they agree. No valibot here: the renderer imports it.
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

/** What says whether quiet hours hold: the one-off end, the schedule, and its "Notify now". */
export type QuietSettings = Pick<Settings, 'quietUntil' | 'quietHours' | 'quietOffUntil'>;
export type QuietHours = Settings['quietHours'];

/** Whether quiet hours hold now (one-off or scheduled). */
export function isQuiet(settings: QuietSettings, now: number): boolean {
  return quietEnd(settings, now) !== null;
}

/**
 * When the quiet hours that hold now end, or null when none hold: the later of the one-off end
 * and the scheduled window's (a window that ends where the next begins runs on into it), unless
 * "Notify now" ended this window (quietOffUntil, its end). Windows are in local wall-clock time,
 * so 22:00–07:00 is that on the clock on a day the clocks change too.
 */
export function quietEnd(settings: QuietSettings, now: number): number | null {
  const oneOff =
    settings.quietUntil !== null && settings.quietUntil > now ? settings.quietUntil : null;
  const offUntil = settings.quietOffUntil ?? 0;
  const scheduled = offUntil > now ? null : scheduledEnd(settings.quietHours, now);
  if (oneOff === null || scheduled === null) return oneOff ?? scheduled;
  return Math.max(oneOff, scheduled);
}

/** How many windows in a row a scheduled quiet may run on through (a week of whole days). */
const MAX_CHAINED = 8;

/** When the scheduled window that holds at `now` ends (running on into the next), or null. */
function scheduledEnd(hours: QuietHours, now: number): number | null {
  let end = windowEndAt(hours, now);
  if (end === null) return null;
  for (let step = 0; step < MAX_CHAINED; step += 1) {
    const next = windowEndAt(hours, end);
    if (next === null || next <= end) break;
    end = next;
  }
  return end;
}

/** The end of the one window that holds at `at` (started today or yesterday), or null. */
function windowEndAt(hours: QuietHours, at: number): number | null {
  if (!hours.on) return null;
  const from = minutesOf(hours.from);
  const to = minutesOf(hours.to);
  for (const back of [0, 1]) {
    const day = new Date(at);
    day.setDate(day.getDate() - back);
    if (!hours.days.includes(day.getDay())) continue;
    const start = atMinutes(day, 0, from);
    // 22:00–07:00 ends the next day; 09:00–09:00 is a whole day.
    const end = atMinutes(day, to > from ? 0 : 1, to);
    if (start <= at && at < end) return end;
  }
  return null;
}

/** "22:30" → 1350. */
function minutesOf(clock: string): number {
  const [hour = 0, minute = 0] = clock.split(':').map(Number);
  return hour * 60 + minute;
}

/** The local time `minutes` after midnight, `days` after `day`'s date. */
function atMinutes(day: Date, days: number, minutes: number): number {
  const at = new Date(day.getFullYear(), day.getMonth(), day.getDate() + days);
  at.setHours(Math.floor(minutes / 60), minutes % 60, 0, 0);
  return at.getTime();
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
export type PinSettings = Pick<Settings, 'pins' | 'snoozed' | 'quietUntil' | 'quietOffUntil'>;

/**
 * The pins, snoozes and quiet hours after `intent`, at `now`; the same object when none moved.
 * Quiet until null ("Notify now") ends the quiet that holds now: the one-off, and a scheduled
 * window until its end (quietOffUntil), so the schedule is back with its next window.
 */
export function applyPinIntent(
  settings: PinSettings & { readonly quietHours?: QuietHours },
  intent: PinIntent,
  now: number,
): PinSettings {
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
    case 'quiet': {
      if (intent.until !== null) return { ...pick(settings), quietUntil: intent.until };
      const scheduled =
        settings.quietHours === undefined ? null : scheduledEnd(settings.quietHours, now);
      return {
        ...pick(settings),
        quietUntil: null,
        quietOffUntil: scheduled ?? settings.quietOffUntil,
      };
    }
  }
}

function pick({ pins, snoozed, quietUntil, quietOffUntil }: PinSettings): PinSettings {
  return { pins, snoozed, quietUntil, quietOffUntil };
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
