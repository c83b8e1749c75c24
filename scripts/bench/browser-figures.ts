/**
 * Figures of the popover in Chromium: the built renderer (out/renderer) served over real HTTP on
 * 127.0.0.1 (./renderer-server.ts), `window.teamtray` from preload's createBridge (./bridge.ts),
 * and behind it the real core over fake FlowFuse servers.
 *
 * The cache is prepared once by a core that lists the fleet; each run then starts a fresh core on
 * that folder with refreshOnStart false (so the teams come from the cache, as on a start of the
 * app), and a core with no account beside it. Each run loads, LOADS_PER_RUN times and in turn, the
 * full popover with the state over the DevTools binding, the popover with no account, the
 * first-paint floor (./floor-page.ts) and the full one with the state as a structured clone; each
 * load in a fresh browser context (no HTTP or code cache). The last empty load goes on to the
 * keystroke baseline; the last full one to the heap, the transports, the filter and the renames
 * (several per run, their median: ./rename-figures.ts).
 * Then one traced load of each (./traced-load.ts).
 */
import { chromium, type Browser } from '@playwright/test';
import type { Account, Snapshot, TeamtrayState } from '../../common/state';
import type { Core } from '../../main/core-types';
import { startFakeFleet, type FakeFleet } from '../../tests/fake-server';
import { CHROMIUM_ARGS, findChromium } from '../../tests/support/chromium';
import { makeTempDir } from '../../tests/support/conf-store';
import { startTestCore, type TestCore } from '../../tests/support/test-core';
import type { Cipher } from '../../main/vault/cipher';
import { keystrokeProbe, transportProbe } from './baseline-probes';
import type { StateTransport } from './bridge';
import { onCleanup } from './cleanup';
import { filterSteps, typedValues } from './filter-steps';
import { saveFleet, stateOf } from './fleet';
import { heapHeld, type Closable, type Held } from './heap-held';
import { loadFloor } from './floor-load';
import { filterProbe, renameProbe } from './page-probes';
import { renameNames, renameRunFigures } from './rename-figures';
import { loadPopover, type LoadTimes } from './popover-load';
import { startRendererServer, type RendererServer } from './renderer-server';
import { tracedLoad, type LoadSplit } from './traced-load';
import { median, percentile } from './stats';

/** The server's answer time for the rename round trip. */
const RENAME_LATENCY_MS = 100;
/** Cold page loads of each kind per run: first paint is the noisiest figure, and a load is cheap. */
const LOADS_PER_RUN = 3;
const TRANSPORT_REPEATS = 5;

/** The servers behind a popover scenario. */
export interface PopoverFleet {
  readonly accounts: number;
  readonly teamsEach: number;
  /** Seeded servers (default: startFakeFleet(accounts, teamsEach)). */
  readonly startFleet?: () => Promise<FakeFleet>;
  /** False: first paint only, no filter, rename or transports (default true). */
  readonly interactions?: boolean;
  /** False: no floor loads, for a scenario that does not report them (default true). */
  readonly floor?: boolean;
  /**
   * True: only what the scale table needs (./scale-figures.ts): no loads over the binding and no
   * traced loads (default false).
   */
  readonly lean?: boolean;
  /** True: main's heap (the core in Node) once it holds the fleet, ./heap-held.ts (default false). */
  readonly mainHeap?: boolean;
}

/** Every sample of a popover scenario; ./scenarios.ts names them as figures. */
export interface PopoverRuns {
  /** Per load, state as a structured clone: navigation start → first teams laid out. */
  readonly firstPaintMs: number[];
  /** Per load, state over the binding: the same. */
  readonly firstPaintBindingMs: number[];
  /** Per load of the popover with no account: navigation start → its view laid out. */
  readonly firstPaintEmptyMs: number[];
  /** Per load: view laid out, full (clone) ÷ the empty popover loaded in the same turn. */
  readonly firstPaintRatio: number[];
  /** Per load of the floor page (./floor-page.ts): navigation start → its line laid out. */
  readonly firstPaintFloorMs: number[];
  /** Per load: the full popover's first paint (clone) − the floor loaded just before. */
  readonly firstPaintAppMs: number[];
  /** Per load: that share ÷ the floor loaded just before (issue 22's budget). */
  readonly firstPaintAppFloorRatio: number[];
  /** Per load (clone): the renderer has the state → first teams laid out. */
  readonly rendererWorkMs: number[];
  readonly transportCloneMs: number[];
  readonly transportBindingMs: number[];
  readonly filterP95Ms: number[];
  readonly keystrokeP95EmptyMs: number[];
  readonly keystrokeMedianEmptyMs: number[];
  readonly filterRatio: number[];
  readonly renameOptimisticMs: number[];
  readonly renameRatio: number[];
  readonly renameRoundtripMs: number[];
  /** Per run, each Enter's optimistic ms and the different teams renamed (./rename-figures.ts). */
  readonly renameEnters: { readonly ms: number[]; readonly teams: number }[];
  readonly heapMb: number[];
  /** Every load's marks, by kind, for the step-by-step breakdown. */
  readonly loads: Record<StateTransport | 'empty', LoadTimes[]>;
  /** Per run, one traced load of each popover: where the boot and the renderer's work went. */
  readonly splits: { readonly full: LoadSplit[]; readonly empty: LoadSplit[] };
  /** The state the full popover loads (the last run's), for the store's share of the work. */
  state: TeamtrayState | null;
  /** PopoverFleet.mainHeap: what the core holds on the heap with the fleet read, MB (one sample). */
  readonly mainHeapMb: number[];
  /** PopoverFleet.mainHeap: the model's tree alone, as a structured clone, MB (one sample). */
  readonly mainTreeMb: number[];
}

const emptyRuns = (): PopoverRuns => ({
  firstPaintMs: [],
  firstPaintBindingMs: [],
  firstPaintEmptyMs: [],
  firstPaintRatio: [],
  firstPaintFloorMs: [],
  firstPaintAppMs: [],
  firstPaintAppFloorRatio: [],
  rendererWorkMs: [],
  transportCloneMs: [],
  transportBindingMs: [],
  filterP95Ms: [],
  keystrokeP95EmptyMs: [],
  keystrokeMedianEmptyMs: [],
  filterRatio: [],
  renameOptimisticMs: [],
  renameRatio: [],
  renameRoundtripMs: [],
  renameEnters: [],
  heapMb: [],
  loads: { clone: [], binding: [], empty: [] },
  splits: { full: [], empty: [] },
  state: null,
  mainHeapMb: [],
  mainTreeMb: [],
});

export async function measurePopover(runs: number, spec: PopoverFleet): Promise<PopoverRuns> {
  const samples = emptyRuns();
  const total = spec.accounts * spec.teamsEach;
  const fleet = await (spec.startFleet ?? (() => startFakeFleet(spec.accounts, spec.teamsEach)))();
  const closeFleet = onCleanup(() => fleet.close());
  const temp = await makeTempDir('teamtray-bench-');
  const removeTemp = onCleanup(() => temp.cleanup());
  try {
    const prepared = await prepareCache(temp.dir, fleet, total, spec.mainHeap ?? false);
    const cipher = prepared.cipher;
    if (prepared.heap !== null) {
      samples.mainHeapMb.push(prepared.heap.coreMb);
      samples.mainTreeMb.push(prepared.heap.treeMb);
    }
    // Only renames reach the servers from here on (nothing refreshes): make them take 100 ms.
    for (const member of fleet.members) {
      member.server.addFault({ kind: 'latency', ms: RENAME_LATENCY_MS });
    }
    const { empty, renderer, browser, close: closeParts } = await startBrowserParts();
    try {
      for (let run = 0; run < runs; run += 1) {
        const test = await startTestCore({ dir: temp.dir, cipher, refreshOnStart: false });
        const closeCore = onCleanup(() => test.close());
        try {
          const rig: Rig = {
            browser,
            renderer,
            full: test.core,
            empty: empty.core,
            fleet,
            total,
            floor: spec.floor ?? true,
            lean: spec.lean ?? false,
          };
          await measureRun(rig, run, spec.interactions ?? true, samples);
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
  return samples;
}

/**
 * The cache each run starts from, written by a core that lists the fleet and reads every team.
 * With `measureHeap`, on the way: what that core holds on the heap once it has read the fleet
 * (./heap-held.ts), and the model's tree alone (a structured clone of getState's tree, held the
 * same way), in MB.
 */
async function prepareCache(
  dir: string,
  fleet: FakeFleet,
  total: number,
  measureHeap: boolean,
): Promise<{ cipher: Cipher; heap: { coreMb: number; treeMb: number } | null }> {
  const core: Held<TestCore> = { value: null };
  const tree: Held<Closable & { readonly state: TeamtrayState }> = { value: null };
  try {
    const cipher = await fillCache(core, tree, dir, fleet, total);
    if (!measureHeap) return { cipher, heap: null };
    const treeMb = (await heapHeld(tree)) / 1e6;
    const coreMb = (await heapHeld(core, (test) => [test.core])) / 1e6;
    return { cipher, heap: { coreMb, treeMb } };
  } finally {
    await core.value?.close();
  }
}

/**
 * Starts a core in `core` (only there: heapHeld must be able to let it go) that lists and reads
 * the fleet into `dir`'s cache, and puts a structured clone of its tree in `tree`.
 */
async function fillCache(
  core: Held<TestCore>,
  tree: Held<Closable & { readonly state: TeamtrayState }>,
  dir: string,
  fleet: FakeFleet,
  total: number,
): Promise<Cipher> {
  const test = await startTestCore({ dir });
  core.value = test;
  const listed = (await saveFleet(test.core, fleet)).reduce(
    (sum, account) => sum + account.teams.length,
    0,
  );
  if (listed !== total) throw new Error(`listed ${listed} teams, not ${total}`);
  // The servers run in this process too: what they recorded is not main's. Nor is the test
  // logger's memory: the app writes its log to a file.
  for (const member of fleet.members) member.server.clearRequests();
  test.log.lines.splice(0);
  tree.value = { state: structuredClone(await stateOf(test.core)), close: () => Promise.resolve() };
  return test.cipher;
}

/** The bench's Chromium: the system's, offline but for this machine, with Electron's process model. */
export function launchBenchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: findChromium(),
    args: [
      ...CHROMIUM_ARGS,
      // Only this machine answers: avatars and anything else fail at once, as offline.
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
      // As Electron does (shell/browser/feature_list.cc): no spare renderer process, which
      // Chromium starts beside each new page, on the same 2 cores as the page being measured.
      '--disable-features=SpareRendererForSitePerProcess',
    ],
  });
}

/** What each popover scenario starts once: a core with no account, the renderer's server, Chromium. */
export interface BrowserParts {
  /** No account: the popover's first run, where the empty keystroke is typed. */
  readonly empty: TestCore;
  readonly renderer: RendererServer;
  readonly browser: Browser;
  /** Closes all three (each is registered with ./cleanup.ts too, for a failed run). */
  readonly close: () => Promise<void>;
}

export async function startBrowserParts(): Promise<BrowserParts> {
  const empty = await startTestCore();
  const closeEmpty = onCleanup(() => empty.close());
  const renderer = await startRendererServer();
  const closeRenderer = onCleanup(() => renderer.close());
  const browser = await launchBenchChromium();
  const closeBrowser = onCleanup(() => browser.close());
  return {
    empty,
    renderer,
    browser,
    close: async () => {
      await closeBrowser();
      await closeRenderer();
      await closeEmpty();
    },
  };
}

interface Rig {
  readonly browser: Browser;
  readonly renderer: RendererServer;
  /** The core with the fleet's teams cached, and one with no account. */
  readonly full: Core;
  readonly empty: Core;
  readonly fleet: FakeFleet;
  readonly total: number;
  /** Whether each turn also loads the floor (PopoverFleet.floor). */
  readonly floor: boolean;
  /** PopoverFleet.lean. */
  readonly lean: boolean;
}

async function measureRun(
  rig: Rig,
  run: number,
  interactions: boolean,
  samples: PopoverRuns,
): Promise<void> {
  const { browser, renderer, total } = rig;
  const state = await rig.full.dispatch('getState', undefined);
  if (!state.ok) throw new Error(`getState failed: ${state.error.message}`);
  const appState = (state.value as Snapshot).state;
  samples.state = appState;
  const runLoads: Record<StateTransport | 'empty', LoadTimes[]> = {
    clone: [],
    binding: [],
    empty: [],
  };
  const values = typedValues();
  let keystrokes: number[] = [];
  const floors: number[] = [];

  for (let load = 1; load <= LOADS_PER_RUN; load += 1) {
    const last = load === LOADS_PER_RUN;
    if (!rig.lean) {
      const overBinding = await loadPopover(browser, rig.full, renderer, {
        stateVia: 'binding',
        teams: total,
      });
      runLoads.binding.push(overBinding.times);
      await overBinding.context.close();
    }

    const bare = await loadPopover(browser, rig.empty, renderer, {
      stateVia: 'clone',
      teams: 0,
    });
    runLoads.empty.push(bare.times);
    try {
      if (last && interactions) keystrokes = await bare.page.evaluate(keystrokeProbe, { values });
    } finally {
      await bare.context.close();
    }

    if (rig.floor) floors.push(await loadFloor(browser, rig.full, renderer, total));
    const opened = await loadPopover(browser, rig.full, renderer, {
      stateVia: 'clone',
      teams: total,
    });
    runLoads.clone.push(opened.times);
    try {
      if (last && interactions) {
        await measureInteractions(opened, appState, rig, run, keystrokes, samples);
      }
    } finally {
      await opened.context.close();
    }
  }

  if (!rig.lean) {
    samples.splits.full.push(await tracedLoad(browser, rig.full, renderer, total));
    samples.splits.empty.push(await tracedLoad(browser, rig.empty, renderer, 0));
  }

  for (const kind of ['clone', 'binding', 'empty'] as const) {
    samples.loads[kind].push(...runLoads[kind]);
  }
  samples.firstPaintMs.push(...runLoads.clone.map((times) => times.firstTeams));
  samples.firstPaintBindingMs.push(...runLoads.binding.map((times) => times.firstTeams));
  samples.firstPaintEmptyMs.push(...runLoads.empty.map((times) => times.viewLaidOut));
  samples.rendererWorkMs.push(...runLoads.clone.map((t) => t.firstTeams - t.stateReceived));
  samples.firstPaintFloorMs.push(...floors);
  // The full load just after each floor load: what the renderer adds to the same harness.
  runLoads.clone.forEach((times, index) => {
    const floor = floors[index];
    if (floor === undefined) return;
    samples.firstPaintAppMs.push(times.firstTeams - floor);
    samples.firstPaintAppFloorRatio.push((times.firstTeams - floor) / floor);
  });
  // Each full load over the empty load of the same turn: a burst of load elsewhere hits both.
  runLoads.clone.forEach((times, index) => {
    const empty = runLoads.empty[index];
    if (empty !== undefined) samples.firstPaintRatio.push(times.viewLaidOut / empty.viewLaidOut);
  });
}

async function measureInteractions(
  opened: Awaited<ReturnType<typeof loadPopover>>,
  state: TeamtrayState,
  rig: Rig,
  run: number,
  keystrokes: readonly number[],
  samples: PopoverRuns,
): Promise<void> {
  const { page, context } = opened;
  const { accounts } = state;
  // heap_mb_2000: after a full garbage collection, with every team loaded and shown.
  await page.waitForTimeout(300);
  const cdp = await context.newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const heapBytes = metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value;
  if (heapBytes === undefined) throw new Error('Chromium reported no JSHeapUsedSize');
  await cdp.detach();
  samples.heapMb.push(heapBytes / 1e6);

  const transports = await page.evaluate(transportProbe, { repeats: TRANSPORT_REPEATS });
  samples.transportBindingMs.push(median(transports.bindingMs));
  samples.transportCloneMs.push(median(transports.cloneMs));

  const filterMs = await page.evaluate(filterProbe, {
    steps: filterSteps(state),
    timeoutMs: 5_000,
  });
  const names = renameNames(run, Date.now().toString(36));
  const renames = await page.evaluate(renameProbe, { names, timeoutMs: 5_000 });
  // A team renamed twice in the run holds its last name.
  const lastNames = new Map(renames.map((each) => [each.key, each.name]));
  for (const [key, name] of lastNames) expectRenamedOnServer(rig.fleet, accounts, key, name);
  if (opened.pageErrors.length > 0) {
    throw new Error(`the page failed: ${opened.pageErrors.join('; ')}`);
  }

  const filterP95 = percentile(filterMs, 95);
  const keystrokeP95 = percentile(keystrokes, 95);
  samples.filterP95Ms.push(filterP95);
  samples.keystrokeP95EmptyMs.push(keystrokeP95);
  samples.keystrokeMedianEmptyMs.push(median(keystrokes));
  samples.filterRatio.push(filterP95 / keystrokeP95);
  const rename = renameRunFigures(renames, median(keystrokes));
  samples.renameOptimisticMs.push(rename.optimisticMs);
  samples.renameRatio.push(rename.ratio);
  samples.renameRoundtripMs.push(rename.roundtripMs);
  samples.renameEnters.push({ ms: renames.map((each) => each.optimisticMs), teams: rename.teams });
}

function expectRenamedOnServer(
  fleet: FakeFleet,
  accounts: readonly Account[],
  key: string,
  name: string,
): void {
  const [accountId, teamId] = key.split('/');
  const at = accounts.findIndex((account) => account.id === accountId);
  const team = fleet.members[at]?.teams.find((candidate) => candidate.id === teamId);
  if (team?.name !== name) throw new Error(`the server did not store the new name of ${key}`);
}
