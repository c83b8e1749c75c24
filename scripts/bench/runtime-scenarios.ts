/**
 * The popover with instances and devices cached (issues 11 and 15): the same loads as the 2,000
 * teams' scenario, with every team's runtime read into the cache before the runs.
 *
 * - issue 11's fleet, 5 accounts × 20 teams × (10 instances + 5 devices): first paint only;
 * - 2,000 teams (10 accounts × 200) with 3 instances and 1 device each: first paint and the
 *   filter, which searches instance and device names too.
 */
import type { Samples } from './budgets';
import { measurePopover } from './browser-figures';
import { formatSteps, loadSteps } from './first-paint-steps';
import { RUNTIME_FLEET, startRuntimeFleet, type RuntimeShape } from './runtime-figures';
import type { Scenario } from './scenarios';

const LARGE: RuntimeShape = { accounts: 10, teamsEach: 200, instancesEach: 3, devicesEach: 1 };

const describe = (shape: RuntimeShape): string =>
  `${shape.accounts} accounts × ${shape.teamsEach} teams × (${shape.instancesEach} instances + ${shape.devicesEach} devices)`;

export const RUNTIME_POPOVER_SCENARIOS: readonly Scenario[] = [
  {
    group: 'browser',
    figures: ['first_paint_ms_runtime', 'first_paint_ratio_runtime'],
    title: (runs) => `popover in Chromium, ${describe(RUNTIME_FLEET)} cached, ${runs} runs`,
    async run(runs) {
      const popover = await measurePopover(runs, {
        accounts: RUNTIME_FLEET.accounts,
        teamsEach: RUNTIME_FLEET.teamsEach,
        startFleet: () => startRuntimeFleet(RUNTIME_FLEET),
        interactions: false,
        floor: false,
      });
      const samples: Samples = {
        first_paint_ms_runtime: popover.firstPaintMs,
        first_paint_ratio_runtime: popover.firstPaintRatio,
      };
      return {
        samples,
        notes: [
          formatSteps(
            `first_paint_ms_runtime (${describe(RUNTIME_FLEET)})`,
            'the teams laid out',
            popover.loads.clone.map((times) => loadSteps(times, times.firstTeams)),
          ),
        ],
      };
    },
  },
  {
    group: 'browser',
    figures: [
      'first_paint_ms_2000_runtime',
      'first_paint_ratio_2000_runtime',
      'first_paint_app_ms_2000_runtime',
      'first_paint_floor_ms_2000_runtime',
      'first_paint_app_floor_ratio_2000_runtime',
      'filter_p95_ms_2000_runtime',
      'keystroke_p95_ms_empty_runtime',
      'main_heap_mb_2000_runtime',
      'main_tree_mb_2000_runtime',
      'filter_ratio_2000_runtime',
    ],
    title: (runs) => `popover in Chromium, ${describe(LARGE)} cached, ${runs} runs`,
    async run(runs) {
      const popover = await measurePopover(runs, {
        accounts: LARGE.accounts,
        teamsEach: LARGE.teamsEach,
        startFleet: () => startRuntimeFleet(LARGE),
        mainHeap: true,
      });
      const samples: Samples = {
        first_paint_ms_2000_runtime: popover.firstPaintMs,
        first_paint_ratio_2000_runtime: popover.firstPaintRatio,
        first_paint_app_ms_2000_runtime: popover.firstPaintAppMs,
        first_paint_floor_ms_2000_runtime: popover.firstPaintFloorMs,
        first_paint_app_floor_ratio_2000_runtime: popover.firstPaintAppFloorRatio,
        filter_p95_ms_2000_runtime: popover.filterP95Ms,
        keystroke_p95_ms_empty_runtime: popover.keystrokeP95EmptyMs,
        main_heap_mb_2000_runtime: popover.mainHeapMb,
        main_tree_mb_2000_runtime: popover.mainTreeMb,
        filter_ratio_2000_runtime: popover.filterRatio,
      };
      return {
        samples,
        notes: [
          formatSteps(
            `first_paint_ms_2000_runtime (${describe(LARGE)})`,
            '2,000 teams laid out',
            popover.loads.clone.map((times) => loadSteps(times, times.firstTeams)),
          ),
        ],
      };
    },
  },
];
