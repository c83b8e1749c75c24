/**
 * The figures `npm run bench` reports, in the order of its JSON line, with their budgets
 * (issue 6). A figure without a budget is reported, never judged.
 */
export const FIGURES = [
  { key: 'fanout_ratio', unit: '×', digits: 2, budget: 1.2 },
  { key: 'hung_server_others_ms', unit: 'ms', digits: 1, budget: 300 },
  { key: 'first_paint_ms_2000', unit: 'ms', digits: 1, budget: 150 },
  { key: 'filter_p95_ms_2000', unit: 'ms', digits: 1, budget: 16 },
  { key: 'rename_optimistic_ms', unit: 'ms', digits: 1, budget: 16 },
  { key: 'rename_roundtrip_ms', unit: 'ms', digits: 1, budget: null },
  { key: 'renderer_js_gzip_kb', unit: 'kB', digits: 1, budget: 40 },
  { key: 'main_js_kb', unit: 'kB', digits: 1, budget: null },
  { key: 'preload_js_kb', unit: 'kB', digits: 1, budget: null },
  { key: 'heap_mb_2000', unit: 'MB', digits: 1, budget: null },
] as const satisfies readonly FigureSpec[];

export interface FigureSpec {
  readonly key: string;
  readonly unit: string;
  /** Decimals kept in the JSON line and the table. */
  readonly digits: number;
  /** The largest value within budget, or null for a figure that is only reported. */
  readonly budget: number | null;
}

export type FigureKey = (typeof FIGURES)[number]['key'];

/** Every run of every figure; a figure's value is the median of its runs. */
export type Samples = Record<FigureKey, readonly number[]>;
