/** Reading the sparse runtime shapes of common/runtime.ts: what is left out is empty. */
import type { AccountRuntime, DeviceTable, InstanceTable, TeamRuntime } from './runtime';

const NO_INSTANCES: InstanceTable = {
  id: [],
  name: [],
  url: [],
  application: [],
  state: [],
  action: [],
};

const NO_DEVICES: DeviceTable = {
  id: [],
  name: [],
  lastSeenAt: [],
  state: [],
  onlineStatus: [],
};

export const instancesOf = (runtime: TeamRuntime): InstanceTable =>
  runtime.instances ?? NO_INSTANCES;

export const devicesOf = (runtime: TeamRuntime): DeviceTable => runtime.devices ?? NO_DEVICES;

/** Read, ok, and nothing in it: what AccountRuntime leaves out. */
export function isQuiet(runtime: TeamRuntime): boolean {
  return (
    runtime.status === 'ok' &&
    runtime.error === undefined &&
    runtime.instances === undefined &&
    runtime.devices === undefined &&
    runtime.instancesLeftOut === undefined &&
    runtime.devicesLeftOut === undefined
  );
}

/** A team getState left out of AccountRuntime: read and empty as of `quietSince`, or loading. */
export function quietRuntime(teamId: string, quietSince: number | null): TeamRuntime {
  return quietSince === null
    ? { teamId, status: 'loading', fetchedAt: null }
    : { teamId, status: 'ok', fetchedAt: quietSince };
}

/** One team's runtime from getState's account: its block, or what a left-out team means. */
export function runtimeOfTeam(
  account: { readonly teams: { readonly id: readonly string[] }; readonly runtime: AccountRuntime },
  teamId: string,
): TeamRuntime | undefined {
  const block = account.runtime.teams.find((runtime) => runtime.teamId === teamId);
  if (block !== undefined) return block;
  return account.teams.id.includes(teamId)
    ? quietRuntime(teamId, account.runtime.quietSince)
    : undefined;
}

/**
 * An account's team runtimes as getState sends them: the quiet ones (read, ok, empty) left out
 * and folded into the oldest time one of them was read; runtimeOfTeam undoes it.
 */
export function foldQuiet(runtimes: readonly TeamRuntime[]): AccountRuntime {
  const teams: TeamRuntime[] = [];
  let quietSince: number | null = null;
  for (const runtime of runtimes) {
    if (!isQuiet(runtime) || runtime.fetchedAt === null) teams.push(runtime);
    else quietSince = Math.min(quietSince ?? runtime.fetchedAt, runtime.fetchedAt);
  }
  return { teams, quietSince };
}
