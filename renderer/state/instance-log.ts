/**
 * What the log under an instance row says: whether it shows (by itself under a crashed, safe-mode
 * or errored instance; under any other when the user asked), its lines newest first with their
 * tone (errors and warnings stand out), and the words over them ("Newest first · read 2 min
 * ago", "Reading the log…", "No log while suspended"). Text only: a log line is anyone's text.
 */
import { needsAttention } from '../../common/instance-state';
import type { Instance, InstanceLog, LogLine } from '../../common/state';
import { TOKEN_REFUSED_ON_ROW } from './error-help';
import { relativeTime } from './time';

export type LogTone = 'error' | 'warn' | 'plain';

/** `shownByUser` is the user's own choice for this row (the Log button), null when none. */
export function logShown(instance: Instance, shownByUser: boolean | null): boolean {
  return shownByUser ?? needsAttention(instance.state);
}

export function logTone(level: string | null): LogTone {
  if (level === 'error' || level === 'fatal') return 'error';
  if (level === 'warn' || level === 'warning') return 'warn';
  return 'plain';
}

/** The lines as shown: the newest first (the why of a crash is at the end of the log). */
export function newestFirst(log: InstanceLog | null): readonly LogLine[] {
  return log === null ? [] : [...log.lines].reverse();
}

/** One line's level as a word (`error`, `warn`, …); '' when the server said none. */
export const levelWord = (line: LogLine): string => line.level ?? '';

/** The words over the lines. */
export function logStatusText(log: InstanceLog | null, now: number): string {
  if (log === null || (log.status === 'loading' && log.fetchedAt === null)) {
    return 'Reading the log…';
  }
  switch (log.status) {
    case 'loading':
      return 'Reading the log again…';
    case 'suspended':
      return 'No log while suspended';
    case 'released':
      // Main holds the logs of a bounded number of instances; this one's was let go.
      return 'Not held any more: read it again';
    case 'error':
      // A refused token is said once, in the account's header: the log points there.
      return log.error?.code === 'unauthorized'
        ? `Could not read the log. ${TOKEN_REFUSED_ON_ROW}`
        : `Could not read the log: ${log.error?.message ?? 'unknown error'}`;
    case 'ok': {
      const read = log.fetchedAt === null ? '' : ` · read ${relativeTime(log.fetchedAt, now)}`;
      if (log.lines.length === 0) return `The log is empty${read}`;
      const count = log.lines.length === 1 ? 'Last line' : `Last ${log.lines.length} lines`;
      return `${count}, newest first${read}`;
    }
  }
}

/** Whether there is anything to copy (main copies what it holds). */
export const hasLines = (log: InstanceLog | null): boolean =>
  log !== null && log.status !== 'suspended' && log.lines.length > 0;
