/** The human-readable table printed above the JSON line. */
import { FIGURES, type FigureKey } from './budgets';
import { round } from './stats';

export interface Verdict {
  readonly key: FigureKey;
  readonly value: number;
  readonly runs: number;
  /** Every run, rounded, so a noisy figure shows as noisy. */
  readonly samples: readonly number[];
  readonly over: boolean;
}

export function formatTable(verdicts: readonly Verdict[]): string {
  const header = ['figure', 'median', 'budget', 'status', 'runs'];
  const rows = verdicts.map((verdict) => {
    const spec = FIGURES.find((figure) => figure.key === verdict.key);
    if (spec === undefined) throw new Error(`unknown figure ${verdict.key}`);
    const unit = spec.unit === '×' ? '' : ` ${spec.unit}`;
    const budget: number | null = spec.budget;
    return [
      verdict.key,
      `${round(verdict.value, spec.digits).toFixed(spec.digits)}${unit}`,
      budget === null ? '-' : `≤ ${budget}${unit}`,
      budget === null ? 'info' : verdict.over ? 'OVER' : 'ok',
      verdict.runs === 1
        ? '1'
        : `${verdict.runs}: ${verdict.samples.map((sample) => sample.toFixed(spec.digits)).join(' ')}`,
    ];
  });
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join(
    '\n',
  );
}
