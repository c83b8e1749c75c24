/**
 * Background refresh: every `refreshIntervalMinutes` (0 = off), after the machine wakes and when
 * the screen is unlocked. The interval is re-armed when the setting changes.
 */
import type { PowerMonitor } from 'electron';
import type { EventPayloads } from '../../common/contract';
import type { Core } from '../core-types';
import type { Logger } from '../log';

/**
 * After sleep, Wi-Fi and VPNs take a few seconds to come back; refreshing at once would show
 * every instance as unreachable for a moment.
 */
export const RESUME_DELAY_MS = 5_000;

export interface SchedulerDeps {
  readonly core: Pick<Core, 'refreshAll' | 'settings' | 'onEvent'>;
  readonly power: Pick<PowerMonitor, 'on' | 'removeListener'>;
  readonly log: Logger;
}

export function startRefreshScheduler(deps: SchedulerDeps): () => void {
  const { core, log } = deps;
  let minutes = -1;
  let interval: ReturnType<typeof setInterval> | undefined;
  let resumeTimer: ReturnType<typeof setTimeout> | undefined;
  let inFlight = false;

  const refresh = (why: string): void => {
    // One at a time: a slow instance must not pile up refreshes behind it.
    if (inFlight) return;
    inFlight = true;
    log.debug('refresh: background', { why });
    core
      .refreshAll()
      .catch((error: unknown) => {
        log.error('refresh: background refresh failed', { error });
      })
      .finally(() => {
        inFlight = false;
      });
  };

  const arm = (next: number): void => {
    if (interval !== undefined) clearInterval(interval);
    interval = undefined;
    minutes = next;
    if (next > 0)
      interval = setInterval(() => {
        refresh('interval');
      }, next * 60_000);
  };

  const onResume = (): void => {
    if (resumeTimer !== undefined) clearTimeout(resumeTimer);
    resumeTimer = setTimeout(() => {
      resumeTimer = undefined;
      refresh('resume');
      arm(minutes); // the next tick a whole interval from now, not at a stale time
    }, RESUME_DELAY_MS);
  };
  const onUnlock = (): void => {
    refresh('unlock');
  };

  arm(core.settings().refreshIntervalMinutes);
  deps.power.on('resume', onResume);
  deps.power.on('unlock-screen', onUnlock);
  const stopEvents = core.onEvent((event, payload) => {
    if (event !== 'stateChanged') return;
    const next = (payload as EventPayloads['stateChanged']).settings.refreshIntervalMinutes;
    if (next !== minutes) arm(next);
  });

  return () => {
    stopEvents();
    deps.power.removeListener('resume', onResume);
    deps.power.removeListener('unlock-screen', onUnlock);
    if (resumeTimer !== undefined) clearTimeout(resumeTimer);
    if (interval !== undefined) clearInterval(interval);
  };
}
