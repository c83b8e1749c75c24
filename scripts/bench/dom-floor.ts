/**
 * The DOM's own floor (issue 22's "where the time goes"), in Chromium over the real core and 10
 * fake servers with 2,000 teams, cached: what the filter's keystrokes and a rename's Enter cost
 * when the DOM work is done by hand, with no script of Teamtray's (./floor-probes.ts says how).
 * Each is divided by the empty popover's keystroke in the same run, as the filter and the rename
 * are: a floor ratio over a budget means no implementation of today's rows can meet it.
 *
 * `filter_floor_ratio_2000` (issue 30): then the app's own filter, the same keystrokes typed into
 * the same page (./page-probes.ts's filterProbe), its p95 ÷ the floor's p95.
 */
import { startFakeFleet } from '../../tests/fake-server';
import { makeTempDir } from '../../tests/support/conf-store';
import { startTestCore } from '../../tests/support/test-core';
import type { Samples } from './budgets';
import { startBrowserParts } from './browser-figures';
import { onCleanup } from './cleanup';
import { filterSteps, typedValues } from './filter-steps';
import { cacheFleet, stateOf } from './fleet';
import { filterProbe } from './page-probes';
import { domFloorProbe } from './floor-probes';
import { emptyKeystrokes, loadPopover } from './popover-load';
import { median, percentile } from './stats';

const ACCOUNTS = 10;
const TEAMS_EACH = 200;
/**
 * Team rows renamed, at most: those the window holds at the top of the list (fewer since issue 34
 * gave the popover's top up to 40 % of it; the note says how many), at least MIN_RENAMES.
 */
const RENAMES = 8;
const MIN_RENAMES = 3;

export async function measureDomFloor(
  runs: number,
): Promise<{ samples: Samples; notes: string[] }> {
  const renamed: number[] = [];
  const samples = {
    filter_dom_floor_ratio: [] as number[],
    filter_dom_floor_p95_ms: [] as number[],
    rename_dom_floor_ratio: [] as number[],
    rename_dom_floor_ms: [] as number[],
    keystroke_p95_ms_empty_floor: [] as number[],
    keystroke_median_ms_empty_floor: [] as number[],
    filter_floor_ratio_2000: [] as number[],
    filter_p95_ms_2000_floor: [] as number[],
  };
  const fleet = await startFakeFleet(ACCOUNTS, TEAMS_EACH);
  const closeFleet = onCleanup(() => fleet.close());
  const temp = await makeTempDir('teamtray-bench-floor-');
  const removeTemp = onCleanup(() => temp.cleanup());
  try {
    const cipher = await cacheFleet(temp.dir, fleet);
    const test = await startTestCore({ dir: temp.dir, cipher, refreshOnStart: false });
    const closeTest = onCleanup(() => test.close());
    const { empty, renderer, browser, close: closeParts } = await startBrowserParts();
    try {
      const values = typedValues();
      const steps = filterSteps(await stateOf(test.core));
      if (steps.some((step, at) => step.value !== values[at])) {
        throw new Error('the floor and the filter would not type the same keystrokes');
      }
      for (let run = 0; run < runs; run += 1) {
        const keystrokes = await emptyKeystrokes(browser, empty.core, renderer);
        samples.keystroke_p95_ms_empty_floor.push(percentile(keystrokes, 95));
        samples.keystroke_median_ms_empty_floor.push(median(keystrokes));
        const opened = await loadPopover(browser, test.core, renderer, {
          stateVia: 'clone',
          teams: ACCOUNTS * TEAMS_EACH,
        });
        try {
          const floor = await opened.page.evaluate(domFloorProbe, {
            steps,
            renames: RENAMES,
            minRenames: MIN_RENAMES,
            timeoutMs: 10_000,
          });
          const filterP95 = percentile(floor.filterMs, 95);
          const renameMs = median(floor.renameMs);
          renamed.push(floor.renameMs.length);
          samples.filter_dom_floor_p95_ms.push(filterP95);
          samples.filter_dom_floor_ratio.push(filterP95 / percentile(keystrokes, 95));
          samples.rename_dom_floor_ms.push(renameMs);
          samples.rename_dom_floor_ratio.push(renameMs / median(keystrokes));
          // The probe left the list as it was: the app itself, the same keystrokes. (The
          // probe's copy of the list holds the list's custom elements outside the app, which
          // throw as they upgrade: only what fails from here on counts.)
          const errorsBefore = opened.pageErrors.length;
          const appMs = await opened.page.evaluate(filterProbe, { steps, timeoutMs: 10_000 });
          const failed = opened.pageErrors.slice(errorsBefore);
          if (failed.length > 0) throw new Error(`the page failed: ${failed.join('; ')}`);
          const appP95 = percentile(appMs, 95);
          samples.filter_p95_ms_2000_floor.push(appP95);
          samples.filter_floor_ratio_2000.push(appP95 / filterP95);
        } finally {
          await opened.context.close();
        }
      }
    } finally {
      await closeParts();
      await closeTest();
    }
  } finally {
    await removeTemp();
    await closeFleet();
  }
  return {
    samples,
    notes: [`rename_dom_floor_ms: team rows renamed in the window, per run: ${renamed.join(', ')}`],
  };
}
