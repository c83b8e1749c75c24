/**
 * The line under a stopped or suspended instance that says who made it so and when: "Stopped by
 * bob · 12 min ago", "Stopped by bob via API" (a script with bob's token: FlowFuse 2.32+ says
 * so), "Stopped by you", "Suspended by FlowFuse" (the platform's own), or "Failed to start · 2 min
 * ago". Only when the last action read explains the state shown: a stop that
 * was followed by a start says nothing of a later stop. Text only: the username is anyone's text.
 */
import type { Instance } from '../../common/state';
import { relativeTime } from './time';

export interface LastActionLine {
  readonly text: string;
  /** A failed start is a problem, in its own words. */
  readonly tone: 'muted' | 'problem';
}

/** The event that explains each state, and its verb. */
const EXPLAINS: Readonly<Record<string, { readonly state: string; readonly verb: string }>> = {
  'project.stopped': { state: 'stopped', verb: 'Stopped' },
  'project.suspended': { state: 'suspended', verb: 'Suspended' },
};

/**
 * `state` is what the row shows (a pending action's transition shows none); `username` is the
 * account's own user, who reads as "you".
 */
export function lastActionLine(
  instance: Instance,
  state: string,
  username: string | null,
  now: number,
): LastActionLine | null {
  const last = instance.lastAction;
  if (last === null || (state !== 'stopped' && state !== 'suspended')) return null;
  const ago = last.at === null ? '' : ` · ${relativeTime(last.at, now)}`;
  if (last.event === 'project.start-failed')
    return { text: `Failed to start${ago}`, tone: 'problem' };
  const explains = EXPLAINS[last.event];
  if (explains?.state !== state) return null;
  const who = last.by === null ? 'FlowFuse' : last.by === username ? 'you' : last.by;
  const via = last.viaApi === true ? ' via API' : '';
  return { text: `${explains.verb} by ${who}${via}${ago}`, tone: 'muted' };
}
