/**
 * Refresh when the machine wakes and when the screen is unlocked. The interval itself belongs to
 * the core (main/teams/refresh-timer.ts); Node's timers run on a monotonic clock that stops
 * while a laptop sleeps, so after a night closed the teams would otherwise be hours old until the
 * next tick.
 */
import type { PowerMonitor } from 'electron';
import type { Core } from '../../core-types';
import type { Logger } from '../../log';

/**
 * After sleep, Wi-Fi and VPNs take a few seconds to come back; refreshing at once would show
 * every account as unreachable for a moment.
 */
export const RESUME_DELAY_MS = 5_000;

export interface WakeRefreshDeps {
  readonly core: Pick<Core, 'refreshAll'>;
  readonly power: Pick<PowerMonitor, 'on' | 'removeListener'>;
  readonly log: Logger;
}

export function startWakeRefresh(deps: WakeRefreshDeps): () => void {
  const { core, log } = deps;
  let resumeTimer: ReturnType<typeof setTimeout> | undefined;
  let inFlight = false;

  const refresh = (why: string): void => {
    // One at a time: resume and unlock often arrive together.
    if (inFlight) return;
    inFlight = true;
    log.debug('refresh: on wake', { why });
    core
      .refreshAll()
      .catch((error: unknown) => {
        log.error('refresh: refresh on wake failed', { error });
      })
      .finally(() => {
        inFlight = false;
      });
  };

  const onResume = (): void => {
    if (resumeTimer !== undefined) clearTimeout(resumeTimer);
    resumeTimer = setTimeout(() => {
      resumeTimer = undefined;
      refresh('resume');
    }, RESUME_DELAY_MS);
  };
  const onUnlock = (): void => {
    refresh('unlock');
  };

  deps.power.on('resume', onResume);
  deps.power.on('unlock-screen', onUnlock);

  return () => {
    deps.power.removeListener('resume', onResume);
    deps.power.removeListener('unlock-screen', onUnlock);
    if (resumeTimer !== undefined) clearTimeout(resumeTimer);
  };
}
