/** Saving a fake fleet in a core and watching the core's pushes, for the Node and browser figures. */
import type { AppState, AccountView } from '../../common/model';
import type { Snapshot, TeamtrayState } from '../../common/state';
import type { Core } from '../../main/core-types';
import type { FakeFleet } from '../../tests/fake-server';

/** How long saveFleet waits for every team's instances and devices to be read. */
const RUNTIME_READ_MS = 300_000;

/**
 * Saves every member as an account (in fleet order) and waits until each has listed its teams
 * and read every team's instances and devices (so a cache written after it holds them all).
 */
export async function saveFleet(core: Core, fleet: FakeFleet): Promise<AccountView[]> {
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
    const state = await core.dispatch('getState', undefined);
    if (!state.ok) throw new Error(`getState failed: ${state.error.message}`);
    const { accounts } = state.value as AppState;
    if (accounts.length === fleet.members.length && accounts.every((i) => i.status === 'ok')) {
      // 2,000 teams are three requests each, four at a time per server: slow on a busy machine.
      await waitForIdle(core, RUNTIME_READ_MS);
      return [...accounts];
    }
    if (Date.now() > deadline) {
      const statuses = accounts.map((account) => account.status).join(', ');
      throw new Error(`the fleet did not settle in 20 s (statuses: ${statuses})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** True when no account is loading and no team's instances and devices are being read. */
export function isIdle(state: TeamtrayState): boolean {
  return state.accounts.every(
    (account) =>
      account.status !== 'loading' &&
      account.teams.every((team) => team.runtime.status !== 'loading'),
  );
}

/**
 * Waits until the core has nothing in flight (isIdle): a refresh's figure may end before its
 * reads of instances and devices do, and the next run must not start among them.
 */
export async function waitForIdle(core: Core, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const asked = performance.now();
    const state = await core.dispatch('getState', undefined);
    if (!state.ok) throw new Error(`getState failed: ${state.error.message}`);
    if (isIdle((state.value as Snapshot).state)) return;
    if (Date.now() > deadline) throw new Error(`the core was still busy after ${timeoutMs} ms`);
    // getState builds the whole state (about 9 MB with 5,000 teams' instances and devices): asked
    // every 25 ms it kept main's thread from the reads it waits for. At most a tenth of the time.
    const took = performance.now() - asked;
    await new Promise((resolve) => setTimeout(resolve, Math.max(25, took * 9)));
  }
}

export interface StatusWait {
  /** Resolves with performance.now() at the push that completed the set. */
  readonly done: Promise<number>;
  cancel(): void;
}

/**
 * Resolves at the push for which `complete(event, payload)` says the set is complete; rejects
 * after `timeoutMs` with `missing()`'s words.
 */
export function waitForPushes(
  core: Core,
  complete: (event: string, payload: unknown) => boolean,
  missing: () => string,
  timeoutMs: number,
): StatusWait {
  let cancel = (): void => undefined;
  const done = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`timed out after ${timeoutMs} ms waiting for ${missing()}`));
    }, timeoutMs);
    const unsubscribe = core.onEvent((event, payload) => {
      if (!complete(event, payload)) return;
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
  // A cancelled or failed wait that nobody awaits must not crash the process.
  done.catch(() => undefined);
  return { done, cancel };
}

/**
 * Resolves once every account in `ids()` has been pushed (accountChanged) with `status` since
 * this call. `seen` lets a caller share what has already arrived.
 */
export function waitForStatus(
  core: Core,
  status: AccountView['status'],
  ids: () => readonly string[],
  timeoutMs: number,
  seen = new Set<string>(),
): StatusWait {
  return waitForPushes(
    core,
    (event, payload) => {
      if (event !== 'accountChanged') return false;
      const view = payload as AccountView;
      if (view.status === status) seen.add(view.id);
      const wanted = ids();
      return wanted.length > 0 && wanted.every((id) => seen.has(id));
    },
    () => `${status} from ${ids().filter((id) => !seen.has(id)).length} account(s)`,
    timeoutMs,
  );
}
