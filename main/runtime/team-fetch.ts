/**
 * One read of a team's runtime: its instances with their state, and its devices. FlowFuse 2.4
 * needs two calls for the instances (the list has no state; the bulk status has no names), newer
 * servers give both in one when asked `includeMeta`: which one this server is, we learn from its
 * first answer and remember, so later reads send the two old calls side by side.
 */
import { asDeviceId, asInstanceId } from '../../common/brand';
import type { LeftOut } from '../../common/left-out';
import type { RuntimeCalls } from '../flowfuse/types';
import type { ReadInstance, TeamReading } from '../model/facts';

/** What we learnt about a server: null until its first answer says. */
export interface ServerFeatures {
  includeMeta: boolean | null;
}

/** What the team list already says: a count of 0 spares the calls for that kind. */
export interface TeamCounts {
  readonly id: string;
  /** FlowFuse's `instanceCount`, or null when it did not say. */
  readonly instanceCount: number | null;
  /** `deviceCount` (2.29+), or null (2.4 does not send it). */
  readonly deviceCount: number | null;
}

type DeviceList = Awaited<ReturnType<RuntimeCalls['listDevices']>>;
const NO_DEVICES: DeviceList = { devices: [], leftOut: null };

export async function readTeamRuntime(
  client: RuntimeCalls,
  team: TeamCounts,
  /** The server's limiter, in the read's lane. */
  limit: <T>(task: () => Promise<T>) => Promise<T>,
  features: ServerFeatures,
): Promise<TeamReading> {
  const teamId = team.id;
  const devices =
    team.deviceCount === 0 ? Promise.resolve(NO_DEVICES) : limit(() => client.listDevices(teamId));
  if (team.instanceCount === 0) return withDevices([], null, await devices);
  // Known to lack includeMeta: ask for the states at once instead of after the list.
  const early = features.includeMeta === false ? limit(() => client.instanceStates(teamId)) : null;
  // Every started call is awaited below, even when another one failed first.
  const settled = Promise.allSettled([devices, early]);
  try {
    const list = await limit(() => client.listInstances(teamId));
    features.includeMeta = list.withState;
    const states = list.withState
      ? null
      : await (early ?? limit(() => client.instanceStates(teamId)));
    const instances = list.instances.map((instance) => ({
      id: asInstanceId(instance.id),
      name: instance.name,
      url: instance.url,
      application: instance.application,
      state: instance.state ?? states?.get(instance.id) ?? 'unknown',
    }));
    return withDevices(instances, list.leftOut, await devices);
  } finally {
    await settled;
  }
}

function withDevices(
  instances: readonly ReadInstance[],
  instancesLeftOut: LeftOut | null,
  list: DeviceList,
): TeamReading {
  return {
    instances,
    devices: list.devices.map((device) => ({ ...device, id: asDeviceId(device.id) })),
    ...(instancesLeftOut === null ? {} : { instancesLeftOut }),
    ...(list.leftOut === null ? {} : { devicesLeftOut: list.leftOut }),
  };
}
