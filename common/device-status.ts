/**
 * Whether a device is online. FlowFuse keeps a device's reported state (`running`) even after it
 * stops calling home; only `lastSeenAt` ages. The web UI calls a device seen in the last 3 minutes
 * connected and any other offline (frontend/src/services/device-status.js), and FlowFuse 2.33+
 * says `onlineStatus` itself: that wins when present.
 */
export type Presence = 'online' | 'offline' | 'never';

/** Older than this and the device is offline (the web UI's red, `lastseen:error` on the server). */
export const OFFLINE_AFTER_MS = 3 * 60 * 1000;

export function presenceOf(
  lastSeenAt: number | null,
  onlineStatus: string | null,
  now: number,
): Presence {
  if (onlineStatus === 'online') return 'online';
  if (onlineStatus === 'offline') return 'offline';
  if (onlineStatus === 'not-seen') return 'never';
  if (lastSeenAt === null) return 'never';
  return now - lastSeenAt <= OFFLINE_AFTER_MS ? 'online' : 'offline';
}

/** What of a device (common/state.ts) says whether its being offline is trouble. */
export interface DevicePresence {
  readonly lastSeenAt: number | null;
  readonly onlineStatus: string | null;
  /** FlowFuse's `mode`, when the server says it: 'developer' while someone works on it. */
  readonly mode: string | null;
}

/**
 * Offline and so worth the user's eye: the tray's count, the attention summary and a team row's
 * summary all ask this. One in developer mode is offline on purpose (someone works on it, its
 * agent may be stopped): never trouble.
 */
export function offlineTrouble(device: DevicePresence, now: number): boolean {
  if (device.mode === 'developer') return false;
  return presenceOf(device.lastSeenAt, device.onlineStatus, now) === 'offline';
}
