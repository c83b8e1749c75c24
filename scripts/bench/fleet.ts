/**
 * Saving a fake fleet in a core and following the core's pushes, for the Node and browser
 * figures. A push is a `patches` push (common/state.ts): the bench keeps a replica of main's tree
 * as the renderer does (./fleet.ts `follow`), and a wait ends at the push after which the replica
 * says so.
 */
import { applyPatches, enablePatches } from 'immer';
import type { AccountStatus } from '../../common/model';
import type { Account, PatchPush, Snapshot, TeamtrayState } from '../../common/state';
import type { Core } from '../../main/core-types';
import type { Cipher } from '../../main/vault/cipher';
import type { FakeFleet } from '../../tests/fake-server';
import { startTestCore } from '../../tests/support/test-core';

enablePatches();

/** How long saveFleet waits for every team's instances and devices to be read. */
const RUNTIME_READ_MS = 300_000;

/** getState's tree. In the same process it is main's own (frozen) tree, no copy. */
export async function stateOf(core: Core): Promise<TeamtrayState> {
  const answer = await core.dispatch('getState', undefined);
  if (!answer.ok) throw new Error(`getState failed: ${answer.error.message}`);
  return (answer.value as Snapshot).state;
}

/**
 * Saves every member as an account (in fleet order) and waits until each has listed its teams
 * and read every team's instances and devices (so a cache written after it holds them all).
 */
export async function saveFleet(core: Core, fleet: FakeFleet): Promise<readonly Account[]> {
  for (const [index, member] of fleet.members.entries()) {
    const result = await core.dispatch('addAccount', {
      url: member.server.url,
      token: member.token,
      label: `Bench ${index}`,
      allowHttp: true,
    });
    if (!result.ok) throw new Error(`addAccount failed: ${result.error.message}`);
  }
  const deadline = Date.now() + 20_000;
  for (;;) {
    const { accounts } = await stateOf(core);
    if (accounts.length === fleet.members.length && accounts.every((i) => i.status === 'ok')) {
      // 2,000 teams are three requests each, four at a time per server: slow on a busy machine.
      await waitForIdle(core, RUNTIME_READ_MS);
      return (await stateOf(core)).accounts;
    }
    if (Date.now() > deadline) {
      const statuses = accounts.map((account) => account.status).join(', ');
      throw new Error(`the fleet did not settle in 20 s (statuses: ${statuses})`);
    }
    await pause(20);
  }
}

/**
 * Writes the fleet into `dir`'s settings and caches with a core of its own (closed before it
 * returns), every team and its instances and devices read; a core started later on `dir` with the
 * cipher returned opens them as a user's next start does.
 */
export async function cacheFleet(dir: string, fleet: FakeFleet): Promise<Cipher> {
  const fill = await startTestCore({ dir });
  try {
    await saveFleet(fill.core, fleet);
    return fill.cipher;
  } finally {
    await fill.close();
  }
}

/**
 * True when no account is loading and no team's instances and devices are being read. With
 * `since` (epoch ms), also every team of a listed account has been read (or found hidden) since
 * then: a refresh re-reads teams that are known already, and the tree does not say it is doing
 * so, only when each read lands (`fetchedAt`).
 */
export function isIdle(state: TeamtrayState, since?: number): boolean {
  return state.accounts.every(
    (account) =>
      account.status !== 'loading' &&
      account.teams.every(
        ({ runtime }) =>
          runtime.status !== 'loading' &&
          (since === undefined ||
            account.status !== 'ok' ||
            runtime.status === 'hidden' ||
            (runtime.fetchedAt ?? 0) >= since),
      ),
  );
}

/**
 * Waits until the core has nothing in flight (isIdle, with `since` for a refresh started then):
 * a refresh's figure may end before its reads of instances and devices do, and the next run must
 * not start among them.
 */
export async function waitForIdle(core: Core, timeoutMs: number, since?: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (isIdle(await stateOf(core), since)) return;
    if (Date.now() > deadline) throw new Error(`the core was still busy after ${timeoutMs} ms`);
    await pause(25);
  }
}

export interface StatusWait {
  /** Resolves with performance.now() at the push that completed the set. */
  readonly done: Promise<number>;
  cancel(): void;
}

/** One push as a wait sees it: the replica before and after it, and the push itself. */
interface Step {
  readonly previous: TeamtrayState;
  readonly state: TeamtrayState;
  readonly push: PatchPush;
}

/** A replica of main's tree, kept by the patches pushes, as the renderer keeps its own. */
export interface Follower {
  /** The tree as of the last push applied. */
  state(): TeamtrayState;
  /**
   * Resolves at the push for which `complete(step)` says the set is complete (performance.now()
   * as the push arrived, before it was applied); rejects after `timeoutMs` with `missing()`'s
   * words.
   */
  until(complete: (step: Step) => boolean, missing: () => string, timeoutMs: number): StatusWait;
  stop(): void;
}

/** Starts a replica of the core's tree: getState, then every push in order. */
export async function follow(core: Core): Promise<Follower> {
  const waits = new Set<(step: Step, at: number) => void>();
  const held: PatchPush[] = [];
  let tree: TeamtrayState | null = null;
  let version = -1;
  const take = (push: PatchPush, at: number): void => {
    if (tree === null) {
      held.push(push);
      return;
    }
    if (push.version <= version) return;
    // A push holds the changes `from` … `version` (main sends one per tick).
    const first = push.from ?? push.version;
    if (first !== version + 1) throw new Error(`a gap: ${version} then ${first}`);
    const previous: TeamtrayState = tree;
    tree = applyPatches(previous, push.patches);
    version = push.version;
    const step: Step = { previous, state: tree, push };
    for (const wait of [...waits]) wait(step, at);
  };
  const unsubscribe = core.onEvent((event, payload) => {
    if (event === 'patches') take(payload as PatchPush, performance.now());
  });
  const answer = await core.dispatch('getState', undefined);
  if (!answer.ok) {
    unsubscribe();
    throw new Error(`getState failed: ${answer.error.message}`);
  }
  const snapshot = answer.value as Snapshot;
  tree = snapshot.state;
  version = snapshot.version;
  for (const push of held.splice(0)) take(push, performance.now());
  return {
    state: () => tree ?? snapshot.state,
    until(complete, missing, timeoutMs) {
      let cancel = (): void => undefined;
      const done = new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => {
          stop();
          reject(new Error(`timed out after ${timeoutMs} ms waiting for ${missing()}`));
        }, timeoutMs);
        const wait = (step: Step, at: number): void => {
          if (!complete(step)) return;
          stop();
          resolve(at);
        };
        waits.add(wait);
        function stop(): void {
          clearTimeout(timer);
          waits.delete(wait);
        }
        cancel = () => {
          stop();
          reject(new Error('cancelled'));
        };
      });
      // A cancelled or failed wait that nobody awaits must not crash the process.
      done.catch(() => undefined);
      return { done, cancel };
    },
    stop() {
      unsubscribe();
      waits.clear();
    },
  };
}

/**
 * Resolves once every account in `ids` has turned to `status` in a push since this call (its
 * status was another before that push): a refresh turns each account to `loading`, then to
 * `ok` (or why not) when its team list answers.
 */
export function waitForStatus(
  follower: Follower,
  status: AccountStatus,
  ids: readonly string[],
  timeoutMs: number,
): StatusWait {
  const seen = new Set<string>();
  const statusIn = (state: TeamtrayState, id: string): AccountStatus | undefined =>
    state.accounts.find((account) => account.id === id)?.status;
  return follower.until(
    ({ previous, state }) => {
      for (const id of ids) {
        if (statusIn(state, id) === status && statusIn(previous, id) !== status) seen.add(id);
      }
      return ids.length > 0 && ids.every((id) => seen.has(id));
    },
    () => `${status} from ${ids.filter((id) => !seen.has(id)).length} account(s)`,
    timeoutMs,
  );
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
