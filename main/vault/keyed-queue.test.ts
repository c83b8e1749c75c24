import { describe, expect, it } from 'vitest';
import { KeyedQueue } from './keyed-queue';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('KeyedQueue', () => {
  it('runs tasks of one key in order, even when the first is slower', async () => {
    const queue = new KeyedQueue();
    const done: string[] = [];
    await Promise.all([
      queue.run('k', async () => {
        await sleep(20);
        done.push('slow');
      }),
      queue.run('k', () => {
        done.push('fast');
        return Promise.resolve();
      }),
    ]);
    expect(done).toEqual(['slow', 'fast']);
  });

  it('runs tasks of different keys side by side', async () => {
    const queue = new KeyedQueue();
    const done: string[] = [];
    await Promise.all([
      queue.run('a', async () => {
        await sleep(20);
        done.push('a');
      }),
      queue.run('b', () => {
        done.push('b');
        return Promise.resolve();
      }),
    ]);
    expect(done).toEqual(['b', 'a']);
  });

  it('does not let a failure block the next task, and forgets idle keys', async () => {
    const queue = new KeyedQueue();
    const failed = queue.run('k', () => Promise.reject(new Error('boom')));
    const next = queue.run('k', () => Promise.resolve(42));
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe(42);
    await sleep(0);
    expect(queue.busyKeys).toBe(0);
  });
});
