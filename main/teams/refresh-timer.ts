/**
 * The background refresh: every N minutes, 0 for never. Unref'd so it never keeps a test or a
 * quitting app alive.
 */
import type { Logger } from '../log';

export interface RefreshTimer {
  /** (Re)starts the interval; 0 or less stops it. */
  arm(minutes: number): void;
  disarm(): void;
}

export interface RefreshTimerDeps {
  readonly refresh: () => Promise<void>;
  readonly log: Logger;
  readonly setInterval?: (run: () => void, ms: number) => { unref?: () => unknown };
  readonly clearInterval?: (handle: unknown) => void;
}

export function createRefreshTimer(deps: RefreshTimerDeps): RefreshTimer {
  const start = deps.setInterval ?? ((run, ms) => globalThis.setInterval(run, ms));
  const stop =
    deps.clearInterval ??
    ((handle) => {
      globalThis.clearInterval(handle as NodeJS.Timeout);
    });
  let handle: unknown = null;
  let armedMinutes = 0;

  const disarm = (): void => {
    if (handle !== null) stop(handle);
    handle = null;
    armedMinutes = 0;
  };

  return {
    arm(minutes) {
      if (minutes === armedMinutes && handle !== null) return;
      disarm();
      if (minutes <= 0) return;
      const timer = start(() => {
        deps.refresh().catch((error: unknown) => {
          deps.log.warn('background refresh failed', { error });
        });
      }, minutes * 60_000);
      timer.unref?.();
      handle = timer;
      armedMinutes = minutes;
    },
    disarm,
  };
}
