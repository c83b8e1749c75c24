/** `Retry-After` as milliseconds: delay seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfterMs(value: string | null, now: number = Date.now()): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP date names its month; without this, Date.parse reads "-5" as a year.
  if (!/[a-z]{3}/i.test(text)) return null;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - now);
}

/** A wait in words: `5 s`, `about 3 min`. */
export function formatWait(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 90) return `${seconds} s`;
  return `about ${Math.round(seconds / 60)} min`;
}
