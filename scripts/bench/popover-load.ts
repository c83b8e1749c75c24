/**
 * One cold load of the popover: a fresh browser context (no HTTP or code cache from an earlier
 * load), the bench's bridge to a core, the built renderer from ./renderer-server.ts, and when
 * each step of its first paint happened.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { Core } from '../../main/core-types';
import { keystrokeProbe } from './baseline-probes';
import { BENCH_MARKS, installBridge, type PageBridge, type StateTransport } from './bridge';
import { typedValues } from './filter-steps';
import type { RendererServer } from './renderer-server';
import { stageInPage } from './staged-state';

/** The renderer's own marks (renderer/state/store.ts, renderer/components/tt-team-list.ts). */
const STATE_RECEIVED_MARK = 'teamtray:state-received';
const FIRST_TEAMS_MARK = 'teamtray:first-teams';
export const LOAD_TIMEOUT_MS = 15_000;
/**
 * A pause between setting up a load and starting it. A fresh context starts its renderer
 * processes, and the context closed just before tears its own down, on the same 2 cores as the
 * page. In the app the popover's window exists before the click that shows it.
 */
const SETTLE_MS = 250;

/**
 * tsx compiles the bench with esbuild's keepNames, so functions whose source crosses into the
 * page (the probes, the page's bridge, preload's createBridge) call a `__name` helper the page
 * lacks.
 */
const NAME_SHIM = 'globalThis.__name ??= (fn) => fn;';

/** When each step of a load happened, in ms since navigation start. */
export interface LoadTimes {
  /** The renderer's script has arrived (resource timing's responseEnd). */
  readonly scriptLoaded: number;
  /** The renderer's bundle has run (./bridge-page.ts). */
  readonly evaluated: number;
  /** Preload's prefetch sent getState. */
  readonly stateSent: number;
  /** Its answer is in the page as an object. */
  readonly stateArrived: number;
  /** The renderer's store has it (teamtray:state-received): the renderer's work starts here. */
  readonly stateReceived: number;
  /** The renderer's first-teams mark: team rows rendered and laid out; -1 with no teams. */
  readonly firstTeams: number;
  /** Every Lit element settled and the document laid out, teams or none (./bridge-page.ts). */
  readonly viewLaidOut: number;
}

export interface LoadedPopover {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly bridge: PageBridge;
  readonly pageErrors: string[];
  readonly times: LoadTimes;
}

export interface LoadOptions {
  readonly stateVia: StateTransport;
  /** The team count the search box must announce, or 0 for the popover with no account. */
  readonly teams: number;
  /** Runs once the page and its bridge exist, before it navigates (e.g. to start a trace). */
  readonly beforeLoad?: (page: Page) => Promise<void>;
}

/** A fresh context's page with the bench's bridge, getState's answer staged, not yet loaded. */
export interface BridgedPage {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly bridge: PageBridge;
  readonly pageErrors: string[];
}

/**
 * Everything a measured load needs before it navigates; the caller navigates, and closes the
 * context.
 */
export async function openBridgedPage(
  browser: Browser,
  core: Core,
  renderer: RendererServer,
  stateVia: StateTransport,
  beforeLoad?: (page: Page) => Promise<void>,
): Promise<BridgedPage> {
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
    if (stateVia === 'clone') {
      // In the app main answers this after the page started; its work (~1 ms) is not in the figure.
      const answer = JSON.stringify(await core.dispatch('getState', undefined));
      await stageInPage(page, renderer.stagePageUrl, await renderer.stage(answer));
    }
    await page.addInitScript(NAME_SHIM);
    const bridge = await installBridge(page, core, stateVia);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    await beforeLoad?.(page);
    return { context, page, bridge, pageErrors };
  } catch (error) {
    await context.close();
    throw error;
  }
}

export async function loadPopover(
  browser: Browser,
  core: Core,
  renderer: RendererServer,
  options: LoadOptions,
): Promise<LoadedPopover> {
  const { context, page, bridge, pageErrors } = await openBridgedPage(
    browser,
    core,
    renderer,
    options.stateVia,
    options.beforeLoad,
  );
  try {
    await page.goto(renderer.url);
    if (options.teams > 0) await bridge.mark(FIRST_TEAMS_MARK, LOAD_TIMEOUT_MS);
    await bridge.mark(BENCH_MARKS.viewLaidOut, LOAD_TIMEOUT_MS);
    const times = await page.evaluate(readTimes, {
      ...BENCH_MARKS,
      stateReceived: STATE_RECEIVED_MARK,
      firstTeams: FIRST_TEAMS_MARK,
    });
    if (options.teams > 0) await expectTeamCount(page, options.teams);
    else await expectOnboarding(page);
    if (pageErrors.length > 0) throw new Error(`the page failed: ${pageErrors.join('; ')}`);
    return { context, page, bridge, pageErrors, times };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/** Runs in the page: the marks' times, and the renderer script's arrival. */
function readTimes(names: {
  readonly stateSent: string;
  readonly stateArrived: string;
  readonly evaluated: string;
  readonly viewLaidOut: string;
  readonly stateReceived: string;
  readonly firstTeams: string;
}): LoadTimes {
  const at = (name: string): number => performance.getEntriesByName(name)[0]?.startTime ?? -1;
  const script = performance
    .getEntriesByType('resource')
    .find((entry) => entry.name.endsWith('.js')) as PerformanceResourceTiming | undefined;
  return {
    scriptLoaded: script?.responseEnd ?? -1,
    evaluated: at(names.evaluated),
    stateSent: at(names.stateSent),
    stateArrived: at(names.stateArrived),
    stateReceived: at(names.stateReceived),
    firstTeams: at(names.firstTeams),
    viewLaidOut: at(names.viewLaidOut),
  };
}

/** The search box's tooltip counts every team the renderer holds. */
async function expectTeamCount(page: Page, total: number): Promise<void> {
  const title = await page.evaluate(
    () =>
      document
        .querySelector('tt-app')
        ?.shadowRoot?.querySelector('tt-header')
        ?.shadowRoot?.querySelector('input')
        ?.getAttribute('title') ?? null,
  );
  if (title !== `Searches ${total} teams and their instances and devices`) {
    throw new Error(`expected ${total} teams in the popover, the search box says "${title}"`);
  }
}

/**
 * The onboarding, and its form's Label field where the keystroke baseline types: both load lazily
 * (renderer/components/lazy-parts.ts), so a busy machine may lay out the view before they are in.
 */
async function expectOnboarding(page: Page): Promise<void> {
  const shown = await page
    .waitForFunction(
      () =>
        document
          .querySelector('tt-app')
          ?.shadowRoot?.querySelector('tt-onboarding')
          ?.shadowRoot?.querySelector('tt-account-form')
          ?.shadowRoot?.querySelector('input#label') != null,
      undefined,
      { timeout: LOAD_TIMEOUT_MS },
    )
    .then(
      () => true,
      () => false,
    );
  if (!shown) throw new Error('the popover with no account does not show the onboarding form');
}

/** The empty popover's keystrokes (./baseline-probes.ts), one cold load: the ratios' baseline. */
export async function emptyKeystrokes(
  browser: Browser,
  core: Core,
  renderer: RendererServer,
): Promise<number[]> {
  const bare = await loadPopover(browser, core, renderer, { stateVia: 'clone', teams: 0 });
  try {
    return await bare.page.evaluate(keystrokeProbe, { values: typedValues() });
  } finally {
    await bare.context.close();
  }
}
