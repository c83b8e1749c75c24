/**
 * Figures of main's core in Node: the real core (startTestCore: conf files in a temp folder, a real
 * AES cipher) refreshing fake FlowFuse servers over real HTTP on 127.0.0.1.
 *
 * `measureRefresh` is the shape of every refresh figure: a fleet, its servers' latencies, what
 * "done" means, and it returns each run's wall time ÷ the slowest server's latency and the
 * requests the refresh sent. A refresh of a different fleet (more teams, instances and devices)
 * is one call with another `startFleet` and, when "done" is more than every account pushed ok,
 * another `done`.
 */
import type { Account } from '../../common/state';
import type { Core } from '../../main/core-types';
import { PER_SERVER } from '../../main/runtime/runtime-service';
import { startFakeFleet, type FakeFleet } from '../../tests/fake-server';
import { startTestCore, type TestCore } from '../../tests/support/test-core';
import { onCleanup } from './cleanup';
import {
  follow,
  saveFleet,
  waitForIdle,
  waitForStatus,
  type Follower,
  type StatusWait,
} from './fleet';

const ACCOUNTS = 10;
const LATENCY_MS = 250;
const TEAMS_EACH = 20;
const TEAMS_PATH = '/api/v1/user/teams';

export interface RefreshOptions {
  /** The servers, seeded; their answers are delayed by their latency only after the save. */
  readonly startFleet: () => Promise<FakeFleet>;
  /** Every server's answer time, or one per server (fleet order). */
  readonly latencyMs: number | readonly number[];
  readonly http: { readonly timeoutMs: number; readonly totalTimeoutMs: number };
  /**
   * Resolves when the refresh is over (default: every account turned to ok in a push), as the
   * replica of main's tree (`follower`) sees the pushes.
   */
  readonly done?: (follower: Follower, accounts: readonly Account[]) => StatusWait;
  /** Changes the fleet after the save and before the runs (e.g. a server that hangs). */
  readonly prepare?: (fleet: FakeFleet, accounts: readonly Account[]) => void;
  /** Changes the fleet before each run, the warm-up too (e.g. so every team has news). */
  readonly beforeRun?: (fleet: FakeFleet) => void;
  /** Looks at the core once the runs are over (e.g. what getState holds now). */
  readonly after?: (core: Core) => Promise<void>;
}

export interface RefreshRuns {
  /** Per run: dispatch('refresh') until done, ÷ the slowest server's latency. */
  readonly ratios: number[];
  /**
   * Per run: the same wall time ÷ the fastest a refresh could be given the requests it had to
   * send: no server answers n requests, PER_SERVER at a time, in less than ⌈n ÷ PER_SERVER⌉ of its
   * latencies; the slowest such server is the bound. 1 is perfect; for one request per server it
   * is `ratios`.
   */
  readonly boundRatios: number[];
  /** Per run: the requests the servers received, the whole refresh (instances and devices too). */
  readonly requests: number[];
  /** The last run's requests by method and path (ids as `:id`), e.g. `GET /api/v1/user/teams`. */
  readonly paths: Map<string, number>;
}

interface Rig {
  readonly fleet: FakeFleet;
  readonly test: TestCore;
  readonly accounts: readonly Account[];
  /** A replica of the core's tree, kept by its pushes. */
  readonly follower: Follower;
  close(): Promise<void>;
}

async function startRig(options: RefreshOptions): Promise<Rig> {
  const fleet = await options.startFleet();
  const closeFleet = onCleanup(() => fleet.close());
  const test = await startTestCore({ http: options.http });
  const closeCore = onCleanup(() => test.close());
  const accounts = await saveFleet(test.core, fleet);
  // Saved and listed at full speed; from here on every answer takes its server's latency.
  for (const [index, member] of fleet.members.entries()) {
    member.server.addFault({ kind: 'latency', ms: latencyOf(options, index) });
  }
  options.prepare?.(fleet, accounts);
  const follower = await follow(test.core);
  return {
    fleet,
    test,
    accounts,
    follower,
    async close() {
      follower.stop();
      await closeCore();
      await closeFleet();
    },
  };
}

function latencyOf(options: RefreshOptions, index: number): number {
  const { latencyMs } = options;
  if (typeof latencyMs === 'number') return latencyMs;
  const latency = latencyMs[index];
  if (latency === undefined) throw new Error(`no latency for server ${index}`);
  return latency;
}

/**
 * A request's method and path, query dropped and ids as `:id`: a segment is a word of the API
 * when it is short (`v1`) or only lower-case letters and dashes (`teams`, `user`); ids are not.
 */
export function requestShape(method: string, path: string): string {
  const [pathname = ''] = path.split('?');
  const word = (part: string): boolean => part.length <= 3 || /^[a-z-]+$/.test(part);
  const segments = pathname.split('/').map((part) => (word(part) ? part : ':id'));
  return `${method} ${segments.join('/')}`;
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
/** Between runs: lets the teams cache's gathered write (200 ms after an answer) land, so each run
 * starts from a quiet main, as refreshes minutes apart do. */
const BETWEEN_RUNS_MS = 400;
/** A refresh's reads of every team's instances and devices, 4 at a time per server. */
const IDLE_TIMEOUT_MS = 60_000;

const everyAccountOk = (follower: Follower, accounts: readonly Account[]): StatusWait =>
  waitForStatus(
    follower,
    'ok',
    accounts.map((account) => account.id),
    10_000,
  );

/** One warm-up run (connections, JIT), then `runs` timed refreshes of the whole fleet. */
export async function measureRefresh(runs: number, options: RefreshOptions): Promise<RefreshRuns> {
  const rig = await startRig(options);
  const done = options.done ?? everyAccountOk;
  const slowest = Math.max(...rig.fleet.members.map((_, index) => latencyOf(options, index)));
  try {
    const result: RefreshRuns = { ratios: [], boundRatios: [], requests: [], paths: new Map() };
    for (let run = -1; run < runs; run += 1) {
      options.beforeRun?.(rig.fleet);
      for (const member of rig.fleet.members) member.server.clearRequests();
      const wait = done(rig.follower, rig.accounts);
      const startedAt = Date.now();
      const start = performance.now();
      const answer = await rig.test.core.dispatch('refresh', undefined);
      if (!answer.ok) throw new Error(`refresh failed: ${answer.error.message}`);
      const end = await wait.done;
      // The figure may end before the refresh does (its instances and devices): let it finish.
      await waitForIdle(rig.test.core, IDLE_TIMEOUT_MS, startedAt);
      const sent = rig.fleet.members.flatMap((member) => member.server.requests);
      if (run >= 0) {
        result.ratios.push((end - start) / slowest);
        result.boundRatios.push((end - start) / concurrencyBound(rig.fleet, options));
        result.requests.push(sent.length);
        result.paths.clear();
        for (const request of sent) {
          const shape = requestShape(request.method, request.path);
          result.paths.set(shape, (result.paths.get(shape) ?? 0) + 1);
        }
      }
      await pause(BETWEEN_RUNS_MS);
    }
    await options.after?.(rig.test.core);
    return result;
  } finally {
    await rig.close();
  }
}

/** The least time the requests each server received take, PER_SERVER at a time: the slowest. */
function concurrencyBound(fleet: FakeFleet, options: RefreshOptions): number {
  return Math.max(
    ...fleet.members.map(
      (member, index) =>
        Math.ceil(member.server.requests.length / PER_SERVER) * latencyOf(options, index),
    ),
  );
}

/** The requests of a refresh as one line: `GET /api/v1/user/teams ×10, …`. */
export function formatPaths(paths: ReadonlyMap<string, number>): string {
  return [...paths]
    .sort((a, b) => b[1] - a[1])
    .map(([shape, count]) => `${shape} ×${count}`)
    .join(', ');
}

/**
 * fanout_ratio: dispatch('refresh') as the renderer does, until the last of ten accounts (20
 * teams each) is pushed with status ok, over LATENCY_MS; and the requests that took.
 */
export function measureFanout(runs: number): Promise<RefreshRuns> {
  return measureRefresh(runs, {
    startFleet: () => startFakeFleet(ACCOUNTS, TEAMS_EACH),
    latencyMs: LATENCY_MS,
    http: { timeoutMs: 5_000, totalTimeoutMs: 10_000 },
  });
}

/**
 * hung_server_others_ms: the same ten servers, the first of them accepting the teams request and
 * never answering. From dispatch('refresh') until the other nine are pushed with status ok; each
 * run then waits for the hung one to time out (1 s here).
 */
export async function measureHung(runs: number): Promise<number[]> {
  const { ratios } = await measureRefresh(runs, {
    startFleet: () => startFakeFleet(ACCOUNTS, TEAMS_EACH),
    latencyMs: LATENCY_MS,
    http: { timeoutMs: 1_000, totalTimeoutMs: 1_500 },
    prepare(fleet) {
      fleet.members[0]?.server.addFault({ kind: 'hang' }, { path: TEAMS_PATH });
    },
    done(follower, accounts) {
      const [hung, ...others] = accounts.map((account) => account.id);
      if (hung === undefined) throw new Error('empty fleet');
      const shown = waitForStatus(follower, 'ok', others, 10_000);
      const gaveUp = waitForStatus(follower, 'unreachable', [hung], 10_000);
      // The figure ends when the others are shown; the run ends when the hung one gave up.
      return {
        done: gaveUp.done.then(() => shown.done),
        cancel() {
          shown.cancel();
          gaveUp.cancel();
        },
      };
    },
  });
  return ratios.map((ratio) => ratio * LATENCY_MS);
}
