/**
 * "just now", "2 min ago", "3 h ago", "yesterday", "4 d ago": short enough for a 400 px row.
 * Past a few hours the calendar decides, as people say it: 26 hours ago is "yesterday", and an
 * evening two days back is "2 d ago" even when fewer than 48 hours have passed.
 */
export function relativeTime(then: number, now: number): string {
  const seconds = Math.max(0, Math.round((now - then) / 1000));
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  const days = calendarDays(then, now);
  // Just after midnight, an hour before it is "2 h ago", not "yesterday".
  if (days === 0 || hours < 6) return `${hours} h ago`;
  return days === 1 ? 'yesterday' : `${days} d ago`;
}

/** Local midnights between the two days (rounded: a DST day is 23 or 25 hours long). */
function calendarDays(then: number, now: number): number {
  const midnight = (time: number): number => new Date(time).setHours(0, 0, 0, 0);
  return Math.max(0, Math.round((midnight(now) - midnight(then)) / 86_400_000));
}

/** The clock's formatter, made on first use: only when a quiet line or a snoozed row shows. */
let clockFormat: Intl.DateTimeFormat | null = null;

/**
 * "8:00", "20:00" or "8:00 PM": a time of day in the user's own clock format (their locale's),
 * for quiet hours and snoozes, which end within a day.
 */
export function clockTime(at: number): string {
  clockFormat ??= new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
  return clockFormat.format(at);
}

let dayFormat: Intl.DateTimeFormat | null = null;

/** clockTime, with the day ("Mon 0:00") when it is a day or more after `now`. */
export function clockTimeFrom(at: number, now: number): string {
  if (at - now < 86_400_000) return clockTime(at);
  dayFormat ??= new Intl.DateTimeFormat(undefined, { weekday: 'short' });
  return `${dayFormat.format(at)} ${clockTime(at)}`;
}

/**
 * A full local date and time for a tooltip, as `2024-05-01 14:03`. Built by hand: the first
 * Intl formatter costs tens of milliseconds, which the first paint cannot spare.
 */
export function absoluteTime(then: number): string {
  const date = new Date(then);
  const two = (value: number): string => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** Whether a date can hold `then` (a server may send a time past year 275760). */
export const isShownTime = (then: number): boolean => !Number.isNaN(new Date(then).getTime());
