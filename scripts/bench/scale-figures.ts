/**
 * How cost grows (issue 22): the popover over 10 accounts whose teams, 10 to 5,000 in all, have
 * 3 instances and 1 device each, cached. Per team count: first paint (navigation start to the
 * first teams laid out, state as a clone), the filter's p95, getState's clone time in Node (V8's
 * serializer, as Electron's IPC: main serializes, the page deserializes) and the page's JS heap
 * after GC. A keystroke must not grow with the teams (the filter at 5,000 ÷ at 100 ≤ 1.5), first
 * paint at most linearly (5,000 ÷ 1,000 ≤ 5).
 */
import { deserialize, serialize } from 'node:v8';
import type { TeamtrayState } from '../../common/state';
import { SCALE_TEAMS, scaleKey, type Samples, type ScaleTeams } from './budgets';
import { measurePopover } from './browser-figures';
import { startRuntimeFleet, type RuntimeShape } from './runtime-figures';
import { median } from './stats';

const ACCOUNTS = 10;
const CLONE_REPEATS = 5;

export function scaleShape(teams: ScaleTeams): RuntimeShape {
  const teamsEach = Math.ceil(teams / ACCOUNTS);
  return { accounts: ACCOUNTS, teamsEach, instancesEach: 3, devicesEach: 1 };
}

/** ms to serialize and deserialize getState's answer as Electron's IPC does, median of a few. */
export function cloneMs(state: TeamtrayState): number {
  const answer = { ok: true, value: { version: 0, state } };
  const times: number[] = [];
  for (let repeat = 0; repeat < CLONE_REPEATS; repeat += 1) {
    const start = performance.now();
    const copy = deserialize(serialize(answer)) as typeof answer;
    times.push(performance.now() - start);
    if (copy.value.state.accounts.length !== state.accounts.length) throw new Error('a bad clone');
  }
  return median(times);
}

export async function measureScale(
  runs: number,
  say: (line: string) => void,
): Promise<{ samples: Samples; notes: string[] }> {
  const samples: Record<string, number[]> = {};
  const perRun: Partial<Record<ScaleTeams, { firstPaint: number[]; filter: number[] }>> = {};
  for (const teams of SCALE_TEAMS) {
    say(`  ${teams.toLocaleString('en-US')} teams`);
    const shape = scaleShape(teams);
    const popover = await measurePopover(runs, {
      accounts: shape.accounts,
      teamsEach: shape.teamsEach,
      startFleet: () => startRuntimeFleet(shape),
      floor: false,
      lean: true,
    });
    if (popover.state === null) throw new Error(`no state at ${teams} teams`);
    samples[scaleKey('first_paint_ms', teams)] = popover.firstPaintMs;
    samples[scaleKey('filter_p95_ms', teams)] = popover.filterP95Ms;
    samples[scaleKey('heap_mb', teams)] = popover.heapMb;
    samples[scaleKey('state_clone_ms', teams)] = [cloneMs(popover.state)];
    perRun[teams] = { firstPaint: popover.firstPaintMs, filter: popover.filterP95Ms };
  }
  const ratios = (top: number[] | undefined, bottom: number[] | undefined): number[] =>
    top === undefined || bottom === undefined ? [] : [median(top) / median(bottom)];
  return {
    samples: {
      ...samples,
      filter_scale_ratio_5000_100: ratios(perRun[5000]?.filter, perRun[100]?.filter),
      first_paint_scale_ratio_5000_1000: ratios(perRun[5000]?.firstPaint, perRun[1000]?.firstPaint),
    },
    notes: [],
  };
}
