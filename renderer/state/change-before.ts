/**
 * The line under a crashed, safe-mode or errored instance (or one whose start failed) that says
 * what changed just before: "Flows deployed by alice 4 min before the crash", or with its age
 * when the problem's time is not known ("Settings changed by you · 2 h ago"). Only while the
 * instance is still in the problem it was read for, and only when the audit log named a change.
 * Text only: the author is anyone's text.
 */
import { changeWords } from '../../common/change-words';
import { needsAttention } from '../../common/instance-state';
import type { Instance } from '../../common/state';
import { relativeTime } from './time';

/**
 * `state` is what the row shows (a pending action's transition shows none); `username` is the
 * account's own user, who reads as "you".
 */
export function changeBeforeLine(
  instance: Instance,
  state: string,
  username: string | null,
  now: number,
): string | null {
  const change = instance.changeBefore;
  if (change === null) return null;
  const failedStart =
    change.problem === 'start-failed' &&
    state === 'suspended' &&
    instance.lastAction?.event === 'project.start-failed';
  if (!failedStart && !(needsAttention(state) && change.problem === state)) return null;
  const words = changeWords(change, username);
  if (words === null) return null;
  if (words.when !== '') return `${words.what}${words.when}`;
  return change.at === null ? words.what : `${words.what} · ${relativeTime(change.at, now)}`;
}
