import { describe, expect, it } from 'vitest';
import { createSingleFlight } from './single-flight';

/** A promise and the hand that resolves it. */
function gate<T>(): { promise: Promise<T>; open: (value: T) => void } {
  let open: (value: T) => void = () => undefined;
  const promise = new Promise<T>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

describe('single flight', () => {
  it('joins a second ask for the same key to the run in flight, and starts anew after it', async () => {
    const flights = createSingleFlight<string, number>();
    let starts = 0;
    const first = gate<number>();
    const start = () => {
      starts += 1;
      return first.promise;
    };
    const a = flights.run('k', start);
    const b = flights.run('k', start);
    expect(b).toBe(a);
    first.open(7);
    expect(await b).toBe(7);
    expect(starts).toBe(1);
    // Ended: the next ask starts its own run.
    expect(await flights.run('k', () => Promise.resolve(8))).toBe(8);
  });

  it('keeps keys apart', async () => {
    const flights = createSingleFlight<string, string>();
    const [a, b] = await Promise.all([
      flights.run('a', () => Promise.resolve('a')),
      flights.run('b', () => Promise.resolve('b')),
    ]);
    expect([a, b]).toEqual(['a', 'b']);
  });

  it('lets go of a run that failed, so the next ask tries again', async () => {
    const flights = createSingleFlight<string, string>();
    await expect(flights.run('k', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(flights.run('k', () => Promise.resolve('again'))).resolves.toBe('again');
  });

  it('restarts: later asks join the new run, and the old one ending does not drop it', async () => {
    const flights = createSingleFlight<string, string>();
    const old = gate<string>();
    const fresh = gate<string>();
    const first = flights.run('k', () => old.promise);
    const second = flights.restart('k', () => fresh.promise);
    expect(second).not.toBe(first);
    old.open('old');
    await first;
    expect(flights.run('k', () => Promise.resolve('third'))).toBe(second);
    fresh.open('fresh');
    expect(await second).toBe('fresh');
  });

  it('is idle only once every run ended, a failed one and one started meanwhile included', async () => {
    const flights = createSingleFlight<string>();
    const later = gate<undefined>();
    let idle = false;
    void flights
      .run('a', () => Promise.reject(new Error('boom')))
      .catch(() => {
        void flights.run('b', () => later.promise);
      });
    const waited = flights.idle().then(() => {
      idle = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(idle).toBe(false);
    later.open(undefined);
    await waited;
    expect(idle).toBe(true);
  });
});
