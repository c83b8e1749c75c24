/**
 * An instance's or device's last transitions as Teamtray saw them ("crashed 10:02 → running
 * 10:05", "stopped by bob"): a bounded list on the node itself, appended by the transitions that
 * change its state (a read, an action's polling, its end) and given its author by the audit log's
 * last action. Pure functions of the list; a state on its way (`restarting`) is not a transition
 * yet, and the same state twice is one.
 */
import { isTransitional } from '../../common/instance-state';
import type { Device, HistoryEntry, LastAction } from '../../common/state';

/** How many transitions a node keeps. */
export const HISTORY_MAX = 20;
/** The longest state or name an entry keeps. */
export const HISTORY_TEXT_MAX = 64;

const clip = (text: string): string => text.slice(0, HISTORY_TEXT_MAX);

/** Whether `state` is a transition of a node whose history is `history`. */
export function historyMoves(history: readonly HistoryEntry[] | undefined, state: string): boolean {
  if (isTransitional(state)) return false;
  return history?.at(-1)?.state !== clip(state);
}

/** The history with `state` seen at `at` added (the oldest let go past HISTORY_MAX). */
export function withTransition(
  history: readonly HistoryEntry[] | undefined,
  state: string,
  at: number,
): readonly HistoryEntry[] {
  const before = history ?? [];
  if (!historyMoves(before, state)) return before;
  return [...before, { at, state: clip(state) }].slice(-HISTORY_MAX);
}

/** The states each last action leaves an instance in. */
const ACTION_STATES: Readonly<Record<string, string>> = {
  'project.stopped': 'stopped',
  'project.suspended': 'suspended',
  'project.start-failed': 'suspended',
  'project.started': 'running',
  'project.restarted': 'running',
};

/**
 * The history with the last action's author on its newest entry, when that entry is the state the
 * action left it in and says no author yet, and the action came after the entry before it (a
 * minute's leeway: the server's clock is not this machine's).
 */
export function withAuthor(
  history: readonly HistoryEntry[] | undefined,
  lastAction: LastAction,
): readonly HistoryEntry[] | undefined {
  const newest = history?.at(-1);
  if (history === undefined || newest === undefined || lastAction.by === null) return history;
  if (newest.by !== undefined || ACTION_STATES[lastAction.event] !== newest.state) return history;
  const previous = history.at(-2);
  if (lastAction.at !== null && previous !== undefined && lastAction.at < previous.at - 60_000) {
    return history;
  }
  return [...history.slice(0, -1), { ...newest, by: clip(lastAction.by) }];
}

/** The state a device's history follows: off line when it is, else what its agent reports. */
export function deviceHistoryState(device: Pick<Device, 'state' | 'onlineStatus'>): string | null {
  if (device.onlineStatus === 'offline') return 'offline';
  return device.state ?? device.onlineStatus;
}
