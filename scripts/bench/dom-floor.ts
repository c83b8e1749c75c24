/**
 * The DOM's own floor (issue 22's "where the time goes"), in Chromium over the real core and 10
 * fake servers with 2,000 teams, cached: what the filter's keystrokes and a rename's Enter cost
 * when the DOM work is done by hand, with no script of Teamtray's (./floor-probes.ts says how).
 * Each is divided by the empty popover's keystroke in the same run, as the filter and the rename
 * are: a floor ratio over a budget means no implementation of today's rows can meet it.
 */
import { startFakeFleet } from '../../tests/fake-server';
import { makeTempDir } from '../../tests/support/conf-store';
import { startTestCore } from '../../tests/support/test-core';
import type { Samples } from './budgets';
import { startBrowserParts } from './browser-figures';
import { onCleanup } from './cleanup';
import { typedValues } from './filter-steps';
import { cacheFleet } from './fleet';
import { domFloorProbe } from './floor-probes';
import { emptyKeystrokes, loadPopover } from './popover-load';
import { median, percentile } from './stats';

const ACCOUNTS = 10;
const TEAMS_EACH = 200;
/** Team rows the window holds at the top of the list: 9 at 400 × 600. */
const RENAMES = 8;

export async function measureDomFloor(runs: number): Promise<{ samples: Samples }> {
  const samples = {
    filter_dom_floor_ratio: [] as number[],
    filter_dom_floor_p95_ms: [] as number[],
    rename_dom_floor_ratio: [] as number[],
    rename_dom_floor_ms: [] as number[],
    keystroke_p95_ms_empty_floor: [] as number[],
    keystroke_median_ms_empty_floor: [] as number[],
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
      for (let run = 0; run < runs; run += 1) {
        const keystrokes = await emptyKeystrokes(browser, empty.core, renderer);
        samples.keystroke_p95_ms_empty_floor.push(percentile(keystrokes, 95));
        samples.keystroke_median_ms_empty_floor.push(median(keystrokes));
        const opened = await loadPopover(browser, test.core, renderer, {
          stateVia: 'clone',
          teams: ACCOUNTS * TEAMS_EACH,
        });
        try {
          const floor = await opened.page.evaluate(domFloorProbe, { values, renames: RENAMES });
          const filterP95 = percentile(floor.filterMs, 95);
          const renameMs = median(floor.renameMs);
          samples.filter_dom_floor_p95_ms.push(filterP95);
          samples.filter_dom_floor_ratio.push(filterP95 / percentile(keystrokes, 95));
          samples.rename_dom_floor_ms.push(renameMs);
          samples.rename_dom_floor_ratio.push(renameMs / median(keystrokes));
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
  return { samples };
}
