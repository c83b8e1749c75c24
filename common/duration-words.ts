/**
 * How long something lasted, in a few characters, for a notification's title and a row: "under
 * a minute", "12 min", "1 h", "1 h 5 min", "2 d". Main (news) and the renderer (a row) say it
 * the same way.
 */
const MINUTE_MS = 60_000;

export function durationWords(ms: number): string {
  const minutes = Math.round(Math.max(0, ms) / MINUTE_MS);
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours < 24) return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
  return `${Math.round(hours / 24)} d`;
}
