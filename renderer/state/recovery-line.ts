/**
 * The line under an instance that came out of trouble, for a while after: "Running again · down
 * 12 min", "Out of safe mode · down 3 min". From the model's fact (its `recovered`, with the time
 * Teamtray saw it: main/model/trouble.ts), against the popover's clock: no timer of its own.
 * After the user's own restart or start from Teamtray it is no recovery to announce: the line says
 * what the action did ("Restarted by you · just now"), as notifications keep quiet about it.
 */
import { durationWords } from '../../common/duration-words';
import type { InstanceAction } from '../../common/runtime';
import type { Instance } from '../../common/state';
import { relativeTime } from './time';

/** What each action did, in the words of the last-action line ("Stopped by you"). */
const DID: { readonly [A in InstanceAction]: string } = {
  start: 'Started',
  restart: 'Restarted',
  stop: 'Stopped',
  suspend: 'Suspended',
};

/** How long the line stays after the recovery. */
export const RECOVERY_SHOWN_MS = 10 * 60_000;

/** `state` is what the row shows (a pending action's transition shows none). */
export function recoveryLine(instance: Instance, state: string, now: number): string | null {
  const recovered = instance.recovered ?? null;
  if (recovered === null || state !== 'running') return null;
  if (now - recovered.at >= RECOVERY_SHOWN_MS) return null;
  const { action } = recovered;
  if (action !== undefined) return `${DID[action]} by you · ${relativeTime(recovered.at, now)}`;
  const what = recovered.from === 'safe' ? 'Out of safe mode' : 'Running again';
  return recovered.downMs === null ? what : `${what} · down ${durationWords(recovered.downMs)}`;
}

/** Why a device in developer mode never alerts for offline (its row says it). */
export const DEVELOPER_MODE_LINE = 'Developer mode · no offline alerts';
