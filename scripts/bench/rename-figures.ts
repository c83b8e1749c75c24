/**
 * The rename's figures of one run (./browser-figures.ts), from several renames by the bench's
 * renameProbe (./page-probes.ts): one Enter is one sample, and a garbage collection or a burst of
 * load elsewhere decides it (the rename follows 62 filter keystrokes); the DOM's floor renames
 * several rows for the same reason (./floor-probes.ts).
 *
 * `rename_optimistic_ms` keeps its meaning, a rename's Enter (dispatched at the start of a frame)
 * to the end of the first frame whose row shows the new name, and is now per run the median of
 * RENAMES_PER_RUN Enters; `rename_roundtrip_ms` likewise (Enter to the name confirmed), and
 * `rename_ratio` is that median ÷ the empty popover's median keystroke of the same run.
 */
import type { RenameProbeResult } from './page-probes';
import { median } from './stats';

/** Enters per run: odd, so the median is one of them. */
export const RENAMES_PER_RUN = 5;

/** The names one run gives, each new to the server (a rename to the name it has sends nothing). */
export function renameNames(run: number, stamp: string, count = RENAMES_PER_RUN): string[] {
  return Array.from(
    { length: count },
    (_, turn) => `Renamed in run ${run + 1}, ${turn + 1} of ${count} ${stamp}`,
  );
}

export interface RenameRunFigures {
  readonly optimisticMs: number;
  readonly roundtripMs: number;
  readonly ratio: number;
  /** The different teams renamed. */
  readonly teams: number;
}

export function renameRunFigures(
  results: readonly RenameProbeResult[],
  keystrokeMedianMs: number,
): RenameRunFigures {
  if (results.length < RENAMES_PER_RUN) {
    throw new Error(`${results.length} renames measured, fewer than ${RENAMES_PER_RUN}`);
  }
  const optimisticMs = median(results.map((result) => result.optimisticMs));
  return {
    optimisticMs,
    roundtripMs: median(results.map((result) => result.roundtripMs)),
    ratio: optimisticMs / keystrokeMedianMs,
    teams: new Set(results.map((result) => result.key)).size,
  };
}
