/**
 * When to look for an update: once at start, then once a day, never in development. Plain
 * TypeScript (no Electron import): updater.ts hands in electron-updater's check.
 *
 * Why a wall-clock check on an hourly tick rather than one 24-hour interval: a laptop sleeps most
 * nights, and Node's timers run on a monotonic clock that stops while it does, so a 24-hour
 * setInterval can go weeks without firing. `checkIfDue()` is also called on resume.
 */
import type { Logger } from '../log';

export const DAY_MS = 24 * 60 * 60 * 1000;
export const HOUR_MS = 60 * 60 * 1000;

export interface Timer {
  cancel(): void;
}
/** Starts a repeating timer that must not keep the app alive. */
export type StartTimer = (callback: () => void, ms: number) => Timer;

export const nodeTimer: StartTimer = (callback, ms) => {
  const handle = setInterval(callback, ms);
  // A pending update check is no reason to keep the process running.
  handle.unref();
  return {
    cancel: () => {
      clearInterval(handle);
    },
  };
};

export interface UpdatePolicyInput {
  readonly isPackaged: boolean;
  readonly platform: NodeJS.Platform;
  readonly env: Readonly<Record<string, string | undefined>>;
}

export type UpdatePolicy =
  { readonly enabled: true } | { readonly enabled: false; readonly reason: string };

/**
 * Whether this copy of the app updates itself.
 * - Unpackaged (`npm start`, the `_electron` suite): never; there is no release to compare with.
 * - `TEAMTRAY_DISABLE_UPDATES=1`: for administrators who roll out versions themselves.
 * - Linux: only the AppImage replaces itself; a deb or rpm would need root to install, so those
 *   are updated by installing the new package.
 */
export function updatePolicy(input: UpdatePolicyInput): UpdatePolicy {
  if (!input.isPackaged) return { enabled: false, reason: 'development build' };
  if (input.env.TEAMTRAY_DISABLE_UPDATES === '1') {
    return { enabled: false, reason: 'TEAMTRAY_DISABLE_UPDATES=1' };
  }
  if (input.platform === 'linux' && (input.env.APPIMAGE ?? '') === '') {
    return { enabled: false, reason: 'installed from a deb or rpm package' };
  }
  if (!['darwin', 'win32', 'linux'].includes(input.platform)) {
    return { enabled: false, reason: `no updates for ${input.platform}` };
  }
  return { enabled: true };
}

export type CheckOutcome = 'checked' | 'failed' | 'disabled';

export interface UpdateSchedulerOptions {
  /** One check (and, with autoDownload, the download). May reject: the scheduler logs it. */
  readonly check: () => Promise<void>;
  readonly policy: UpdatePolicy;
  readonly log: Logger;
  readonly now?: () => number;
  readonly setInterval?: StartTimer;
  /** How long after a successful check the next one is due. */
  readonly intervalMs?: number;
  /** How long after a failed check (offline, GitHub down) to try again. */
  readonly retryMs?: number;
  /** How often to look at the clock. */
  readonly tickMs?: number;
}

export interface UpdateScheduler {
  /** Checks now and starts the daily schedule. Does nothing when the policy says no. */
  start(): void;
  /** Checks when the next check is due (after resume, unlock). */
  checkIfDue(): Promise<CheckOutcome | 'not_due'>;
  /** A check the user asked for. Shares a check already running. */
  checkNow(): Promise<CheckOutcome>;
  stop(): void;
}

export function createUpdateScheduler(options: UpdateSchedulerOptions): UpdateScheduler {
  const now = options.now ?? Date.now;
  const startTimer = options.setInterval ?? nodeTimer;
  const intervalMs = options.intervalMs ?? DAY_MS;
  const retryMs = options.retryMs ?? HOUR_MS;
  const tickMs = options.tickMs ?? HOUR_MS;
  const { log, policy } = options;

  let timer: Timer | null = null;
  let running: Promise<CheckOutcome> | null = null;
  let nextDueAt = Number.NEGATIVE_INFINITY;

  const run = async (): Promise<CheckOutcome> => {
    try {
      await options.check();
      nextDueAt = now() + intervalMs;
      return 'checked';
    } catch (error) {
      nextDueAt = now() + retryMs;
      log.warn('updates: check failed', { error });
      return 'failed';
    }
  };

  const checkNow = (): Promise<CheckOutcome> => {
    if (!policy.enabled) return Promise.resolve('disabled');
    running ??= run().finally(() => {
      running = null;
    });
    return running;
  };

  const checkIfDue = async (): Promise<CheckOutcome | 'not_due'> => {
    if (!policy.enabled) return 'disabled';
    if (running === null && now() < nextDueAt) return 'not_due';
    return checkNow();
  };

  return {
    start(): void {
      if (!policy.enabled) {
        log.info('updates: off', { reason: policy.reason });
        return;
      }
      if (timer !== null) return;
      timer = startTimer(() => {
        void checkIfDue();
      }, tickMs);
      void checkNow();
    },
    checkIfDue,
    checkNow,
    stop(): void {
      timer?.cancel();
      timer = null;
    },
  };
}
