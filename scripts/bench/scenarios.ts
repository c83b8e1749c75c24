/**
 * Every scenario `npm run bench` runs, in order. A scenario is one function that returns samples
 * for figures of ./budgets.ts (and lines to print under the table); adding one is that function,
 * its row here and its figures' rows in budgets.ts. A refresh of another fleet is
 * `measureRefresh(runs, { startFleet, latencyMs, http, done })` from ./node-figures.ts; a popover
 * over another fleet is `measurePopover(runs, { accounts, teamsEach, startFleet })`, as the
 * runtime's in ./runtime-scenarios.ts.
 */
import { join } from 'node:path';
import { measureActionPost } from './action-figures';
import { SCALE_MEASURES, SCALE_TEAMS, scaleKey, type FigureKey, type Samples } from './budgets';
import { measurePopover } from './browser-figures';
import { formatSteps, loadSteps } from './first-paint-steps';
import { formatPaths, measureFanout, measureHung } from './node-figures';
import { measureRuntimeRefresh } from './runtime-figures';
import { RUNTIME_POPOVER_SCENARIOS } from './runtime-scenarios';
import { measureSizes } from './sizes';
import { storeWorkNote } from './store-work';
import { formatSplit } from './trace-split';
import { measureDomFloor } from './dom-floor';
import { measureFlowFuse } from './flowfuse-figures';
import { measureScale } from './scale-figures';
import { measureRefreshLanding } from './refresh-figures';
import { measureWaits } from './wait-figures';
import { measureWire } from './wire-figures';

export type Group =
  | 'sizes'
  | 'wire'
  | 'node'
  | 'action'
  | 'browser'
  | 'floor'
  | 'wait'
  | 'refresh'
  | 'scale'
  | 'flowfuse';
export const GROUPS: readonly Group[] = [
  'sizes',
  'wire',
  'node',
  'action',
  'browser',
  'floor',
  'wait',
  'refresh',
  'scale',
  'flowfuse',
];

interface ScenarioResult {
  readonly samples: Samples;
  /** Printed under the table: where a figure's time or bytes went. */
  readonly notes?: readonly string[];
}

export interface Scenario {
  /** BENCH_ONLY picks scenarios by group. */
  readonly group: Group;
  /**
   * The figures it measures: a run that throws, or comes back without one of them, names those
   * as missing (./run.ts) and the bench goes on with the next scenario.
   */
  readonly figures: readonly FigureKey[];
  /** The progress line. */
  title(runs: number): string;
  run(runs: number): Promise<ScenarioResult>;
}

const ROOT = join(import.meta.dirname, '..', '..');

export const SCENARIOS: readonly Scenario[] = [
  {
    group: 'sizes',
    figures: ['renderer_js_gzip_kb', 'renderer_js_all_gzip_kb', 'main_js_kb', 'preload_js_kb'],
    title: () => 'built sizes (out/)',
    async run() {
      const sizes = await measureSizes(join(ROOT, 'out'));
      return {
        samples: Object.fromEntries(Object.entries(sizes).map(([key, value]) => [key, [value]])),
      };
    },
  },
  {
    group: 'wire',
    figures: ['rename_bytes', 'status_push_bytes', 'refresh_pushes_2000', 'refresh_patch_kb_2000'],
    title: () =>
      'patches over the bridge: 2,000 teams with instances and devices, a rename, a refresh',
    run: () => measureWire(),
  },
  {
    group: 'node',
    figures: ['fanout_ratio', 'fanout_requests'],
    title: (runs) => `fan-out: 10 accounts answering in 250 ms, ${runs} runs`,
    async run(runs) {
      const fanout = await measureFanout(runs);
      return {
        samples: { fanout_ratio: fanout.ratios, fanout_requests: fanout.requests },
        notes: [`fanout_requests, the last run: ${formatPaths(fanout.paths)}`],
      };
    },
  },
  {
    group: 'node',
    figures: ['hung_server_others_ms'],
    title: (runs) => `one account hung, nine answering in 250 ms, ${runs} runs`,
    async run(runs) {
      return { samples: { hung_server_others_ms: await measureHung(runs) } };
    },
  },
  {
    group: 'node',
    figures: ['runtime_refresh_bound_ratio', 'runtime_refresh_ratio', 'runtime_refresh_requests'],
    title: (runs) =>
      `runtime: 5 accounts × 20 teams × (10 instances + 5 devices), a full refresh, ${runs} runs`,
    async run(runs) {
      const refresh = await measureRuntimeRefresh(runs);
      return {
        samples: {
          runtime_refresh_bound_ratio: refresh.boundRatios,
          runtime_refresh_ratio: refresh.ratios,
          runtime_refresh_requests: refresh.requests,
        },
        notes: [`runtime_refresh_requests, the last run: ${formatPaths(refresh.paths)}`],
      };
    },
  },
  {
    group: 'action',
    figures: [
      'action_post_ratio_refresh',
      'action_post_ms_refresh',
      'action_poll_ms_refresh',
      'action_post_requests_before',
      'server_latency_ms_refresh',
    ],
    title: (runs) =>
      `a Stop clicked while 200 teams refresh, the server at 100 ms a request, ${runs} runs`,
    run: (runs) => measureActionPost(runs),
  },
  {
    group: 'browser',
    figures: [
      'first_paint_ms_2000',
      'first_paint_ms_empty',
      'first_paint_ratio',
      'first_paint_floor_ms',
      'first_paint_app_ms_2000',
      'first_paint_app_floor_ratio_2000',
      'first_paint_binding_ms_2000',
      'renderer_work_ms_2000',
      'renderer_cpu_ms_2000',
      'renderer_cpu_ms_empty',
      'transport_clone_ms_2000',
      'transport_binding_ms_2000',
      'filter_p95_ms_2000',
      'keystroke_p95_ms_empty',
      'keystroke_median_ms_empty',
      'filter_ratio',
      'rename_optimistic_ms',
      'rename_ratio',
      'rename_roundtrip_ms',
      'heap_mb_2000',
    ],
    title: (runs) => `popover in Chromium: 2,000 cached teams and none, ${runs} runs`,
    async run(runs) {
      const popover = await measurePopover(runs, { accounts: 10, teamsEach: 200 });
      const first = (times: { readonly firstTeams: number }): number => times.firstTeams;
      const view = (times: { readonly viewLaidOut: number }): number => times.viewLaidOut;
      return {
        samples: {
          first_paint_ms_2000: popover.firstPaintMs,
          first_paint_ms_empty: popover.firstPaintEmptyMs,
          first_paint_ratio: popover.firstPaintRatio,
          first_paint_floor_ms: popover.firstPaintFloorMs,
          first_paint_app_ms_2000: popover.firstPaintAppMs,
          first_paint_app_floor_ratio_2000: popover.firstPaintAppFloorRatio,
          first_paint_binding_ms_2000: popover.firstPaintBindingMs,
          renderer_work_ms_2000: popover.rendererWorkMs,
          renderer_cpu_ms_2000: popover.splits.full.map((split) => split.render.cpu),
          renderer_cpu_ms_empty: popover.splits.empty.map((split) => split.render.cpu),
          transport_clone_ms_2000: popover.transportCloneMs,
          transport_binding_ms_2000: popover.transportBindingMs,
          filter_p95_ms_2000: popover.filterP95Ms,
          keystroke_p95_ms_empty: popover.keystrokeP95EmptyMs,
          keystroke_median_ms_empty: popover.keystrokeMedianEmptyMs,
          filter_ratio: popover.filterRatio,
          rename_optimistic_ms: popover.renameOptimisticMs,
          rename_ratio: popover.renameRatio,
          rename_roundtrip_ms: popover.renameRoundtripMs,
          heap_mb_2000: popover.heapMb,
        },
        notes: [
          formatSteps(
            'first_paint_ms_2000 (state as a structured clone)',
            '2,000 teams laid out',
            popover.loads.clone.map((times) => loadSteps(times, first(times))),
          ),
          formatSteps(
            'first_paint_binding_ms_2000 (state over the DevTools binding)',
            '2,000 teams laid out',
            popover.loads.binding.map((times) => loadSteps(times, first(times))),
          ),
          formatSteps(
            'first_paint_ms_empty (no account)',
            'its view laid out',
            popover.loads.empty.map((times) => loadSteps(times, view(times))),
          ),
          [
            'Where the main thread went (one traced load of each popover per run):',
            formatSplit(
              "the page's boot, navigation start -> bundle has run",
              popover.splits.full.map((split) => split.boot),
            ),
            formatSplit(
              "the renderer's work, state -> 2,000 teams laid out",
              popover.splits.full.map((split) => split.render),
            ),
            formatSplit(
              "no account: the renderer's work, state -> its view laid out",
              popover.splits.empty.map((split) => split.render),
            ),
            ...(popover.state === null ? [] : [storeWorkNote(popover.state)]),
          ].join('\n'),
          `rename_optimistic_ms, per run the median of its Enters (ms): ${popover.renameEnters
            .map((run) => `${run.ms.map((ms) => ms.toFixed(1)).join(', ')} over ${run.teams} teams`)
            .join('; ')}`,
        ],
      };
    },
  },
  ...RUNTIME_POPOVER_SCENARIOS,
  {
    group: 'floor',
    figures: [
      'filter_dom_floor_ratio',
      'filter_dom_floor_p95_ms',
      'rename_dom_floor_ratio',
      'rename_dom_floor_ms',
      'keystroke_p95_ms_empty_floor',
      'keystroke_median_ms_empty_floor',
      'filter_floor_ratio_2000',
      'filter_p95_ms_2000_floor',
    ],
    title: (runs) =>
      `the DOM's own floor: the filter and a rename done by hand over 2,000 teams, ${runs} runs`,
    run: (runs) => measureDomFloor(runs),
  },
  {
    group: 'wait',
    figures: [
      'show_ms_2000',
      'show_ratio_2000',
      'action_feedback_ms',
      'action_feedback_ratio',
      'action_dom_floor_ms',
      'action_dom_floor_ratio',
      'action_floor_ratio',
      'keystroke_median_ms_empty_wait',
    ],
    title: (runs) =>
      `what a user waits for: the hidden popover shown after a refresh of 2,000 teams, a click on Stop, ${runs} runs`,
    async run(runs) {
      const waits = await measureWaits(runs);
      return {
        samples: {
          show_ms_2000: waits.showMs,
          show_ratio_2000: waits.showRatio,
          action_feedback_ms: waits.actionMs,
          action_feedback_ratio: waits.actionRatio,
          action_dom_floor_ms: waits.actionFloorMs,
          action_dom_floor_ratio: waits.actionFloorRatio,
          action_floor_ratio: waits.actionOverFloor,
          keystroke_median_ms_empty_wait: waits.keystrokeMedianMs,
        },
        notes: waits.notes,
      };
    },
  },
  {
    group: 'refresh',
    figures: [
      'filter_during_refresh_ratio_2000',
      'filter_p95_ms_2000_refreshing',
      'filter_p95_ms_2000_idle',
      'refresh_long_tasks_2000',
      'refresh_long_task_ms_2000',
      'refresh_landing_ms_2000',
      'refresh_pushes_arrived_2000',
    ],
    title: (runs) =>
      `a full refresh of 2,000 teams landing in the open popover: long tasks, the filter typed meanwhile, ${runs} runs`,
    run: (runs) => measureRefreshLanding(runs),
  },
  {
    group: 'scale',
    figures: [
      'filter_scale_ratio_5000_100',
      'first_paint_scale_ratio_5000_1000',
      ...SCALE_TEAMS.flatMap((teams) => SCALE_MEASURES.map((measure) => scaleKey(measure, teams))),
    ],
    title: (runs) =>
      `how cost grows: 10 to 5,000 teams with 3 instances and 1 device each, ${runs} runs each`,
    run: (runs) =>
      measureScale(runs, (line) => {
        console.log(line);
      }),
  },
  {
    group: 'flowfuse',
    figures: [
      'flowfuse_web_ratio',
      'flowfuse_web_ms',
      'flowfuse_teamtray_ms',
      'flowfuse_web_script_gzip_kb',
      'flowfuse_teamtray_script_gzip_kb',
    ],
    title: (runs) =>
      `FlowFuse 2.4.0's web UI beside the popover: three teams' instance states, ${runs} runs`,
    run: (runs) => measureFlowFuse(runs),
  },
];
