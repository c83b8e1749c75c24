/**
 * Figures of the popover in Chromium: the built renderer (out/renderer) served as the browser
 * over real HTTP on 127.0.0.1 (./renderer-server.ts), `window.teamtray` from preload's
 * createBridge over a raw DevTools binding (./bridge.ts: JSON on the wire, see there why), and
 * behind it the real core over ten fake FlowFuse servers, 200 teams each.
 *
 * The cache is prepared once by a core that lists the fleet; each run then starts a fresh core on
 * that folder with refreshOnStart false (so the popover's 2,000 teams come from the cache, as on a
 * start of the app) and loads the popover LOADS_PER_RUN times, each in a fresh browser context (no
 * HTTP or code cache from an earlier load): every load gives a first paint, the last one goes on
 * to the heap, the filter and the rename.
 */
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { AppState, AccountView } from '../../common/model';
import type { Core } from '../../main/core-types';
import type { Cipher } from '../../main/vault/cipher';
import { startRendererServer } from './renderer-server';
import { startFakeFleet, type FakeFleet } from '../../tests/fake-server';
import { CHROMIUM_ARGS, findChromium } from '../../tests/support/chromium';
import { makeTempDir } from '../../tests/support/conf-store';
import { startTestCore } from '../../tests/support/test-core';
import { installJsonBridge, STATE_RECEIVED_MARK, STATE_SENT_MARK } from './bridge';
import { onCleanup } from './cleanup';
import { saveFleet } from './fleet';
import { filterProbe, renameProbe, type FilterStep } from './page-probes';
import { percentile } from './stats';
import { teamsOf } from '../../common/team-table';

export const ACCOUNTS = 10;
export const TEAMS_EACH = 200;
export const TOTAL_TEAMS = ACCOUNTS * TEAMS_EACH;
/** The server's answer time for the rename round trip. */
export const RENAME_LATENCY_MS = 100;
const FIRST_TEAMS_MARK = 'teamtray:first-teams';
/** What the filter figure types: each word letter by letter, then erased letter by letter. */
const TYPED = ['team 12', 'server 7 team 19', '199', 'xyz'];

export interface BrowserSamples {
  /** Not a figure: where each run's first paint went, printed under the table. */
  readonly phases: FirstPaintPhases[];
  readonly first_paint_ms_2000: number[];
  readonly filter_p95_ms_2000: number[];
  readonly rename_optimistic_ms: number[];
  readonly rename_roundtrip_ms: number[];
  readonly heap_mb_2000: number[];
}

/**
 * tsx compiles this file with esbuild's keepNames, so functions whose source crosses into the
 * page (our probes, preload's createBridge) call a `__name` helper that the page lacks.
 */
const NAME_SHIM = 'globalThis.__name ??= (fn) => fn;';

export async function measureBrowser(runs: number): Promise<BrowserSamples> {
  const samples: BrowserSamples = {
    phases: [],
    first_paint_ms_2000: [],
    filter_p95_ms_2000: [],
    rename_optimistic_ms: [],
    rename_roundtrip_ms: [],
    heap_mb_2000: [],
  };
  const fleet = await startFakeFleet(ACCOUNTS, TEAMS_EACH);
  const closeFleet = onCleanup(() => fleet.close());
  const temp = await makeTempDir('teamtray-bench-');
  const removeTemp = onCleanup(() => temp.cleanup());
  try {
    const prepared = await startTestCore({ dir: temp.dir });
    const cipher = prepared.cipher;
    try {
      const views = await saveFleet(prepared.core, fleet);
      const listed = views.reduce((sum, view) => sum + view.teams.id.length, 0);
      if (listed !== TOTAL_TEAMS) throw new Error(`listed ${listed} teams, not ${TOTAL_TEAMS}`);
    } finally {
      await prepared.close();
    }
    // Only renames reach the servers from here on (nothing refreshes): make them take 100 ms.
    for (const member of fleet.members) {
      member.server.addFault({ kind: 'latency', ms: RENAME_LATENCY_MS });
    }

    const renderer = await startRendererServer();
    const closeRenderer = onCleanup(() => renderer.close());
    const browser = await chromium.launch({
      executablePath: findChromium(),
      // Only this machine answers: avatars and anything else fail at once, as offline.
      args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'],
    });
    const closeBrowser = onCleanup(() => browser.close());
    try {
      for (let run = 0; run < runs; run += 1) {
        const figures = await measureOnce(browser, temp.dir, cipher, fleet, run, renderer.url);
        for (const load of figures.loads) {
          samples.first_paint_ms_2000.push(load.firstTeams);
          samples.phases.push(load);
        }
        samples.heap_mb_2000.push(figures.heapMb);
        samples.filter_p95_ms_2000.push(percentile(figures.filterMs, 95));
        samples.rename_optimistic_ms.push(figures.renameOptimisticMs);
        samples.rename_roundtrip_ms.push(figures.renameRoundtripMs);
      }
    } finally {
      await closeBrowser();
      await closeRenderer();
    }
  } finally {
    await closeFleet();
    await removeTemp();
  }
  return samples;
}

/** Where first paint's time went, in ms since navigation start (-1: not seen). */
export interface FirstPaintPhases {
  /** The renderer's script has arrived. */
  readonly scriptLoaded: number;
  /** The renderer asked main for the state (getState). */
  readonly stateSent: number;
  /** The answer is in the page, parsed. */
  readonly stateReceived: number;
  /** The renderer's 'teamtray:first-teams' mark: first paint. */
  readonly firstTeams: number;
}

interface RunFigures {
  /** One per cold page load of this run. */
  readonly loads: readonly FirstPaintPhases[];
  readonly heapMb: number;
  readonly filterMs: readonly number[];
  readonly renameOptimisticMs: number;
  readonly renameRoundtripMs: number;
}

/** Cold page loads per run for first paint: it is the noisiest figure, and a load is cheap. */
const LOADS_PER_RUN = 3;

interface OpenedPopover {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly pageErrors: string[];
  readonly phases: FirstPaintPhases;
}

/**
 * A fresh browser context (no HTTP or code cache), the popover loaded in it, and where its first
 * paint went: navigation start (performance.timeOrigin) to the renderer's first-teams mark.
 */
async function openPopover(browser: Browser, core: Core, appUrl: string): Promise<OpenedPopover> {
  const context = await browser.newContext({
    viewport: { width: 400, height: 600 },
    deviceScaleFactor: 1,
    colorScheme: 'light',
    reducedMotion: 'reduce',
  });
  try {
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(String(error)));
    await page.addInitScript(NAME_SHIM);
    const bridge = await installJsonBridge(page, core);
    await page.goto(appUrl);
    await bridge.mark(FIRST_TEAMS_MARK, 15_000);
    const phases = await page.evaluate(
      ([firstTeams, sent, received]) => {
        const at = (name: string): number => performance.getEntriesByName(name)[0]?.startTime ?? -1;
        const script = performance
          .getEntriesByType('resource')
          .find((entry) => entry.name.endsWith('.js')) as PerformanceResourceTiming | undefined;
        return {
          scriptLoaded: script?.responseEnd ?? -1,
          stateSent: at(sent),
          stateReceived: at(received),
          firstTeams: at(firstTeams),
        };
      },
      [FIRST_TEAMS_MARK, STATE_SENT_MARK, STATE_RECEIVED_MARK] as const,
    );
    await expectTeamCount(page, TOTAL_TEAMS);
    return { context, page, pageErrors, phases };
  } catch (error) {
    await context.close();
    throw error;
  }
}

async function measureOnce(
  browser: Browser,
  dir: string,
  cipher: Cipher,
  fleet: FakeFleet,
  run: number,
  appUrl: string,
): Promise<RunFigures> {
  const test = await startTestCore({ dir, cipher, refreshOnStart: false });
  const closeCore = onCleanup(() => test.close());
  let context: BrowserContext | null = null;
  try {
    const state = await test.core.dispatch('getState', undefined);
    if (!state.ok) throw new Error(`getState failed: ${state.error.message}`);
    const { accounts } = state.value as AppState;

    // first_paint_ms_2000: the earlier loads only time first paint; the last one goes on.
    const loads: FirstPaintPhases[] = [];
    for (let load = 1; load < LOADS_PER_RUN; load += 1) {
      const opened = await openPopover(browser, test.core, appUrl);
      loads.push(opened.phases);
      await opened.context.close();
    }
    const opened = await openPopover(browser, test.core, appUrl);
    ({ context } = opened);
    const { page, pageErrors } = opened;
    loads.push(opened.phases);

    // heap_mb_2000: after a full garbage collection, with every team loaded and shown.
    await page.waitForTimeout(300);
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('Performance.enable');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const heapBytes = metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value;
    if (heapBytes === undefined) throw new Error('Chromium reported no JSHeapUsedSize');
    await cdp.detach();

    const filterMs = await page.evaluate(filterProbe, {
      steps: filterSteps(accounts),
      timeoutMs: 5_000,
    });

    const newName = `Renamed in run ${run + 1} ${Date.now().toString(36)}`;
    const rename = await page.evaluate(renameProbe, { newName, timeoutMs: 5_000 });
    expectRenamedOnServer(fleet, accounts, rename.key, newName);

    if (pageErrors.length > 0) throw new Error(`the page failed: ${pageErrors.join('; ')}`);
    return {
      loads,
      heapMb: heapBytes / 1e6,
      filterMs,
      renameOptimisticMs: rename.optimisticMs,
      renameRoundtripMs: rename.roundtripMs,
    };
  } finally {
    await context?.close();
    await closeCore();
  }
}

/** The search box's placeholder counts every team the renderer holds. */
async function expectTeamCount(page: Page, total: number): Promise<void> {
  const placeholder = await page.evaluate(
    () =>
      document
        .querySelector('tt-app')
        ?.shadowRoot?.querySelector('tt-header')
        ?.shadowRoot?.querySelector('input')
        ?.getAttribute('placeholder') ?? null,
  );
  if (placeholder !== `Search ${total} teams`) {
    throw new Error(`expected ${total} teams in the popover, the search box says "${placeholder}"`);
  }
}

function expectRenamedOnServer(
  fleet: FakeFleet,
  accounts: readonly AccountView[],
  key: string,
  name: string,
): void {
  const [accountId, teamId] = key.split('/');
  const at = accounts.findIndex((account) => account.id === accountId);
  const team = fleet.members[at]?.teams.find((candidate) => candidate.id === teamId);
  if (team?.name !== name) throw new Error(`the server did not store the new name of ${key}`);
}

/** Rows the filter check accepts as "the top of the list": more than the popover can show. */
const FIRST_KEYS = 40;

/** Every keystroke of TYPED, with what the list must show after it (as renderer/state/rows.ts). */
export function filterSteps(accounts: readonly AccountView[]): FilterStep[] {
  const values: string[] = [];
  for (const word of TYPED) {
    for (let length = 1; length <= word.length; length += 1) values.push(word.slice(0, length));
    for (let length = word.length - 1; length >= 0; length -= 1) values.push(word.slice(0, length));
  }
  return values.map((value) => {
    const query = value.trim().toLowerCase();
    let first: { key: string; text: string } | null = null;
    const firstKeys: string[] = [];
    for (const account of accounts) {
      const teams = teamsOf(account.teams);
      const total = teams.length;
      const matching = teams.filter(
        (team) => query === '' || `${team.name}\n${team.slug}`.toLowerCase().includes(query),
      );
      if (query !== '' && matching.length === 0) continue;
      const text =
        query === ''
          ? `${total} ${total === 1 ? 'team' : 'teams'}`
          : `${matching.length} of ${total} teams`;
      first ??= { key: `i:${account.id}`, text };
      firstKeys.push(`i:${account.id}`);
      for (const team of matching) firstKeys.push(`${account.id}/${team.id}`);
      if (firstKeys.length >= FIRST_KEYS) break;
    }
    return {
      value,
      firstAccountKey: first?.key ?? null,
      headerText: first?.text ?? null,
      firstKeys: firstKeys.slice(0, FIRST_KEYS),
    };
  });
}
