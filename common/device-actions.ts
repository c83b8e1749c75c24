/**
 * What a user may do to a device from Teamtray, and who may: restart its Node-RED (FlowFuse 2.2+,
 * team owners), turn developer mode on or off (members and owners, where the server's licence
 * allows), open it in FlowFuse. FlowFuse has no start or suspend for a device, so neither is
 * offered. Main enforces these rules at the trust boundary; the renderer uses the same functions
 * to offer a control and say why not.
 */
import { ROLE, roleInSentence, type Permission } from './roles';
import { compareVersion } from './server-version';

/** `developer` turns developer mode on, `autonomous` turns it off (FlowFuse's own words). */
export const DEVICE_MODES = ['developer', 'autonomous'] as const;
export type DeviceMode = (typeof DEVICE_MODES)[number];

/** What Teamtray sent to a device and is waiting on. */
export type DeviceAction = 'restart' | DeviceMode;

/**
 * What an account's server says of a device route, learnt from its answers in this run:
 * - `unknown`: not refused yet, so offered (the server has the last word)
 * - `missing`: the server is older than the route (404): the rows offer nothing
 * - `unlicensed`: the server's licence does not include it (400 `not_licensed`): hidden too
 */
export type DeviceRouteSupport = 'unknown' | 'missing' | 'unlicensed';

export interface DeviceRoutes {
  readonly restart: DeviceRouteSupport;
  readonly mode: DeviceRouteSupport;
}

export const DEVICE_ROUTES_UNKNOWN: DeviceRoutes = { restart: 'unknown', mode: 'unknown' };

/** FlowFuse lets only team owners restart a device (observed on 2.4.0: members get 403). */
export function deviceRestartPermission(role: number | null): Permission {
  if (role === null || role >= ROLE.owner) return { allowed: true };
  return {
    allowed: false,
    reason: `Only team owners can restart a device; you are a ${roleInSentence(role)} here.`,
  };
}

/**
 * Developer mode is the member's (`device:edit`) on current FlowFuse; 2.4 asked the owner, and
 * its 403 is then reported as it comes.
 */
export function deviceModePermission(role: number | null): Permission {
  if (role === null || role >= ROLE.member) return { allowed: true };
  return {
    allowed: false,
    reason: `Only team members and owners can change a device's developer mode; you are a ${roleInSentence(role)} here.`,
  };
}

/** "Restarting…", "Turning developer mode on…": what the row says while main waits. */
export const DEVICE_ACTION_WORDS: { readonly [A in DeviceAction]: string } = {
  restart: 'Restarting…',
  developer: 'Turning developer mode on…',
  autonomous: 'Turning developer mode off…',
};

/** The FlowFuse version each route came with (read in FlowFuse's sources). */
const DEVICE_ROUTE_SINCE: { readonly [R in keyof DeviceRoutes]: string } = {
  restart: '2.2.0',
  mode: '1.7.0',
};

/** True when the server's version is known and older than the route: a 404 is the route's. */
export function olderThanRoute(version: string | null, route: keyof DeviceRoutes): boolean {
  const order = version === null ? null : compareVersion(version, DEVICE_ROUTE_SINCE[route]);
  return order !== null && order < 0;
}

/** True when the server's version is known and has the route: its 404 is the device's. */
export function knownToHaveRoute(version: string | null, route: keyof DeviceRoutes): boolean {
  const order = version === null ? null : compareVersion(version, DEVICE_ROUTE_SINCE[route]);
  return order !== null && order >= 0;
}

/**
 * Whether a device row offers a route on this account: not where the server refused it as too
 * old or unlicensed in this run, nor where its version is known to be older than the route.
 */
export function deviceRouteOffered(
  account: { readonly version: string | null; readonly deviceRoutes: DeviceRoutes },
  route: keyof DeviceRoutes,
): boolean {
  return account.deviceRoutes[route] === 'unknown' && !olderThanRoute(account.version, route);
}
