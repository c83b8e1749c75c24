/**
 * The runtime (issue 11) in Node: a full refresh of 5 accounts × 20 teams, each team with 10
 * instances and 5 devices, through the real core, until every team's instances and devices are
 * read, and the requests it sent. The servers answer in different times (the figure divides by
 * the slowest).
 *
 * Issue 11's budget, wall time ÷ the slowest server's latency ≤ 1.5, assumes one round trip per
 * server; FlowFuse has no call across teams, so a server with 20 teams gets 61 requests (the
 * teams, then per team its devices, its instances and, on 2.4, their states), 4 at a time. The
 * budget of 1.5 is judged against that bound instead (runtime_refresh_bound_ratio); the ratio
 * to one latency is printed beside it. The same fleet, cached, is the popover's
 * `first_paint_ms_runtime` (./scenarios.ts).
 */
import type { Account } from '../../common/state';
import { seedUser, startFakeFlowFuse, type FakeFleet } from '../../tests/fake-server';
import type { Follower, StatusWait } from './fleet';
import { measureRefresh, type RefreshRuns } from './node-figures';

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

/**
 * Resolves at the push that holds the last team read since this call: a read sets the team's
 * `fetchedAt`, so each read of a team is one push.
 */
function everyTeamRead(follower: Follower, accounts: readonly Account[]): StatusWait {
  const since = Date.now();
  const wanted = new Set(
    accounts.flatMap((account) => account.teams.map((team) => `${account.id}/${team.id}`)),
  );
  return follower.until(
    ({ state }) => {
      for (const account of state.accounts) {
        for (const team of account.teams) {
          if ((team.runtime.fetchedAt ?? 0) >= since) wanted.delete(`${account.id}/${team.id}`);
        }
      }
      return wanted.size === 0;
    },
    () => `${wanted.size} team(s) to be read`,
    60_000,
  );
}

export function measureRuntimeRefresh(runs: number): Promise<RefreshRuns> {
  return measureRefresh(runs, {
    startFleet: () => startRuntimeFleet(RUNTIME_FLEET),
    latencyMs: LATENCIES_MS,
    http: { timeoutMs: 5_000, totalTimeoutMs: 10_000 },
    // Each run one instance of every team stops or starts again: every read brings news.
    beforeRun: toggleFirstInstances,
    done: everyTeamRead,
  });
}
