/**
 * A full refresh landing in the open popover (issue 30), in Chromium over the real core and 10
 * fake servers with 2,000 teams of 3 instances and 1 device each, cached, each server answering
 * after LATENCY_MS (so the refresh's pushes arrive over seconds, as from a real server):
 *
 * - `refresh_long_tasks_2000`: the renderer's tasks over 50 ms (Chromium's Long Tasks API) from
 *   the refresh's start until the page has handed over every push it caused, nothing typed;
 * - `filter_during_refresh_ratio_2000`: the filter's keystrokes (./filter-steps.ts, timed as
 *   ./page-probes.ts's filterProbe times them) typed while a second full refresh lands, their p95
 *   ÷ the p95 of the same keystrokes typed idle just before, in the same page (after one pass
 *   unmeasured). Typing stops when the refresh has landed; the idle p95 is of as many
 *   keystrokes, from the first.
 *
 * The servers change nothing, so the list each keystroke must show is the same idle or not; the
 * refresh still reads every team, its instances and its devices again, and publishes each read.
 */
import type { Samples } from './budgets';
import { startBrowserParts } from './browser-figures';
import type { PageBridge } from './bridge';
import { onCleanup } from './cleanup';
import { filterSteps } from './filter-steps';
import { cacheFleet, stateOf, waitForIdle } from './fleet';
import { filterProbe } from './page-probes';
import { loadPopover } from './popover-load';
import { setFlag, startLongTasks, stopLongTasks } from './refresh-probes';
import { startRuntimeFleet, type RuntimeShape } from './runtime-figures';
import { makeTempDir } from '../../tests/support/conf-store';
import { startTestCore } from '../../tests/support/test-core';
import type { Core } from '../../main/core-types';
import type { Page } from '@playwright/test';
import { median, percentile } from './stats';
import { waitForDelivery } from './wait-figures';
import { deliveredProbe } from './wait-probes';

const SHAPE: RuntimeShape = { accounts: 10, teamsEach: 200, instancesEach: 3, devicesEach: 1 };
const LATENCY_MS = 25;
/** Fewer keystrokes typed while the refresh lands and the figure would say little. */
const MIN_KEYSTROKES = 10;
const IDLE_TIMEOUT_MS = 300_000;
const LANDED = '__benchRefreshLanded';

export async function measureRefreshLanding(
  runs: number,
): Promise<{ samples: Samples; notes: string[] }> {
  const ratio: number[] = [];
  const refreshing: number[] = [];
  const idle: number[] = [];
  const longTasks: number[] = [];
  const longest: number[] = [];
  const landing: number[] = [];
  const arrived: number[] = [];
  const typed: number[] = [];
  const total = SHAPE.accounts * SHAPE.teamsEach;
  const fleet = await startRuntimeFleet(SHAPE);
  const closeFleet = onCleanup(() => fleet.close());
  const temp = await makeTempDir('teamtray-bench-refresh-');
  const removeTemp = onCleanup(() => temp.cleanup());
  try {
    const cipher = await cacheFleet(temp.dir, fleet);
    for (const member of fleet.members) {
      member.server.addFault({ kind: 'latency', ms: LATENCY_MS });
    }
    const { renderer, browser, close: closeParts } = await startBrowserParts();
    try {
      for (let run = 0; run < runs; run += 1) {
        const test = await startTestCore({ dir: temp.dir, cipher, refreshOnStart: false });
        const closeCore = onCleanup(() => test.close());
        const opened = await loadPopover(browser, test.core, renderer, {
          stateVia: 'clone',
          teams: total,
        });
        try {
          const { page, bridge } = opened;
          const steps = filterSteps(await stateOf(test.core));
          // As the popover opens, main reads the teams on screen (watchTeams, after 300 ms).
          await pause(1_500);

          await page.evaluate(startLongTasks);
          const quiet = await landRefresh(test.core, page, bridge);
          const tasks = await page.evaluate(stopLongTasks);
          longTasks.push(tasks.count);
          longest.push(tasks.longestMs);
          landing.push(quiet.ms);
          arrived.push(quiet.arrived);

          // Once unmeasured, so that neither pass types into a cold page (JIT, style caches).
          await page.evaluate(filterProbe, { steps, timeoutMs: 10_000 });
          const idleMs = await page.evaluate(filterProbe, { steps, timeoutMs: 10_000 });
          await page.evaluate(setFlag, { name: LANDED, value: false });
          const typing = page.evaluate(filterProbe, {
            steps,
            timeoutMs: 10_000,
            stopWhen: LANDED,
          });
          // The typing must not stop at a failure of the refresh: it is stopped in any case.
          const landed = landRefresh(test.core, page, bridge).finally(() =>
            page.evaluate(setFlag, { name: LANDED, value: true }),
          );
          const [duringMs] = await Promise.all([typing, landed]);
          if (duringMs.length < MIN_KEYSTROKES) {
            throw new Error(
              `the refresh landed after ${duringMs.length} keystrokes, fewer than ${MIN_KEYSTROKES}`,
            );
          }
          if (opened.pageErrors.length > 0) {
            throw new Error(`the page failed: ${opened.pageErrors.join('; ')}`);
          }
          const during = percentile(duringMs, 95);
          const before = percentile(idleMs.slice(0, duringMs.length), 95);
          refreshing.push(during);
          idle.push(before);
          ratio.push(during / before);
          typed.push(duringMs.length);
        } finally {
          await opened.context.close();
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
  return {
    samples: {
      filter_during_refresh_ratio_2000: ratio,
      filter_p95_ms_2000_refreshing: refreshing,
      filter_p95_ms_2000_idle: idle,
      refresh_long_tasks_2000: longTasks,
      refresh_long_task_ms_2000: longest,
      refresh_landing_ms_2000: landing,
      refresh_pushes_arrived_2000: arrived,
    },
    notes: [
      `refresh_long_tasks_2000: a full refresh of ${total} teams, the servers at ${LATENCY_MS} ms a request; per run ${longTasks.join(', ')} task(s) over 50 ms (the longest ${longest.map((ms) => ms.toFixed(0)).join(', ')} ms) while ${arrived.join(', ')} pushes reached the page in ${landing.map((ms) => ms.toFixed(0)).join(', ')} ms; keystrokes typed while the second refresh landed: ${typed.join(', ')} (median ${median(typed).toFixed(0)})`,
    ],
  };
}

/**
 * Starts a full refresh and waits until main has read every team again (fetchedAt since its
 * start) and the page has handed over every push it caused: ms, and the pushes that arrived.
 */
async function landRefresh(
  core: Core,
  page: Page,
  bridge: PageBridge,
): Promise<{ readonly ms: number; readonly arrived: number }> {
  const before = await page.evaluate(deliveredProbe);
  const start = performance.now();
  const since = Date.now();
  await core.refreshAll();
  await waitForIdle(core, IDLE_TIMEOUT_MS, since);
  const delivered = await waitForDelivery(
    () => page.evaluate(deliveredProbe),
    () => bridge.pushesSent(),
  );
  return { ms: performance.now() - start, arrived: delivered.arrived - before.arrived };
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
