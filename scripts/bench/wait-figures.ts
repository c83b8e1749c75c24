/**
 * What a user waits for (issue 22), in Chromium over the real core and 10 fake servers with 2,000
 * teams of 3 instances and 1 device each, cached:
 *
 * - `show_ms_2000`: the popover loaded, then hidden (./wait-probes.ts says how, and why it is
 *   emulated); while hidden the servers rename 50 teams and 20 instances change state, and a full
 *   refresh reaches the page; then it is shown: from the show to the end of the first frame whose
 *   list shows all of it (every row in view as the renderer's own Store builds it from main's
 *   new state: the new names, the new summaries).
 * - `action_feedback_ms`: a click on an instance's Stop to the end of the first frame whose row
 *   says "Stopping…" (main pushes the transition before its request leaves; the push crosses the
 *   bench's DevTools bridge, not Electron's IPC). Per run, three instances of each of the
 *   first STOP_TEAMS teams, each click a mouse's (its press focuses the button first, as in
 *   Chromium); `action_feedback_ratio` is the run's median click ÷ its keystroke.
 * - `action_dom_floor_ms`: the same Stops' DOM work done by hand on the next teams' instances,
 *   in the same page (./wait-probes.ts's stopFloorProbe), per run the median: what any script
 *   that draws these rows pays; `action_dom_floor_ratio` ÷ the keystroke, and
 *   `action_floor_ratio` the app's median click ÷ it.
 *
 * Each is divided by the median keystroke of the empty popover (./baseline-probes.ts) in the
 * same run.
 */
import type { Browser } from '@playwright/test';
import type { Snapshot, TeamtrayState } from '../../common/state';
import type { Core } from '../../main/core-types';
import { Store } from '../../renderer/state/store';
import { partText, teamSummary } from '../../renderer/state/team-summary';
import type { FakeFleet } from '../../tests/fake-server';
import { makeTempDir } from '../../tests/support/conf-store';
import { startTestCore } from '../../tests/support/test-core';
import { startBrowserParts } from './browser-figures';
import { onCleanup } from './cleanup';
import { cacheFleet, waitForIdle } from './fleet';
import { emptyKeystrokes, loadPopover } from './popover-load';
import type { RendererServer } from './renderer-server';
import { startRuntimeFleet, type RuntimeShape } from './runtime-figures';
import { median } from './stats';
import {
  deliveredProbe,
  hideProbe,
  installVisibility,
  showProbe,
  stopFloorProbe,
  stopProbe,
  type ShowExpectation,
} from './wait-probes';

const WAIT_FLEET: RuntimeShape = {
  accounts: 10,
  teamsEach: 200,
  instancesEach: 3,
  devicesEach: 1,
};
const RENAMED = 50;
const INSTANCES_CHANGED = 20;
/**
 * Teams whose instances are stopped per run, and Stops on each (every team has 3 running). The
 * runs after the first find them running again only because changeOnServers flips the first
 * INSTANCES_CHANGED instances of the list by main's state: 2 × STOP_TEAMS × STOPS_EACH (the
 * Stops and the floor's) must stay within it, or the next run has nothing to stop.
 */
const STOP_TEAMS = 3;
const STOPS_EACH = 3;
/** Rows the show check accepts as "the top of the list": more than the popover can show. */
const FIRST_KEYS = 40;
const IDLE_TIMEOUT_MS = 300_000;

export interface WaitRuns {
  readonly showMs: number[];
  readonly showRatio: number[];
  readonly actionMs: number[];
  readonly actionRatio: number[];
  /** Per run, the median Stop done by hand (stopFloorProbe), ms; ÷ the keystroke; the app's ÷ it. */
  readonly actionFloorMs: number[];
  readonly actionFloorRatio: number[];
  readonly actionOverFloor: number[];
  readonly keystrokeMedianMs: number[];
  readonly notes: string[];
}

export async function measureWaits(runs: number): Promise<WaitRuns> {
  const result: WaitRuns = {
    showMs: [],
    showRatio: [],
    actionMs: [],
    actionRatio: [],
    actionFloorMs: [],
    actionFloorRatio: [],
    actionOverFloor: [],
    keystrokeMedianMs: [],
    notes: [],
  };
  const total = WAIT_FLEET.accounts * WAIT_FLEET.teamsEach;
  const fleet = await startRuntimeFleet(WAIT_FLEET);
  const closeFleet = onCleanup(() => fleet.close());
  const temp = await makeTempDir('teamtray-bench-wait-');
  const removeTemp = onCleanup(() => temp.cleanup());
  try {
    const cipher = await cacheFleet(temp.dir, fleet);
    const { empty, renderer, browser, close: closeParts } = await startBrowserParts();
    try {
      for (let run = 0; run < runs; run += 1) {
        const keystrokes = await emptyKeystrokes(browser, empty.core, renderer);
        const test = await startTestCore({ dir: temp.dir, cipher, refreshOnStart: false });
        const closeCore = onCleanup(() => test.close());
        try {
          const one = await measureRun(browser, renderer, test.core, fleet, total, run);
          const baseline = median(keystrokes);
          result.keystrokeMedianMs.push(baseline);
          result.showMs.push(one.showMs);
          result.showRatio.push(one.showMs / baseline);
          result.actionMs.push(...one.actionMs);
          result.actionRatio.push(median(one.actionMs) / baseline);
          const floor = median(one.floorMs);
          result.actionFloorMs.push(floor);
          result.actionFloorRatio.push(floor / baseline);
          result.actionOverFloor.push(median(one.actionMs) / floor);
          result.notes.splice(0, result.notes.length, one.note);
        } finally {
          await closeCore();
        }
      }
    } finally {
      await closeParts();
    }
  } finally {
    await closeFleet();
    await removeTemp();
  }
  return result;
}

async function measureRun(
  browser: Browser,
  renderer: RendererServer,
  core: Core,
  fleet: FakeFleet,
  total: number,
  run: number,
): Promise<{ showMs: number; actionMs: number[]; floorMs: number[]; note: string }> {
  const opened = await loadPopover(browser, core, renderer, {
    stateVia: 'clone',
    teams: total,
    async beforeLoad(page) {
      await page.addInitScript(`(${installVisibility.toString()})();`);
    },
  });
  try {
    const { page, bridge } = opened;
    const teamKeys = teamKeysInOrder(await stateOf(core));
    if (teamKeys.length < STOP_TEAMS)
      throw new Error(`the popover lists fewer than ${STOP_TEAMS} teams`);

    // An action's feedback, on the first teams' instances, once the popover has settled: as it
    // opens, main reads the teams on screen (watchTeams, after 300 ms), which a user's click
    // would not meet.
    await pause(1_500);
    const actionMs = await page.evaluate(stopProbe, {
      teamKeys: teamKeys.slice(0, STOP_TEAMS),
      countEach: STOPS_EACH,
      timeoutMs: 5_000,
    });
    // The same Stops' DOM work by hand, on the next teams, in the same page (nothing after looks
    // at their rows: the show checks the first rows with every team closed).
    const floorMs = await page.evaluate(stopFloorProbe, {
      teamKeys: teamKeys.slice(STOP_TEAMS, 2 * STOP_TEAMS),
      countEach: STOPS_EACH,
      timeoutMs: 5_000,
    });
    // The actions' follow-up reads (every 50 ms here, until the instances settle). Not
    // waitForIdle: a core started from the cache says its accounts are loading until a refresh.
    await pause(1_500);

    if ((await page.evaluate(hideProbe)) !== 'hidden') throw new Error('the page did not hide');
    const before = await stateOf(core);
    const changes = changeOnServers(fleet, before, teamKeys, run);
    const changed = changes.keys;
    const refreshed = await core.dispatch('refresh', undefined);
    if (!refreshed.ok) throw new Error(`refresh failed: ${refreshed.error.message}`);
    await waitForChanges(core, changes, IDLE_TIMEOUT_MS);
    await waitForIdle(core, IDLE_TIMEOUT_MS);
    const delivery = await waitForDelivery(
      () => page.evaluate(deliveredProbe),
      () => bridge.pushesSent(),
    );
    const after = await stateOf(core);
    const expected = expectation(after, changed);
    if (Object.keys(expected.teams).length === 0) {
      throw new Error('no changed team is among the first rows: the show would prove nothing');
    }
    const shown = await page.evaluate(showProbe, { expected, timeoutMs: 10_000 });
    if (opened.pageErrors.length > 0) {
      throw new Error(`the page failed: ${opened.pageErrors.join('; ')}`);
    }
    const note = `show_ms_2000, the last run: ${changed.size} teams changed on the servers (${RENAMED} renamed, ${INSTANCES_CHANGED} instances changed state), ${Object.keys(expected.teams).length} of them among the first ${FIRST_KEYS} rows, ${shown.changedShown} on screen at the show; pushes since the load: ${delivery.sent} sent, ${delivery.arrived} reached the page`;
    return { showMs: shown.ms, actionMs, floorMs, note };
  } finally {
    await opened.context.close();
  }
}

async function stateOf(core: Core): Promise<TeamtrayState> {
  const answer = await core.dispatch('getState', undefined);
  if (!answer.ok) throw new Error(`getState failed: ${answer.error.message}`);
  return (answer.value as Snapshot).state;
}

/** The renderer's own Store over a state: what the list shows, with no search and no team open. */
function storeOver(state: TeamtrayState): Store {
  const store = new Store();
  store.load(structuredClone(state));
  return store;
}

function teamKeysInOrder(state: TeamtrayState): string[] {
  return storeOver(state)
    .rows.filter((row) => row.kind === 'team')
    .map((row) => row.key);
}

/** What the servers changed, for knowing when main has read all of it. */
interface Changes {
  /** The keys of every team changed. */
  readonly keys: Set<string>;
  readonly names: { readonly key: string; readonly name: string }[];
  readonly states: { readonly key: string; readonly instanceId: string; readonly state: string }[];
}

/**
 * On the servers: renames the first RENAMED teams of the list and flips the first
 * INSTANCES_CHANGED instances of the list's teams (running → stopped, anything else → running).
 */
function changeOnServers(
  fleet: FakeFleet,
  state: TeamtrayState,
  teamKeys: readonly string[],
  run: number,
): Changes {
  const changed = new Set<string>();
  const names: Changes['names'] = [];
  const states: Changes['states'] = [];
  const locate = (key: string) => {
    const [accountId = '', teamId = ''] = key.split('/');
    const at = state.accounts.findIndex((account) => account.id === accountId);
    const member = fleet.members[at];
    const account = state.accounts[at];
    const index = member?.teams.findIndex((team) => team.id === teamId) ?? -1;
    const team = member?.teams[index];
    if (member === undefined || account === undefined || team === undefined) {
      throw new Error(`no server team for ${key}`);
    }
    return { member, account, team, index, teamId };
  };
  for (const key of teamKeys.slice(0, RENAMED)) {
    const { team } = locate(key);
    team.name = `${team.name.replace(/ \(renamed \d+\)$/, '')} (renamed ${run + 1})`;
    names.push({ key, name: team.name });
    changed.add(key);
  }
  let flipped = 0;
  for (const key of teamKeys) {
    if (flipped >= INSTANCES_CHANGED) break;
    const { member, account, index, teamId } = locate(key);
    const known = account.teams.find((team) => team.id === teamId)?.runtime.instances ?? [];
    for (const instance of member.runtimes[index]?.instances ?? []) {
      if (flipped >= INSTANCES_CHANGED) break;
      const state = known.find((each) => each.id === instance.id)?.state ?? instance.state;
      const next = state === 'running' ? 'stopped' : 'running';
      member.server.setInstanceState(instance, next);
      states.push({ key, instanceId: instance.id, state: next });
      changed.add(key);
      flipped += 1;
    }
  }
  if (flipped < INSTANCES_CHANGED) throw new Error(`only ${flipped} instances to change`);
  return { keys: changed, names, states };
}

/** Whether main's state holds every change (a refresh publishes each team as it is read). */
function holdsChanges(state: TeamtrayState, changes: Changes): boolean {
  const find = (key: string) => {
    const [accountId = '', teamId = ''] = key.split('/');
    const account = state.accounts.find((candidate) => candidate.id === accountId);
    return { account, teamId };
  };
  const named = changes.names.every(({ key, name }) => {
    const { account, teamId } = find(key);
    return account?.teams.find((team) => team.id === teamId)?.name === name;
  });
  return (
    named &&
    changes.states.every(({ key, instanceId, state: wanted }) => {
      const { account, teamId } = find(key);
      const runtime = account?.teams.find((team) => team.id === teamId)?.runtime;
      return runtime?.instances.find((instance) => instance.id === instanceId)?.state === wanted;
    })
  );
}

async function waitForChanges(core: Core, changes: Changes, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!holdsChanges(await stateOf(core), changes)) {
    if (Date.now() > deadline) throw new Error(`main did not read the changes in ${timeoutMs} ms`);
    await pause(200);
  }
}

/** What the first rows must show after the refresh, as the renderer's Store builds them. */
function expectation(state: TeamtrayState, changed: ReadonlySet<string>): ShowExpectation {
  const store = storeOver(state);
  const rows = store.rows.slice(0, FIRST_KEYS);
  const teams: Record<string, { name: string; parts: string[] }> = {};
  for (const row of rows) {
    if (row.kind !== 'team' || !changed.has(row.key)) continue;
    teams[row.key] = {
      name: row.name,
      parts: teamSummary(row.team.runtime, store.now, row.team.role).map(partText),
    };
  }
  return { firstKeys: rows.map((row) => row.key), teams };
}

/**
 * Until the pushes main sent have reached the page and been handed over (the bench's bridge is
 * asynchronous): every push that arrived is handed over, and main sent nothing for 300 ms. One
 * push may be sent as the page starts and never arrive; the show's check says whether what the
 * list needs is there.
 */
export async function waitForDelivery(
  delivered: () => Promise<{ readonly arrived: number; readonly settled: number }>,
  sent: () => number,
  timeoutMs = 120_000,
): Promise<{ readonly arrived: number; readonly sent: number }> {
  const deadline = Date.now() + timeoutMs;
  let last = -1;
  let quietSince = Date.now();
  for (;;) {
    const counts = await delivered();
    const now = sent();
    if (now !== last) {
      last = now;
      quietSince = Date.now();
    }
    const drained = counts.settled === counts.arrived && counts.arrived >= now - 1;
    if (drained && Date.now() - quietSince >= 300) {
      // Lit's updates follow in microtasks; a task later they are done.
      await pause(100);
      return { arrived: counts.arrived, sent: now };
    }
    if (Date.now() > deadline) {
      throw new Error(
        `the page settled ${counts.settled} pushes (${counts.arrived} arrived) of ${now} sent`,
      );
    }
    await pause(25);
  }
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
