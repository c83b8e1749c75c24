/** Many fake servers at once, for benchmarks and for tests of the many-instance paths. */
import { seedUser, type SeededUser } from './seed';
import { startFakeFlowFuse, type FakeFlowFuse } from './server';
import { TEAM_TYPES } from './data';
import type { FakeRole } from './types';

interface FleetMember extends SeededUser {
  readonly server: FakeFlowFuse;
}

export interface FakeFleet {
  readonly members: readonly FleetMember[];
  close(): Promise<void>;
}

const ROLES: readonly FakeRole[] = [50, 30, 10, 50, 5];

/**
 * Starts `count` servers, each with one user owning or belonging to `teamsEach` teams, every
 * answer delayed by `latencyMs`.
 */
export async function startFakeFleet(
  count: number,
  teamsEach: number,
  latencyMs = 0,
): Promise<FakeFleet> {
  const servers = await Promise.all(Array.from({ length: count }, () => startFakeFlowFuse()));
  const members = servers.map((server, index): FleetMember => {
    if (latencyMs > 0) server.addFault({ kind: 'latency', ms: latencyMs });
    const seeded = seedUser(server, {
      username: `bench${index}`,
      name: `Bench User ${index}`,
      teams: Array.from({ length: teamsEach }, (_, t) => ({
        name: `Server ${index} Team ${t}`,
        role: ROLES[t % ROLES.length] ?? 50,
        type: t % 3 === 0 ? TEAM_TYPES.enterprise : TEAM_TYPES.starter,
        instanceCount: t % 7,
        deviceCount: t % 11,
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
