/** "just now", "2 min ago", "3 h ago", "4 d ago": short enough for a 400 px row. */
export function relativeTime(then: number, now: number): string {
  const seconds = Math.max(0, Math.round((now - then) / 1000));
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.round(hours / 24)} d ago`;
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
