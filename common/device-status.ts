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
