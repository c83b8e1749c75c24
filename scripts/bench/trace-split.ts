/**
 * Where a stretch of the page's main thread went, from a Chromium trace: the self time of every
 * traced slice between two moments, in buckets (script, style, layout, GC, HTML, paint, other),
 * and the time the thread ran no task at all (waiting, or not scheduled on a busy machine).
 *
 * The bench traces one extra load per run for this (tracing slows a page, so that load's times
 * count in no figure) and prints the medians: the page's boot and the renderer's own work.
 */
import { median } from './stats';

/** One event of Chrome's trace format; only complete ('X') slices and marks are read. */
export interface TraceEvent {
  readonly name: string;
  readonly cat?: string;
  readonly ph: string;
  readonly ts: number;
  readonly dur?: number;
  /** The thread's CPU time in the slice, µs (wall time minus time the thread was not running). */
  readonly tdur?: number;
  readonly pid: number;
  readonly tid: number;
}

const BUCKETS = ['script', 'style', 'layout', 'gc', 'html', 'paint', 'other', 'idle'] as const;
export type Bucket = (typeof BUCKETS)[number];
/** ms per bucket, and `cpu`: the thread's CPU time in the window (the buckets are wall time). */
export type Split = Record<Bucket | 'cpu', number>;

const STYLE = new Set(['UpdateLayoutTree', 'RecalculateStyles', 'ParseAuthorStyleSheet']);
const PAINT = new Set([
  'Paint',
  'PrePaint',
  'Layerize',
  'Commit',
  'UpdateLayer',
  'CompositeLayers',
]);
const SCRIPT = new Set([
  'FunctionCall',
  'EvaluateScript',
  'RunMicrotasks',
  'EventDispatch',
  'TimerFire',
  'FireAnimationFrame',
  'HandlePostMessage',
]);

export function bucketOf(name: string): Bucket {
  if (name.includes('GC')) return 'gc';
  if (name === 'Layout') return 'layout';
  if (STYLE.has(name)) return 'style';
  if (PAINT.has(name)) return 'paint';
  if (name === 'ParseHTML') return 'html';
  if (SCRIPT.has(name) || name.startsWith('v8.') || name.startsWith('V8.')) return 'script';
  return 'other';
}

/**
 * The main thread's time from `from` to `to` (trace µs) in ms per bucket (they sum to the span),
 * and its CPU time: on a busy machine a slice's wall time includes time the thread waited for a
 * core, which CPU time does not.
 */
export function splitWindow(
  events: readonly TraceEvent[],
  thread: { readonly pid: number; readonly tid: number },
  from: number,
  to: number,
): Split {
  const slices = events
    .filter(
      (event) =>
        event.ph === 'X' &&
        event.dur !== undefined &&
        event.pid === thread.pid &&
        event.tid === thread.tid &&
        event.ts < to &&
        event.ts + event.dur > from,
    )
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const clipped = (event: TraceEvent): number =>
    Math.max(0, Math.min(to, event.ts + (event.dur ?? 0)) - Math.max(from, event.ts));
  const split: Split = {
    script: 0,
    style: 0,
    layout: 0,
    gc: 0,
    html: 0,
    paint: 0,
    other: 0,
    idle: 0,
    cpu: 0,
  };
  const children = new Map<TraceEvent, number>();
  const stack: TraceEvent[] = [];
  let busy = 0;
  for (const event of slices) {
    while (stack.length > 0) {
      const top = stack[stack.length - 1];
      if (top === undefined || top.ts + (top.dur ?? 0) > event.ts) break;
      stack.pop();
    }
    const parent = stack[stack.length - 1];
    if (parent === undefined) {
      busy += clipped(event);
      // A task cut by the window counts its CPU time in proportion.
      const wall = event.dur ?? 0;
      if (wall > 0) split.cpu += ((event.tdur ?? wall) * clipped(event)) / wall / 1000;
    } else children.set(parent, (children.get(parent) ?? 0) + clipped(event));
    stack.push(event);
  }
  for (const event of slices) {
    split[bucketOf(event.name)] += (clipped(event) - (children.get(event) ?? 0)) / 1000;
  }
  split.idle = Math.max(0, to - from - busy) / 1000;
  return split;
}

/** The trace's time (µs) of the first mark with this name, and the thread it was set on. */
export function markOf(
  events: readonly TraceEvent[],
  name: string,
): { readonly ts: number; readonly pid: number; readonly tid: number } | null {
  const mark = events.find(
    (event) => event.name === name && (event.cat ?? '').includes('blink.user_timing'),
  );
  return mark === undefined ? null : { ts: mark.ts, pid: mark.pid, tid: mark.tid };
}

/** The median of each bucket over many splits, as one line. */
export function formatSplit(label: string, splits: readonly Split[]): string {
  if (splits.length === 0) return `  ${label}: not traced`;
  const parts = [...BUCKETS, 'cpu' as const].map(
    (bucket) => `${bucket} ${median(splits.map((split) => split[bucket])).toFixed(1)}`,
  );
  return `  ${label}: ${parts.join(', ')} (ms, medians; cpu: the main thread's CPU time)`;
}
