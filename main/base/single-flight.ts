/**
 * At most one run per key in flight: a second ask for the same key joins the run under way
 * instead of starting its own (one refresh per account, one read per team, per instance log, per
 * last action, per inbox). Written by hand: the few lines every service wrote its own way before;
 * @tanstack/query-core would bring a cache, retries and timers the model already covers.
 */
export interface SingleFlight<K, T> {
  /** The run in flight for `key`, or a new one from `start`. */
  run(key: K, start: () => Promise<T>): Promise<T>;
  /** A new run even when one is in flight; later asks join the new one. */
  restart(key: K, start: () => Promise<T>): Promise<T>;
  /** Resolves once no run is in flight, those started meanwhile included (tests, quitting). */
  idle(): Promise<void>;
}

export function createSingleFlight<K, T = void>(): SingleFlight<K, T> {
  const inFlight = new Map<K, Promise<T>>();
  const restart = (key: K, start: () => Promise<T>): Promise<T> => {
    const run = start().finally(() => {
      // A restart may have put a newer run under the key: that one stays.
      if (inFlight.get(key) === run) inFlight.delete(key);
    });
    inFlight.set(key, run);
    return run;
  };
  return {
    run: (key, start) => inFlight.get(key) ?? restart(key, start),
    restart,
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight.values()]);
    },
  };
}
