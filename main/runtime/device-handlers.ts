/**
 * The device area: restart a device's Node-RED and turn its developer mode on or off. The
 * renderer names the device only; main checks it is listed, takes from the device-action limit
 * (a double click on the same device and action is one), and the service checks the role.
 */
import { asDeviceId, asTeamId } from '../../common/brand';
import type { TeamtrayState } from '../../common/state';
import type { RateLimit } from '../base/rate-limit';
import type { AreaHandlers } from '../ipc/area-handlers';
import { requireAccount } from '../model/require-account';
import type { DeviceActions } from './device-actions';

export interface DeviceHandlerDeps {
  readonly state: () => TeamtrayState;
  readonly devices: Pick<DeviceActions, 'restart' | 'setMode'>;
  /** Device actions the page asks for (ipc/call-limits.ts). */
  readonly deviceActions: RateLimit;
}

export function deviceHandlers(
  deps: DeviceHandlerDeps,
): AreaHandlers<'restartDevice' | 'setDeviceMode'> {
  const { state, devices } = deps;
  return {
    async restartDevice({ accountId, teamId, deviceId }) {
      const account = requireAccount(state(), accountId);
      if (!deps.deviceActions.take(`restart ${account.id}/${deviceId}`)) return null;
      await devices.restart(account.id, asTeamId(teamId), asDeviceId(deviceId));
      return null;
    },
    async setDeviceMode({ accountId, teamId, deviceId, mode }) {
      const account = requireAccount(state(), accountId);
      if (!deps.deviceActions.take(`${mode} ${account.id}/${deviceId}`)) return null;
      await devices.setMode(account.id, asTeamId(teamId), asDeviceId(deviceId), mode);
      return null;
    },
  };
}
