import { describe, expect, it } from 'vitest';
import { createLimiter } from './limiter';

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
});
