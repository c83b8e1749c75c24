/**
 * Figures of main's core in Node: the real core (startTestCore: conf files in a temp folder, a real
 * AES cipher) refreshing ten fake FlowFuse servers over real HTTP on 127.0.0.1.
 */
import type { AccountView } from '../../common/model';
import type { Core } from '../../main/core-types';
import { startFakeFleet, type FakeFleet } from '../../tests/fake-server';
import { startTestCore, type TestCore } from '../../tests/support/test-core';
import { onCleanup } from './cleanup';
import { saveFleet, waitForStatus } from './fleet';

export const ACCOUNTS = 10;
export const LATENCY_MS = 250;
const TEAMS_EACH = 20;
const TEAMS_PATH = '/api/v1/user/teams';

interface Rig {
  readonly fleet: FakeFleet;
  readonly test: TestCore;
  readonly views: readonly AccountView[];
  close(): Promise<void>;
}

async function startRig(http: { timeoutMs: number; totalTimeoutMs: number }): Promise<Rig> {
  const fleet = await startFakeFleet(ACCOUNTS, TEAMS_EACH);
  const closeFleet = onCleanup(() => fleet.close());
  const test = await startTestCore({ http });
  const closeCore = onCleanup(() => test.close());
  const views = await saveFleet(test.core, fleet);
  // Saved and listed at full speed; from here on every answer takes LATENCY_MS.
  for (const member of fleet.members) member.server.addFault({ kind: 'latency', ms: LATENCY_MS });
  return {
    fleet,
    test,
    views,
    async close() {
      await closeCore();
      await closeFleet();
    },
  };
}

async function refresh(core: Core): Promise<void> {
  const result = await core.dispatch('refresh', undefined);
  if (!result.ok) throw new Error(`refresh failed: ${result.error.message}`);
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
/** Between runs: lets the teams cache's gathered write (200 ms after an answer) land, so each run
 * starts from a quiet main, as refreshes minutes apart do. */
const BETWEEN_RUNS_MS = 400;

/**
 * fanout_ratio: dispatch('refresh') as the renderer does, until the last of the ten accounts is
 * pushed with status ok, over LATENCY_MS. One warm-up run (connections, JIT) is not counted.
 */
export async function measureFanout(runs: number): Promise<number[]> {
  const rig = await startRig({ timeoutMs: 5_000, totalTimeoutMs: 10_000 });
  try {
    const ids = rig.views.map((view) => view.id);
    const ratios: number[] = [];
    for (let run = -1; run < runs; run += 1) {
      const wait = waitForStatus(rig.test.core, 'ok', () => ids, 10_000);
      const start = performance.now();
      await refresh(rig.test.core);
      const end = await wait.done;
      if (run >= 0) ratios.push((end - start) / LATENCY_MS);
      await pause(BETWEEN_RUNS_MS);
    }
    return ratios;
  } finally {
    await rig.close();
  }
}

/**
 * hung_server_others_ms: the same ten servers (each answering in LATENCY_MS), the first of them
 * accepting the teams request and never answering. From dispatch('refresh') until the other nine
 * are pushed with status ok. Each run then waits for the hung one to time out (1 s here).
 */
export async function measureHung(runs: number): Promise<number[]> {
  const rig = await startRig({ timeoutMs: 1_000, totalTimeoutMs: 1_500 });
  try {
    const [hung, ...others] = rig.views.map((view) => view.id);
    const hungServer = rig.fleet.members[0]?.server;
    if (hung === undefined || hungServer === undefined) throw new Error('empty fleet');
    hungServer.addFault({ kind: 'hang' }, { path: TEAMS_PATH });
    const samples: number[] = [];
    for (let run = -1; run < runs; run += 1) {
      const shown = waitForStatus(rig.test.core, 'ok', () => others, 10_000);
      const gaveUp = waitForStatus(rig.test.core, 'unreachable', () => [hung], 10_000);
      const start = performance.now();
      await refresh(rig.test.core);
      const end = await shown.done;
      await gaveUp.done;
      if (run >= 0) samples.push(end - start);
      await pause(BETWEEN_RUNS_MS);
    }
    return samples;
  } finally {
    await rig.close();
  }
}
