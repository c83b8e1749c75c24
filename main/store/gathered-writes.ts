/**
 * How the caches write: a change marks the file dirty, and the writes of the next `delayMs` are
 * gathered into one (0 writes at once). The answers of one refresh arrive within milliseconds of
 * each other; writing (and fsyncing) the whole file for each blocked main for ~10 ms apiece.
 */
import type { Logger } from '../log';

/** How a cache file is opened: both caches take the same. */
export interface CacheOptions {
  readonly log: Logger;
  readonly projectVersion: string;
  readonly now?: () => Date;
  /** How long writes are gathered (0: each at once). */
  readonly saveDelayMs?: number;
}

export interface GatheredWrites {
  /** Something changed: write now, or soon. */
  readonly changed: () => void;
  /** Write a change that is still waiting (on quit). */
  readonly flush: () => void;
  /** Write at once (what was repaired on load). */
  readonly now: () => void;
}

export function gatherWrites(save: () => void, delayMs: number): GatheredWrites {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = (): void => {
    if (timer === null) return;
    clearTimeout(timer);
    timer = null;
    save();
  };
  return {
    changed() {
      if (delayMs <= 0) save();
      else timer ??= setTimeout(flush, delayMs);
    },
    flush,
    now: save,
  };
}

/** Deletes the keys not in `keep`; true when any went. */
export function retainKeys(map: Map<string, unknown>, keep: readonly string[]): boolean {
  const kept = new Set(keep);
  let dropped = false;
  for (const key of [...map.keys()]) if (!kept.has(key)) dropped = map.delete(key) || dropped;
  return dropped;
}
