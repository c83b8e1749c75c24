/**
 * The calls that act on one device: read its reported state and mode (`GET /devices/:id`),
 * restart its Node-RED (`POST /devices/:id/actions/restart`, FlowFuse 2.2+, owner) and turn
 * developer mode on or off (`PUT /devices/:id/mode`, 1.7+). FlowFuse has no start or suspend for
 * a device. Built by the client (client.ts) over the same requester and token rules.
 */
import * as v from 'valibot';
import type { Token } from '../../common/brand';
import type { DeviceMode } from '../../common/device-actions';
import { lenient, requiredId as id } from './schemas';
import type { Requester } from './request';
import { cleanServerText } from '../../common/text';

const word = lenient(
  v.pipe(
    v.string(),
    v.maxLength(64),
    v.transform((value) => cleanServerText(value, 64)),
  ),
);

/** `GET /devices/:id`: what we follow after a restart. */
const deviceSchema = v.object({ id, status: word, mode: word });
/** `PUT /devices/:id/mode` answers `{mode}`. */
const modeAnswerSchema = v.object({ mode: word });
/** `{"status":"okay"}`: any object will do. */
const okaySchema = v.object({});

interface ApiDeviceState {
  /** The state the agent last reported; null when not said. */
  readonly state: string | null;
  readonly mode: string | null;
}

/** A device's restart and developer mode. */
export interface DeviceCalls {
  /** `GET /devices/:id` → its reported state and mode. */
  deviceState(deviceId: string): Promise<ApiDeviceState>;
  /** `POST /devices/:id/actions/restart`. */
  restartDevice(deviceId: string): Promise<void>;
  /** `PUT /devices/:id/mode` `{mode}` → the mode the server stored (null when it said none). */
  setDeviceMode(deviceId: string, mode: DeviceMode): Promise<string | null>;
}

export interface DeviceCallDeps {
  readonly send: Requester;
  readonly requireToken: () => Token;
}

export function deviceCalls(deps: DeviceCallDeps): DeviceCalls {
  const { send, requireToken } = deps;
  const device = (deviceId: string): string => `/api/v1/devices/${encodeURIComponent(deviceId)}`;
  return {
    async deviceState(deviceId) {
      const token = requireToken();
      const body = await send({
        operation: 'deviceState',
        method: 'get',
        path: device(deviceId),
        token,
        schema: deviceSchema,
      });
      return { state: body.status, mode: body.mode };
    },
    async restartDevice(deviceId) {
      const token = requireToken();
      await send({
        operation: 'deviceAction',
        method: 'post',
        path: `${device(deviceId)}/actions/restart`,
        token,
        schema: okaySchema,
      });
    },
    async setDeviceMode(deviceId, mode) {
      const token = requireToken();
      const body = await send({
        operation: 'deviceMode',
        method: 'put',
        path: `${device(deviceId)}/mode`,
        token,
        json: { mode },
        schema: modeAnswerSchema,
      });
      return body.mode;
    },
  };
}
