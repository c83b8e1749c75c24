/**
 * The human-readable tables printed above the JSON line: every figure with its budget, a ratio
 * with the two figures of the same run it divides (./budgets.ts's `of`), and the scale table.
 */
import {
  FIGURES,
  ISSUE_BUDGETS,
  SCALE_MEASURES,
  SCALE_TEAMS,
  scaleKey,
  type FigureKey,
  type FigureSpec,
} from './budgets';
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
  const header = ['figure', 'median', 'budget', 'status', 'of (medians, same runs)', 'runs'];
  const byKey = new Map(verdicts.map((verdict) => [verdict.key as string, verdict.value]));
  const rows = verdicts.map((verdict) => {
    const spec = specOf(verdict.key);
    const unit = unitText(spec);
    const budget: number | null = spec.budget;
    return [
      verdict.key,
      `${round(verdict.value, spec.digits).toFixed(spec.digits)}${unit}`,
      budget === null ? '-' : `≤ ${budget}${unit}`,
      budget === null ? 'info' : verdict.over ? 'OVER' : 'ok',
      besideText(spec, byKey),
      runsText(verdict, spec.digits),
    ];
  });
  return columns(header, rows);
}

function specOf(key: string): FigureSpec {
  const spec: FigureSpec | undefined = FIGURES.find((figure) => figure.key === key);
  if (spec === undefined) throw new Error(`unknown figure ${key}`);
  return spec;
}

function unitText(spec: FigureSpec): string {
  return spec.unit === '×' || spec.unit === '' ? '' : ` ${spec.unit}`;
}

/**
 * "123.0 ms ÷ 110.0 ms (first_paint_app_ms_2000 ÷ first_paint_floor_ms)", and for a budgeted
 * ratio the floor of the same run beside it; '' for a figure that is no ratio.
 */
export function besideText(spec: FigureSpec, values: ReadonlyMap<string, number>): string {
  if (spec.of === undefined) return '';
  const [top, bottom] = spec.of;
  const shown = (key: string): string => {
    const value = values.get(key);
    if (value === undefined) return '?';
    const of = specOf(key);
    return `${value.toFixed(of.digits)}${unitText(of)}`;
  };
  const parts = `${shown(top)} ÷ ${shown(bottom)} (${top} ÷ ${bottom})`;
  // The machine's floor beside every budgeted ratio: what a page costs here before any renderer.
  const floor = values.get('first_paint_floor_ms');
  if (spec.budget === null || floor === undefined || spec.of.includes('first_paint_floor_ms')) {
    return parts;
  }
  return `${parts}; floor ${floor.toFixed(1)} ms`;
}

/**
 * How cost grows: one row per team count, one column per measure (./budgets.ts's SCALE_), the
 * medians; a cell with no figure shows '-'.
 */
export function formatScaleTable(values: ReadonlyMap<string, number>): string {
  const header = ['teams', ...SCALE_MEASURES];
  const rows = SCALE_TEAMS.map((teams) => [
    teams.toLocaleString('en-US'),
    ...SCALE_MEASURES.map((measure) => {
      const key = scaleKey(measure, teams);
      const value = values.get(key);
      return value === undefined ? '-' : value.toFixed(specOf(key).digits);
    }),
  ]);
  return columns(header, rows);
}

/**
 * Issue 30's budgets, one row each (./budgets.ts's ISSUE_BUDGETS): the figures' medians, the
 * budget and the row's verdict: ok, OVER (which figure), or missing (this run could not measure
 * it, or its group was not run).
 */
export function formatBudgets(values: ReadonlyMap<string, number>): string {
  const header = ['budget', 'figures (medians)', 'verdict'];
  const rows = ISSUE_BUDGETS.map((keys) => {
    const specs = keys.map(specOf);
    const budget = specs[0]?.budget ?? null;
    const unit = specs[0] === undefined ? '' : unitText(specs[0]);
    const shown = specs.map((spec) => {
      const value = values.get(spec.key);
      return `${spec.key} ${value === undefined ? '?' : `${value.toFixed(spec.digits)}${unitText(spec)}`}`;
    });
    const missing = keys.filter((key) => !values.has(key));
    const over = specs.filter((spec) => {
      const value = values.get(spec.key);
      return spec.budget !== null && value !== undefined && value > spec.budget;
    });
    const verdict =
      over.length > 0
        ? `OVER (${over.map((spec) => spec.key).join(', ')})`
        : missing.length > 0
          ? `missing (${missing.join(', ')})`
          : 'ok';
    return [budget === null ? '-' : `≤ ${budget}${unit}`, shown.join(', '), verdict];
  });
  return columns(header, rows);
}

function columns(header: readonly string[], rows: readonly (readonly string[])[]): string {
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
