/**
 * How the caches write: a change marks the file dirty, and the writes of the next `delayMs` are
 * gathered into one (0 writes at once). The answers of one refresh arrive within milliseconds of
 * each other; writing (and fsyncing) the whole file for each blocked main for ~10 ms apiece.
 * Plain timers, no file in sight: the caller's `save` does the writing.
 */
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
