/**
 * One more cold load of the popover, traced (./trace-split.ts): where the page's boot and the
 * renderer's own work went on its main thread. Tracing slows the page, so this load's times count
 * in no figure; only the shares matter.
 */
import type { Browser } from '@playwright/test';
import type { Core } from '../../main/core-types';
import { BENCH_MARKS } from './bridge';
import { loadPopover } from './popover-load';
import type { RendererServer } from './renderer-server';
import { markOf, splitWindow, type Split, type TraceEvent } from './trace-split';

export interface LoadSplit {
  /** Navigation start → the renderer's bundle has run. */
  readonly boot: Split;
  /** The renderer has the state → first teams laid out (with no teams: its view laid out). */
  readonly render: Split;
}

const CATEGORIES = [
  'devtools.timeline',
  'blink.user_timing',
  'v8.execute',
  'disabled-by-default-devtools.timeline',
];

export async function tracedLoad(
  browser: Browser,
  core: Core,
  renderer: RendererServer,
  teams: number,
): Promise<LoadSplit> {
  let tracing = false;
  const loaded = await loadPopover(browser, core, renderer, {
    stateVia: 'clone',
    teams,
    async beforeLoad(page) {
      await browser.startTracing(page, { categories: CATEGORIES });
      tracing = true;
    },
  }).catch(async (error: unknown) => {
    if (tracing) await browser.stopTracing();
    throw error;
  });
  try {
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as {
      readonly traceEvents: readonly TraceEvent[];
    };
    const events = trace.traceEvents;
    const received = markOf(events, 'teamtray:state-received');
    const end = markOf(events, teams > 0 ? 'teamtray:first-teams' : BENCH_MARKS.viewLaidOut);
    const evaluated = markOf(events, BENCH_MARKS.evaluated);
    if (received === null || end === null || evaluated === null) {
      throw new Error('the trace lacks the renderer marks');
    }
    // The marks' times in the page are ms since navigation start: that start in trace µs.
    const navigation = received.ts - loaded.times.stateReceived * 1000;
    return {
      boot: splitWindow(events, received, navigation, evaluated.ts),
      render: splitWindow(events, received, received.ts, end.ts),
    };
  } finally {
    await loaded.context.close();
  }
}
