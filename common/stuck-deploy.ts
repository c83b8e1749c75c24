/**
 * A device that does not reach the snapshot it was told to run: FlowFuse says `isDeploying` (or
 * names a target that is not what it runs) and Teamtray has seen it so for STUCK_AFTER_MS. A
 * deploy takes seconds to a few minutes; past a quarter of an hour something is wrong (the device
 * is off, out of space, or cannot fetch it). One rule for the tray, the summary and the row.
 */
import type { Device } from './state';

export const STUCK_AFTER_MS = 15 * 60_000;

/** The device has been off its target for STUCK_AFTER_MS or more, at `now`. */
export function isStuckDeploy(device: Pick<Device, 'notOnTargetSince'>, now: number): boolean {
  return device.notOnTargetSince !== null && now - device.notOnTargetSince >= STUCK_AFTER_MS;
}

/**
 * The first moment after `now` at which one of these devices turns stuck with no news of it (the
 * clock alone moves it): null when none will. For a timer, not a poll (main/tray/tray-status.ts).
 */
export function nextStuckAt(
  devices: readonly Pick<Device, 'notOnTargetSince'>[],
  now: number,
): number | null {
  let next: number | null = null;
  for (const { notOnTargetSince } of devices) {
    if (notOnTargetSince === null) continue;
    const at = notOnTargetSince + STUCK_AFTER_MS;
    if (at > now && (next === null || at < next)) next = at;
  }
  return next;
}

/**
 * "Not updated: runs line v1, told to run line v2" under its row; "Updating to line v2" while a
 * deploy is young; null when it is on its target. Names are anyone's text: shown as text only.
 */
export function deployWords(device: Device, now: number): string | null {
  if (device.notOnTargetSince === null) return null;
  const target = device.targetSnapshot ?? 'its target snapshot';
  if (!isStuckDeploy(device, now)) return `Updating to ${target}`;
  const runs =
    device.activeSnapshot === null ? 'runs no snapshot' : `runs ${device.activeSnapshot}`;
  return `Not updated: ${runs}, told to run ${target}`;
}
