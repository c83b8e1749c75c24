/**
 * Whether a device's being offline is worth an alert now, a pure function of the device, the
 * grace period the user chose (Settings › Notifications, `deviceGraceMinutes`) and the clock: a
 * device that drops off for a minute is not news. FlowFuse calls a device offline 3 minutes after
 * it last called home (common/device-status.ts); the grace period waits that many minutes more.
 * A device in developer mode (someone is working on it, its agent may be stopped on purpose)
 * never alerts for offline: `quiet`.
 */
import { OFFLINE_AFTER_MS, presenceOf } from '../../common/device-status';
import type { Device } from '../../common/state';

export type AlertPresence = 'online' | 'offline' | 'never' | 'quiet';

const MINUTE_MS = 60_000;

/** In developer mode (FlowFuse's `mode: 'developer'`, when the server says it). */
const inDeveloperMode = (device: Device): boolean => device.mode === 'developer';

export function alertPresence(device: Device, graceMinutes: number, now: number): AlertPresence {
  if (inDeveloperMode(device)) return 'quiet';
  const presence = presenceOf(device.lastSeenAt, device.onlineStatus, now);
  if (presence !== 'offline' || device.lastSeenAt === null) return presence;
  // Offline, but not yet for the grace period: as far as alerts go, still there.
  return now - device.lastSeenAt < OFFLINE_AFTER_MS + graceMinutes * MINUTE_MS
    ? 'online'
    : 'offline';
}
