/**
 * Whether an instance's trouble has lasted long enough for the one reminder the user asked for
 * (Settings › Notifications, `remindAfterMinutes`: off, 30 min, 1 h, 4 h): a pure function of its
 * trouble (the model's fact, main/model/trouble.ts), the setting and the clock. The watcher
 * (runtime-watcher.ts) asks it at each read of the team, and tells each trouble once.
 */
import type { Trouble } from '../../common/state';

const MINUTE_MS = 60_000;

/** The reminder's threshold in ms when the trouble has lasted past it; null when not (yet). */
export function stillDownAfter(
  trouble: Trouble | null,
  remindAfterMinutes: number,
  now: number,
): number | null {
  if (trouble === null || remindAfterMinutes <= 0) return null;
  const after = remindAfterMinutes * MINUTE_MS;
  return now - trouble.since >= after ? after : null;
}
