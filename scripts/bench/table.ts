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
    const unit = spec.unit === '×' || spec.unit === '' ? '' : ` ${spec.unit}`;
    const budget: number | null = spec.budget;
    return [
      verdict.key,
      `${round(verdict.value, spec.digits).toFixed(spec.digits)}${unit}`,
      budget === null ? '-' : `≤ ${budget}${unit}`,
      budget === null ? 'info' : verdict.over ? 'OVER' : 'ok',
      runsText(verdict, spec.digits),
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

/** Every run when there are few; the range when there are many. */
function runsText(verdict: Verdict, digits: number): string {
  if (verdict.runs === 1) return '1';
  const shown = verdict.samples.map((sample) => sample.toFixed(digits));
  if (verdict.runs <= 6) return `${verdict.runs}: ${shown.join(' ')}`;
  const low = Math.min(...verdict.samples).toFixed(digits);
  const high = Math.max(...verdict.samples).toFixed(digits);
  return `${verdict.runs}: ${low} … ${high}`;
}
