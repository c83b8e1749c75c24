import { describe, expect, it } from 'vitest';
import type { PatchPush } from '../../common/state';
import { FramePushes, type FrameSchedule } from './frame-pushes';

/** Frames the test runs by hand. */
function frames() {
  const waiting = new Set<() => void>();
  const schedule: FrameSchedule = (run) => {
    waiting.add(run);
    return () => waiting.delete(run);
  };
  return {
    schedule,
    get pending() {
      return waiting.size;
    },
    next() {
      const runs = [...waiting];
      waiting.clear();
      for (const run of runs) run();
    },
  };
}

const push = (version: number): PatchPush => ({ version, patches: [] });

describe('FramePushes', () => {
  it("hands a frame's pushes over together, in the order they came, once per frame", () => {
    const clock = frames();
    const applied: number[][] = [];
    const batch = new FramePushes((pushes) => {
      applied.push(pushes.map((each) => each.version));
    }, clock.schedule);
    batch.add(push(1));
    batch.add(push(2));
    batch.add(push(3));
    expect(applied).toEqual([]);
    expect(clock.pending).toBe(1);
    clock.next();
    expect(applied).toEqual([[1, 2, 3]]);
    batch.add(push(4));
    clock.next();
    clock.next();
    expect(applied).toEqual([[1, 2, 3], [4]]);
  });

  it('applies what waits on flush, and drops it on dispose', () => {
    const clock = frames();
    const applied: number[] = [];
    const batch = new FramePushes((pushes) => {
      applied.push(...pushes.map((each) => each.version));
    }, clock.schedule);
    batch.add(push(1));
    batch.flush();
    expect(applied).toEqual([1]);
    expect(clock.pending).toBe(0);
    batch.add(push(2));
    batch.dispose();
    clock.next();
    expect(applied).toEqual([1]);
  });
});
