/**
 * What a user does while a big account refreshes (issue 30), through the real core and the fake
 * server answering every request after `latencyMs`: an account of `teams` teams (one running
 * instance and one device each) is read once quickly, then the server slows down and a refresh
 * starts (`startBusyRefresh`); once its reads of the teams are queued, the test acts and waits for
 * its request to reach the server (`firstRequest`). `stopDuringRefresh` stops one instance: what
 * the user waits for is the click → the POST reaching the server, and the first poll of the state
 * must not wait behind the refresh either. Used by main/core.user-first.test.ts and the bench's
 * `action` group (scripts/bench/action-figures.ts).
 */
import type { Snapshot } from '../../common/state';
import type { Result } from '../../common/errors';
import type { Core } from '../../main/core-types';
import {
  seedUser,
  startFakeFlowFuse,
  type FakeFlowFuse,
  type RecordedRequest,
  type SeededUser,
} from '../fake-server';
import { startTestCore } from './test-core';

export interface StopDuringRefresh {
  /** The click (the instanceAction call) → the POST's arrival at the server. */
  readonly clickToPostMs: number;
  /** The POST's arrival → the first poll of the instance's state arriving. */
  readonly postToFirstPollMs: number;
  /** The requests that reached the server after the refresh began and before the POST. */
  readonly requestsBeforePost: number;
}

const RUNTIME_READ = /^\/api\/v1\/teams\/[^/]+\/(projects|devices)/;

export async function dispatch<T>(core: Core, method: string, payload?: unknown): Promise<T> {
  const result = (await core.dispatch(method as never, payload)) as Result<T>;
  if (!result.ok) throw new Error(`${method}: ${result.error.code} ${result.error.message}`);
  return result.value;
}

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

function seedTeams(fake: FakeFlowFuse, teams: number) {
  return seedUser(fake, {
    username: 'operator',
    teams: Array.from({ length: teams }, (_, index) => ({
      name: `Line ${index}`,
      role: 50 as const,
      runtime: {
        applications: [
          { name: `App ${index}`, instances: [{ name: `node-${index}`, state: 'running' }] },
        ],
        devices: [{ name: `gateway-${index}` }],
      },
    })),
  });
}

/** An account of `teams` teams read once; then the server slow and a refresh's reads queued. */
export interface BusyRefresh {
  readonly core: Core;
  readonly fake: FakeFlowFuse;
  readonly accountId: string;
  readonly seeded: SeededUser;
  /** Where the refresh's requests begin in `fake.requests`. */
  readonly since: number;
  close(): Promise<void>;
}

export async function startBusyRefresh(options: {
  readonly teams: number;
  readonly latencyMs: number;
  /** The core's clock (default Date.now). */
  readonly now?: () => number;
  /** Serves the inbox (FlowFuse 2.7+) with one notification, read before the refresh. */
  readonly inbox?: boolean;
}): Promise<BusyRefresh> {
  const fake = await startFakeFlowFuse({ notifications: options.inbox ?? false });
  const started = await startTestCore(options.now === undefined ? {} : { now: options.now });
  const close = async () => {
    await started.close();
    await fake.close();
  };
  try {
    const { core } = started;
    const seeded = seedTeams(fake, options.teams);
    if (options.inbox === true) fake.addNotification(seeded.user, { type: 'team-invite' });
    const added = await dispatch<{ id: string }>(core, 'addAccount', {
      url: fake.url,
      token: seeded.token,
    });
    // Every team read once, at full speed: the instances are known to be running.
    await until(
      'the first read of every team',
      async () => {
        const { state } = await dispatch<Snapshot>(core, 'getState');
        const account = state.accounts.find((each) => each.id === added.id);
        const teams = account?.teams ?? [];
        const inboxRead = options.inbox !== true || account?.inbox.notifications.length === 1;
        return (
          inboxRead &&
          teams.length === options.teams &&
          teams.every((t) => t.runtime.status === 'ok')
        );
      },
      60_000,
    );
    fake.setFault({ kind: 'latency', ms: options.latencyMs });
    const since = fake.requests.length;
    // Not awaited: the user acts while it runs (closing the core ends it).
    void dispatch(core, 'refresh', { accountId: added.id }).catch(() => undefined);
    // The team list answered and the teams' reads are queued: the first of them reached the server.
    await until(
      "the refresh's reads",
      () => fake.requests.slice(since).some((each) => RUNTIME_READ.test(each.path)),
      10_000,
    );
    return { core, fake, accountId: added.id, seeded, since, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The first request since the refresh began that `matches`, waited for, and its index. */
export async function firstRequest(
  busy: BusyRefresh,
  what: string,
  matches: (request: RecordedRequest) => boolean,
): Promise<{ readonly request: RecordedRequest; readonly index: number }> {
  await until(what, () => busy.fake.requests.slice(busy.since).some(matches), 30_000);
  const seen = busy.fake.requests.slice(busy.since);
  const index = seen.findIndex(matches);
  const request = seen[index];
  if (request === undefined) throw new Error(`no ${what}`);
  return { request, index };
}

export async function stopDuringRefresh(options: {
  readonly teams: number;
  readonly latencyMs: number;
}): Promise<StopDuringRefresh> {
  const busy = await startBusyRefresh(options);
  try {
    const team = busy.seeded.teams[0];
    const target = busy.seeded.runtimes[0]?.instances[0];
    if (team === undefined || target === undefined) throw new Error('fixture');
    const clicked = Date.now();
    await dispatch(busy.core, 'instanceAction', {
      accountId: busy.accountId,
      teamId: team.id,
      instanceId: target.id,
      action: 'stop',
    });
    const path = `/api/v1/projects/${target.id}`;
    const post = await firstRequest(
      busy,
      'the POST',
      (each) => each.method === 'POST' && each.path.startsWith(path),
    );
    const poll = await firstRequest(
      busy,
      'the first poll',
      (each) => each.method === 'GET' && each.path === path,
    );
    return {
      clickToPostMs: post.request.at - clicked,
      postToFirstPollMs: poll.request.at - post.request.at,
      requestsBeforePost: post.index,
    };
  } finally {
    await busy.close();
  }
}
