/**
 * What changed just before an instance broke, in words, for its row and its notification alike:
 * "Flows deployed by alice 4 min before the crash", "Settings changed by you 2 h before safe
 * mode", "Nodes installed by bob". The author is anyone's text: callers show it as text only.
 */
import type { ChangeBefore } from './state';

/** Each change FlowFuse logs, as a person says it. */
const CHANGE_WORDS: Readonly<Record<string, string>> = {
  'flows.set': 'Flows deployed',
  'project.settings.updated': 'Settings changed',
  'nodes.install': 'Nodes installed',
  'nodes.remove': 'Nodes removed',
  'project.stack.changed': 'Stack changed',
  'project.snapshot.rolled-back': 'Rolled back to a snapshot',
};

/** What the change came before. */
const PROBLEM_WORDS: Readonly<Record<string, string>> = {
  crashed: 'the crash',
  safe: 'safe mode',
  error: 'the error',
  'start-failed': 'the failed start',
};

/** "under a minute", "4 min", "3 h", "2 days": how long before. */
export function spanWords(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}

export interface ChangeWords {
  /** "Flows deployed by alice" */
  readonly what: string;
  /** " 4 min before the crash", or '' when the times do not say. */
  readonly when: string;
}

/**
 * The change in words; null when there is none to tell. `username` is the account's own user
 * ("you"); `by` is shown as it is, a name the caller cleans for where it goes.
 */
export function changeWords(
  change: ChangeBefore | null,
  username: string | null,
  shownName: (name: string) => string = (name) => name,
): ChangeWords | null {
  if (change?.event == null) return null;
  const verb = CHANGE_WORDS[change.event] ?? 'Changed';
  const who =
    change.by === null ? '' : ` by ${change.by === username ? 'you' : shownName(change.by)}`;
  const before =
    change.at !== null && change.problemAt !== null && change.problemAt >= change.at
      ? ` ${spanWords(change.problemAt - change.at)} before ${PROBLEM_WORDS[change.problem] ?? 'the problem'}`
      : '';
  return { what: `${verb}${who}`, when: before };
}
