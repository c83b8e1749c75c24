/** A team's runtime as it crosses the bridge (TeamRuntime in common/runtime.ts): columns. */
import type { AppErrorShape } from '../../common/errors';
import { isTransitional, TRANSITION } from '../../common/instance-state';
import type { InstanceAction, RuntimeStatus, TeamRuntime } from '../../common/runtime';
import type { TeamReading } from './team-fetch';

export interface TeamRuntimeState {
  readonly status: RuntimeStatus;
  readonly error: AppErrorShape | null;
  readonly fetchedAt: number | null;
  readonly reading: TeamReading;
}

/**
 * While Teamtray follows an action, the instance shows the action's transition ("stopping") until
 * the server reports a transition of its own or the state the action ends in.
 */
export function teamRuntimeOf(
  teamId: string,
  state: TeamRuntimeState,
  actions: ReadonlyMap<string, InstanceAction>,
): TeamRuntime {
  const { instances, devices } = state.reading;
  const action = instances.map((instance) => actions.get(instance.id) ?? null);
  return {
    teamId,
    status: state.status,
    ...(state.error === null ? {} : { error: state.error }),
    fetchedAt: state.fetchedAt,
    ...(state.reading.instancesLeftOut === undefined
      ? {}
      : { instancesLeftOut: state.reading.instancesLeftOut }),
    ...(state.reading.devicesLeftOut === undefined
      ? {}
      : { devicesLeftOut: state.reading.devicesLeftOut }),
    ...(instances.length === 0
      ? {}
      : {
          instances: {
            id: instances.map((instance) => instance.id),
            name: instances.map((instance) => instance.name),
            url: instances.map((instance) => instance.url),
            application: instances.map((instance) => instance.application),
            state: instances.map((instance, index) => {
              const followed = action[index] ?? null;
              if (followed === null || isTransitional(instance.state)) return instance.state;
              return TRANSITION[followed];
            }),
            action,
          },
        }),
    ...(devices.length === 0
      ? {}
      : {
          devices: {
            id: devices.map((device) => device.id),
            name: devices.map((device) => device.name),
            lastSeenAt: devices.map((device) => device.lastSeenAt),
            state: devices.map((device) => device.state),
            onlineStatus: devices.map((device) => device.onlineStatus),
          },
        }),
  };
}

export const EMPTY_READING: TeamReading = { instances: [], devices: [] };
