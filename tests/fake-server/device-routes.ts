/**
 * A device's actions as FlowFuse 2.4.0 answers them (observed; tests/contract holds the proof):
 * `POST /api/v1/devices/:id/actions/restart` (owner) and `PUT /api/v1/devices/:id/mode` (owner on
 * 2.4.0; newer servers let a member). Without a device broker (the stub platform the contract
 * suite runs) a restart answers 400 `no_device_comms`; with `deviceComms` the device restarts
 * (`restarting`, then `running`). An unlicensed server answers the mode 400 `not_licensed`.
 */
import type { ServerResponse } from 'node:http';
import { ROLE, teamAccess, type AccessRule, type Authed } from './access';
import type { FakeData } from './data';
import { NOT_FOUND, UNAUTHORIZED, sendJson } from './respond';
import type { FakeRuntime } from './runtime-data';

const DEVICE_RESTART_PATH = /^\/api\/v1\/devices\/([^/]+)\/actions\/restart$/;
const DEVICE_MODE_PATH = /^\/api\/v1\/devices\/([^/]+)\/mode$/;

/** How the fake's devices answer their actions. */
export interface DeviceRouteOptions {
  /** The server reaches its devices (a broker runs): restarts happen. Default false, as here. */
  readonly deviceComms?: boolean;
  /** The licence allows developer mode. Default true (the contract suite's development licence). */
  readonly licensed?: boolean;
}

export interface DeviceRouteContext {
  readonly data: FakeData;
  readonly runtime: FakeRuntime;
  readonly devices: DeviceRouteOptions;
}

const ACT: AccessRule = { minRole: ROLE.owner, write: true, outsider: 'forbidden' };

/** The routes that take a body (the rest of a write is the web app's). */
export function isDeviceWrite(method: string, path: string): boolean {
  return (
    (method === 'POST' && DEVICE_RESTART_PATH.test(path)) ||
    (method === 'PUT' && DEVICE_MODE_PATH.test(path))
  );
}

/** Answers when the path is one of these routes and returns true. */
export function deviceRoute(
  ctx: DeviceRouteContext,
  res: ServerResponse,
  method: string,
  path: string,
  auth: Authed,
  body: string | null,
): boolean {
  const restart = method === 'POST' ? DEVICE_RESTART_PATH.exec(path) : null;
  const mode = method === 'PUT' ? DEVICE_MODE_PATH.exec(path) : null;
  const id = restart?.[1] ?? mode?.[1];
  if (id === undefined) return false;
  const device = ctx.runtime.devices.get(id);
  const access =
    device === undefined ? 'not_found' : teamAccess(ctx.data, auth, device.teamId, ACT);
  if (device === undefined || access !== 'ok') {
    if (access === 'not_found') sendJson(res, 404, NOT_FOUND);
    else sendJson(res, 403, UNAUTHORIZED);
    return true;
  }
  if (restart !== null) {
    if (ctx.devices.deviceComms !== true) {
      sendJson(res, 400, { code: 'no_device_comms', error: 'Actions are not available' });
    } else {
      ctx.runtime.restartDevice(device.id);
      sendJson(res, 200, { status: 'okay' });
    }
    return true;
  }
  const wanted = readMode(body);
  if (wanted === null) {
    sendJson(res, 400, { code: 'invalid_mode', error: 'Invalid mode' });
  } else if (ctx.devices.licensed === false) {
    sendJson(res, 400, { code: 'not_licensed', error: 'Developer mode is not available' });
  } else {
    device.mode = wanted;
    sendJson(res, 200, { mode: wanted });
  }
  return true;
}

function readMode(body: string | null): 'developer' | 'autonomous' | null {
  try {
    const parsed: unknown = JSON.parse(body ?? '');
    const mode =
      typeof parsed === 'object' && parsed !== null ? (parsed as { mode?: unknown }).mode : null;
    return mode === 'developer' || mode === 'autonomous' ? mode : null;
  } catch {
    return null;
  }
}
