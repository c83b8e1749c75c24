import { describe, expect, it } from 'vitest';
import { createKeyedQueue } from './keyed-queue';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('keyed queue', () => {
  it('runs tasks of one key in order, even when the first is slower', async () => {
    const queue = createKeyedQueue();
    const done: string[] = [];
    await Promise.all([
      queue('k', async () => {
        await sleep(20);
        done.push('slow');
      }),
      queue('k', () => {
        done.push('fast');
        return Promise.resolve();
      }),
    ]);
    expect(done).toEqual(['slow', 'fast']);
  });

  it('runs tasks of different keys side by side', async () => {
    const queue = createKeyedQueue();
    const done: string[] = [];
    await Promise.all([
      queue('a', async () => {
        await sleep(20);
        done.push('a');
      }),
      queue('b', () => {
        done.push('b');
        return Promise.resolve();
      }),
    ]);
    expect(done).toEqual(['b', 'a']);
  });

  it('does not let a failure block the next task', async () => {
    const queue = createKeyedQueue();
    const failed = queue('k', () => Promise.reject(new Error('boom')));
    const next = queue('k', () => Promise.resolve(42));
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe(42);
  });
});
