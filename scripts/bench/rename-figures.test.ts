import { expect, it } from 'vitest';
import type { RenameProbeResult } from './page-probes';
import { RENAMES_PER_RUN, renameNames, renameRunFigures } from './rename-figures';

const result = (key: string, optimisticMs: number, roundtripMs: number): RenameProbeResult => ({
  key,
  name: `${key} renamed`,
  optimisticMs,
  roundtripMs,
});

it('takes several Enters a run, each to a name new to the server', () => {
  expect(RENAMES_PER_RUN).toBeGreaterThanOrEqual(5);
  const names = renameNames(0, 'x');
  expect(names).toHaveLength(RENAMES_PER_RUN);
  expect(new Set(names).size).toBe(RENAMES_PER_RUN);
  expect(renameNames(1, 'x').some((name) => names.includes(name))).toBe(false);
});

it('gives the median Enter of the run, so one slow Enter does not decide the figure', () => {
  const figures = renameRunFigures(
    [
      result('a/1', 48, 400),
      result('a/3', 5, 210),
      result('a/5', 6, 220),
      result('a/1', 4, 205),
      result('a/3', 7, 230),
    ],
    2,
  );
  expect(figures.optimisticMs).toBe(6);
  expect(figures.roundtripMs).toBe(220);
  expect(figures.ratio).toBe(3);
  expect(figures.teams).toBe(3);
});

it('refuses a run with fewer Enters than it takes', () => {
  expect(() => renameRunFigures([result('a/1', 5, 200)], 2)).toThrow(/fewer than/);
});
