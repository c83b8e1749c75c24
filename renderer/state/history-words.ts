/**
 * An instance's or a device's history in words, newest first: "10:05 running", "09:40 stopped by
 * bob", in the user's own clock format (time.ts) with the day before the time when it is not
 * today ("Mon 09:40 crashed"). The entries are the model's (main/model/history.ts), clipped there.
 */
import type { HistoryEntry } from '../../common/state';
import { clockTime } from './time';

let dayFormat: Intl.DateTimeFormat | null = null;

function when(at: number, now: number): string {
  if (new Date(at).toDateString() === new Date(now).toDateString()) return clockTime(at);
  dayFormat ??= new Intl.DateTimeFormat(undefined, { weekday: 'short' });
  return `${dayFormat.format(at)} ${clockTime(at)}`;
}

/** Each entry as a line, newest first; none for an empty or absent history. */
export function historyWords(history: readonly HistoryEntry[] | undefined, now: number): string[] {
  return [...(history ?? [])]
    .reverse()
    .map((entry) => `${when(entry.at, now)} ${entry.state}${entry.by ? ` by ${entry.by}` : ''}`);
}
