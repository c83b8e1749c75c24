/**
 * Where a load's first paint went, as steps that really follow each other. Two things start at
 * navigation and run at the same time: the page (the renderer's script arrives and runs) and the
 * state (preload's prefetch asks main, the answer crosses into the page). The renderer has the
 * state once both are done; its own work (the store's tables and index, Lit's render, layout)
 * follows. So the page's and the state's steps are each sequential, and the critical path is:
 * the later of the two, the hand-over, the renderer's work. The marks come in that order by
 * construction (./bridge-page.ts), so a negative step would mean a broken mark, and shows.
 */
import type { LoadTimes } from './popover-load';
import { median } from './stats';

export interface LoadSteps {
  /** The page: navigation start → the renderer's script arrived. */
  readonly scriptFetch: number;
  /** The page: script arrived → the bundle has run (parse, compile, evaluate). */
  readonly scriptRun: number;
  /** The state: navigation start → preload sent getState. */
  readonly untilSent: number;
  /** The state: getState sent → the answer is an object in the page (the transport). */
  readonly transport: number;
  /** True when the state was ready after the page: the transport was on the critical path. */
  readonly stateWasLater: boolean;
  /**
   * The later of page and state → the renderer's store has the state. When the state came first,
   * the app shell's first render (queued while the bundle ran) goes before the store's turn.
   */
  readonly handOver: number;
  /** The store has the state → the end mark (first teams laid out, or the view laid out). */
  readonly rendererWork: number;
  /** Navigation start → the end mark. */
  readonly total: number;
}

/** The steps of one load, ending at `end` (a time in `times`: first teams or view laid out). */
export function loadSteps(times: LoadTimes, end: number): LoadSteps {
  const missing = Object.entries(times).filter(
    ([name, value]) => value < 0 && name !== 'firstTeams',
  );
  if (missing.length > 0 || end < 0) {
    const names = missing.map(([name]) => name).join(', ');
    throw new Error(`a load lacks marks: ${names === '' ? 'its end' : names}`);
  }
  const pageReady = times.evaluated;
  const bothReady = Math.max(pageReady, times.stateArrived);
  return {
    scriptFetch: times.scriptLoaded,
    scriptRun: times.evaluated - times.scriptLoaded,
    untilSent: times.stateSent,
    transport: times.stateArrived - times.stateSent,
    stateWasLater: times.stateArrived > pageReady,
    handOver: times.stateReceived - bothReady,
    rendererWork: end - times.stateReceived,
    total: end,
  };
}

/** The steps of many loads as text: the median of each step, and how often the state was later. */
export function formatSteps(title: string, endLabel: string, loads: readonly LoadSteps[]): string {
  if (loads.length === 0) return `${title}: no loads`;
  const at = (pick: (steps: LoadSteps) => number): string =>
    median(loads.map(pick)).toFixed(1).padStart(7);
  const later = loads.filter((steps) => steps.stateWasLater).length;
  const line = (label: string, value: string, note = ''): string =>
    `  ${label.padEnd(58)}${value} ms${note === '' ? '' : `  ${note}`}`;
  return [
    `${title}, step by step (median of each step over ${loads.length} loads):`,
    '  at the same time from navigation start:',
    line(
      '  the page:  navigation start -> renderer script arrived',
      at((s) => s.scriptFetch),
    ),
    line(
      '             script arrived -> bundle has run',
      at((s) => s.scriptRun),
    ),
    line(
      '  the state: navigation start -> getState sent',
      at((s) => s.untilSent),
    ),
    line(
      '             getState sent -> state in the page (transport)',
      at((s) => s.transport),
    ),
    '  then one after the other:',
    line(
      'the later of the two -> the store has it (app shell first)',
      at((s) => s.handOver),
      `(the state was the later in ${later} of ${loads.length} loads)`,
    ),
    line(
      `the renderer has the state -> ${endLabel}`,
      at((s) => s.rendererWork),
    ),
    line(
      '= navigation start -> the end',
      at((s) => s.total),
    ),
  ].join('\n');
}
