/**
 * The runtime (issue 11) in Node: a full refresh of 5 accounts × 20 teams, each team with 10
 * instances and 5 devices, through the real core, until every team's instances and devices are
 * read; the requests it sent; and what getState weighs per team once they are known. The servers
 * answer in different times (the figure divides by the slowest).
 *
 * Reported, not judged: issue 11's budget for the ratio is 1.5; it becomes this figure's budget in
 * ./budgets.ts when the runtime view lands. Its first paint with all of it cached is
 * `measurePopover(runs, { accounts: 5, teamsEach: 20, startFleet: startRuntimeFleet })`.
 */
import type { AccountView, AppState } from '../../common/model';
import type { TeamRuntimeUpdate } from '../../common/runtime';
import type { Core } from '../../main/core-types';
import { seedUser, startFakeFlowFuse, type FakeFleet } from '../../tests/fake-server';
import type { StatusWait } from './fleet';
import { measureRefresh, type RefreshRuns } from './node-figures';
import { bytesByKey, jsonBytes } from './wire-figures';
import { devicesOf, instancesOf } from '../../common/runtime-read';

export const RUNTIME_ACCOUNTS = 5;
export const RUNTIME_TEAMS_EACH = 20;
const INSTANCES_EACH = 10;
const DEVICES_EACH = 5;
/** One per server; the figure divides by the slowest. */
const LATENCIES_MS = [150, 200, 250, 200, 150];
const INSTANCE_STATES = ['running', 'running', 'running', 'stopped', 'crashed', 'suspended'];
const LAST_SEEN = ['recent', 'recent', 'long-ago', 'never'] as const;

/** Five servers, one user each with 20 teams of 10 instances (in one application) and 5 devices. */
export async function startRuntimeFleet(): Promise<FakeFleet> {
  const servers = await Promise.all(
    Array.from({ length: RUNTIME_ACCOUNTS }, () => startFakeFlowFuse()),
  );
  const members = servers.map((server, index) => {
    const seeded = seedUser(server, {
      username: `runtime${index}`,
      name: `Runtime User ${index}`,
      teams: Array.from({ length: RUNTIME_TEAMS_EACH }, (_, t) => ({
        name: `Server ${index} Team ${t}`,
        role: 50 as const,
        runtime: {
          applications: [
            {
              name: `Line ${t}`,
              instances: Array.from({ length: INSTANCES_EACH }, (_, i) => ({
                name: `line-${t}-node-${i}`,
                state: INSTANCE_STATES[i % INSTANCE_STATES.length],
              })),
            },
          ],
          devices: Array.from({ length: DEVICES_EACH }, (_, d) => ({
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

/** Resolves when every listed team has been pushed read (not loading, not refreshing). */
function everyTeamRead(core: Core, views: readonly AccountView[]): StatusWait {
  const wanted = new Set(views.flatMap((view) => view.teams.id.map((id) => `${view.id}/${id}`)));
  let cancel = (): void => undefined;
  const done = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`${wanted.size} team(s) were not read in 60 s`));
    }, 60_000);
    const unsubscribe = core.onEvent((event, payload) => {
      if (event !== 'teamRuntime') return;
      const { accountId, runtime } = payload as TeamRuntimeUpdate;
      if (runtime.status === 'loading') return;
      wanted.delete(`${accountId}/${runtime.teamId}`);
      if (wanted.size > 0) return;
      const at = performance.now();
      stop();
      resolve(at);
    });
    function stop(): void {
      clearTimeout(timer);
      unsubscribe();
    }
    cancel = () => {
      stop();
      reject(new Error('cancelled'));
    };
  });
  done.catch(() => undefined);
  return { done, cancel };
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
    startFleet: startRuntimeFleet,
    latencyMs: LATENCIES_MS,
    http: { timeoutMs: 5_000, totalTimeoutMs: 10_000 },
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
