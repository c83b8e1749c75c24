import { describe, expect, it } from 'vitest';
import { backgroundLane, createLimiter, USER } from './limiter';

const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

describe('limiter', () => {
  it('runs at most `limit` tasks at once, the others in the order they came', async () => {
    const limit = createLimiter(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const releases: (() => void)[] = [];
    const tasks = [0, 1, 2, 3, 4].map((index) =>
      limit(async () => {
        running += 1;
        most = Math.max(most, running);
        order.push(index);
        await new Promise<void>((resolve) => releases.push(resolve));
        running -= 1;
        return index;
      }),
    );
    for (let round = 0; round < 5; round += 1) {
      await tick();
      releases.shift()?.();
    }
    expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4]);
  });

  it('frees the slot of a task that failed', async () => {
    const limit = createLimiter(1);
    await expect(limit(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(limit(() => Promise.resolve('next'))).resolves.toBe('next');
  });

  it('starts a user task before the background tasks already waiting, the limit unchanged', async () => {
    const limit = createLimiter(2);
    const order: string[] = [];
    let running = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const task = (name: string) => async () => {
      running += 1;
      most = Math.max(most, running);
      order.push(name);
      await new Promise<void>((resolve) => releases.push(resolve));
      running -= 1;
    };
    const all = ['b0', 'b1', 'b2', 'b3', 'b4'].map((name) => limit(task(name)));
    await tick();
    all.push(limit(task('stop'), USER), limit(task('poll'), USER));
    for (let round = 0; round < 7; round += 1) {
      await tick();
      releases.shift()?.();
    }
    await Promise.all(all);
    // b0 and b1 held both places; the user's two went next, then the rest in the order they came.
    expect(order).toEqual(['b0', 'b1', 'stop', 'poll', 'b2', 'b3', 'b4']);
    expect(most).toBe(2);
  });

  it('keeps to the limit when a task comes just after a place was handed over', async () => {
    const limit = createLimiter(1);
    let running = 0;
    let most = 0;
    const task = async () => {
      running += 1;
      most = Math.max(most, running);
      await tick();
      running -= 1;
    };
    const first = limit(task);
    const waiting = limit(task, USER);
    await tick();
    // The first ends and hands its place to the waiting one; this one must wait for it.
    const late = limit(task);
    await Promise.all([first, waiting, late]);
    expect(most).toBe(1);
  });

  it('raises a waiting background read: its tasks and its later ones go in the user lane', async () => {
    const limit = createLimiter(1);
    const order: string[] = [];
    const releases: (() => void)[] = [];
    const task = (name: string) => async () => {
      order.push(name);
      await new Promise<void>((resolve) => releases.push(resolve));
    };
    const asked = backgroundLane();
    const all = [
      limit(task('held')),
      limit(task('other-0')),
      limit(task('asked-0'), asked),
      limit(task('other-1')),
    ];
    await tick();
    limit.raise(asked);
    all.push(limit(task('asked-1'), asked));
    for (let round = 0; round < 6; round += 1) {
      await tick();
      releases.shift()?.();
    }
    await Promise.all(all);
    expect(order).toEqual(['held', 'asked-0', 'asked-1', 'other-0', 'other-1']);
  });
});
