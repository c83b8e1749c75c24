/**
 * The line under an instance that came out of trouble, for a while after: "Running again · down
 * 12 min", "Out of safe mode · down 3 min". From the model's fact (its `recovered`, with the time
 * Teamtray saw it: main/model/trouble.ts), against the popover's clock: no timer of its own.
 */
import { durationWords } from '../../common/duration-words';
import type { Instance } from '../../common/state';

/** How long the line stays after the recovery. */
export const RECOVERY_SHOWN_MS = 10 * 60_000;

/** `state` is what the row shows (a pending action's transition shows none). */
export function recoveryLine(instance: Instance, state: string, now: number): string | null {
  const recovered = instance.recovered ?? null;
  if (recovered === null || state !== 'running') return null;
  if (now - recovered.at >= RECOVERY_SHOWN_MS) return null;
  const what = recovered.from === 'safe' ? 'Out of safe mode' : 'Running again';
  return recovered.downMs === null ? what : `${what} · down ${durationWords(recovered.downMs)}`;
}

/** Why a device in developer mode never alerts for offline (its row says it). */
export const DEVELOPER_MODE_LINE = 'Developer mode · no offline alerts';
