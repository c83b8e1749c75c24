import { describe, expect, it } from 'vitest';
import { bucketOf, formatSplit, markOf, splitWindow, type TraceEvent } from './trace-split';

const thread = { pid: 1, tid: 1 };
const slice = (name: string, ts: number, dur: number, tid = 1, tdur = dur): TraceEvent => ({
  name,
  ph: 'X',
  ts,
  dur,
  tdur,
  pid: 1,
  tid,
});

describe('bucketOf', () => {
  it('sorts Chromium slices into buckets', () => {
    expect(bucketOf('MinorGC')).toBe('gc');
    expect(bucketOf('V8.GC_SCAVENGER')).toBe('gc');
    expect(bucketOf('Layout')).toBe('layout');
    expect(bucketOf('UpdateLayoutTree')).toBe('style');
    expect(bucketOf('RunMicrotasks')).toBe('script');
    expect(bucketOf('v8.evaluateModule')).toBe('script');
    expect(bucketOf('Paint')).toBe('paint');
    expect(bucketOf('ParseHTML')).toBe('html');
    expect(bucketOf('RunTask')).toBe('other');
  });
});

describe('splitWindow', () => {
  it('counts each slice by its self time, clipped to the window, and the rest as idle', () => {
    // A task of 10 ms (µs in traces) with script inside, a forced layout inside the script.
    const events = [
      // The thread ran 6 of this task's 10 ms: it waited 4 ms for a core.
      slice('RunTask', 1_000, 10_000, 1, 6_000),
      slice('FunctionCall', 1_000, 8_000),
      slice('Layout', 3_000, 2_000),
      // Another thread's work is not this thread's.
      slice('Layout', 1_000, 50_000, 2),
      // Half inside the window.
      slice('RunTask', 19_000, 4_000),
      slice('Paint', 19_000, 4_000),
    ];
    const split = splitWindow(events, thread, 0, 21_000);
    expect(split.script).toBe(6);
    expect(split.layout).toBe(2);
    expect(split.other).toBe(2);
    expect(split.paint).toBe(2);
    expect(split.idle).toBe(9);
    const { cpu, ...buckets } = split;
    const sum = Object.values(buckets).reduce((total, value) => total + value, 0);
    expect(sum).toBe(21);
    // 6 ms of the first task, and half of the second (cut by the window).
    expect(cpu).toBe(8);
  });
});

describe('markOf and formatSplit', () => {
  it('finds a user-timing mark and prints medians', () => {
    const events: TraceEvent[] = [
      { name: 'teamtray:first-teams', cat: 'blink.user_timing', ph: 'I', ts: 5, pid: 3, tid: 4 },
    ];
    expect(markOf(events, 'teamtray:first-teams')).toEqual({ ts: 5, pid: 3, tid: 4 });
    expect(markOf(events, 'missing')).toBeNull();
    const split = {
      ...{ script: 1, style: 2, layout: 3, gc: 0, html: 0, paint: 0, other: 0, idle: 0 },
      cpu: 6,
    };
    expect(formatSplit('work', [split, { ...split, script: 3 }])).toContain('script 2.0');
    expect(formatSplit('work', [])).toContain('not traced');
  });
});
