/**
 * The model's transitions for a device the user acts on (main/runtime/device-actions.ts): an
 * action sent shows on the device until it is answered and followed; a mode the server stored
 * shows at once; a route the server is too old or unlicensed for is remembered on the account for
 * this run, and the rows stop offering it. Part of the model's one table (transitions.ts).
 */
import { dequal } from 'dequal/lite';
import type { Draft } from 'immer';
import type { AccountId } from '../../common/brand';
import type { DeviceAction, DeviceRouteSupport } from '../../common/device-actions';
import type { TeamtrayState } from '../../common/state';
import { findAccount, findDevice, type DeviceRef } from './find';

type Recipe<P> = (draft: Draft<TeamtrayState>, payload: P) => void;
const transition = <P>(recipe: Recipe<P>): Recipe<P> => recipe;

function put<T extends object, K extends keyof T>(draft: T, key: K, value: T[K]): void {
  if (!dequal(draft[key], value)) draft[key] = value;
}

export const deviceTransitions = {
  /** Teamtray sent a restart or a mode change: the device shows it until it is over. */
  deviceActionSent: transition<DeviceRef & { readonly action: DeviceAction }>(
    (draft, { action, ...ref }) => {
      const device = findDevice(draft, ref);
      if (device !== undefined) put(device, 'action', action);
    },
  ),
  /**
   * The action is over (done, refused, or followed until it settled): no action, and what the
   * server said of the device meanwhile (a field left out is not known anew).
   */
  deviceActionEnded: transition<
    DeviceRef & { readonly state?: string | null; readonly mode?: string | null }
  >((draft, { state, mode, ...ref }) => {
    const device = findDevice(draft, ref);
    if (device === undefined) return;
    put(device, 'action', null);
    if (state !== undefined) put(device, 'state', state);
    if (mode !== undefined) put(device, 'mode', mode);
  }),
  /** The server has no such route (too old) or its licence leaves it out: the rows hide it. */
  deviceRouteRefused: transition<{
    readonly accountId: AccountId;
    readonly route: 'restart' | 'mode';
    readonly support: Exclude<DeviceRouteSupport, 'unknown'>;
  }>((draft, { accountId, route, support }) => {
    const account = findAccount(draft, accountId);
    if (account !== undefined) put(account.deviceRoutes, route, support);
  }),
};
