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

/** A full local date and time for a tooltip. */
export function absoluteTime(then: number): string {
  return new Date(then).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
