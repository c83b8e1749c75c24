/**
 * A module loaded once, on first use, whose arrival is a signal: what reads `loaded.value` (a
 * SignalWatcher's render) draws again when it is in. A failed load is forgotten, so the next use
 * asks again. The log (lazy-log.ts) and the rows under a team (lazy-rows.ts) are such modules;
 * each passes its own `import()` so the bundler still makes it its own chunk.
 */
import { signal, type ReadonlySignal } from '@preact/signals-core';

export interface LazyModule<M> {
  /** The module once it is in, else null. */
  readonly loaded: ReadonlySignal<M | null>;
  /** Loads it, once; a failure lets the next call try again. */
  load(): Promise<void>;
}

export function lazyModule<M>(importer: () => Promise<M>): LazyModule<M> {
  const loaded = signal<M | null>(null);
  let loading: Promise<void> | null = null;
  return {
    loaded,
    load() {
      loading ??= importer().then(
        (module) => {
          loaded.value = module;
        },
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
  };
}
