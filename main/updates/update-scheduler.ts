/**
 * When to look for an update: once at start, then once a day, never in development. Plain
 * TypeScript (no Electron import): updater.ts hands in electron-updater's check.
 *
 * Why a wall-clock check on an hourly tick rather than one 24-hour interval: a laptop sleeps most
 * nights, and Node's timers run on a monotonic clock that stops while it does, so a 24-hour
 * setInterval can go weeks without firing. `checkIfDue()` is also called on resume.
 */
import { parse } from 'yaml';
import type { Logger } from '../log';

export const DAY_MS = 24 * 60 * 60 * 1000;
export const HOUR_MS = 60 * 60 * 1000;

interface Timer {
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
  /**
   * The build says it is a signed release: only electron-builder.release.yml writes that mark,
   * and it fails the build on macOS and Windows when nothing was signed (forceCodeSigning).
   */
  readonly signedRelease: boolean;
  /**
   * Windows: app-update.yml names the publisher electron-updater checks an update's Authenticode
   * signature against. Without it electron-updater installs any update the feed offers
   * (NsisUpdater.verifySignature returns early when publisherName is null).
   */
  readonly windowsPublisher: boolean;
}

export type UpdatePolicy =
  { readonly enabled: true } | { readonly enabled: false; readonly reason: string };

/**
 * Whether this copy of the app updates itself: only when the update's signature is checked.
 * - Unpackaged (`npm start`, the `_electron` suite): never; there is no release to compare with.
 * - `TEAMTRAY_DISABLE_UPDATES=1`: for administrators who roll out versions themselves.
 * - Linux: never. A deb or rpm needs root to install; an AppImage update is checked only against a
 *   sha512 from the same feed (AppImageUpdater), which proves nothing if the feed is not ours.
 * - An unsigned build (CI artefacts, a local `npm run dist`): never. macOS's Squirrel checks an
 *   update against the running app's own signature, Windows against the publisher name; an
 *   unsigned app has neither to offer.
 */
export function updatePolicy(input: UpdatePolicyInput): UpdatePolicy {
  if (!input.isPackaged) return { enabled: false, reason: 'development build' };
  if (input.env.TEAMTRAY_DISABLE_UPDATES === '1') {
    return { enabled: false, reason: 'TEAMTRAY_DISABLE_UPDATES=1' };
  }
  if (input.platform === 'linux') {
    return (input.env.APPIMAGE ?? '') === ''
      ? { enabled: false, reason: 'update it with your package manager' }
      : { enabled: false, reason: 'get new AppImages from the releases page' };
  }
  if (input.platform !== 'darwin' && input.platform !== 'win32') {
    return { enabled: false, reason: `no updates for ${input.platform}` };
  }
  if (!input.signedRelease) return { enabled: false, reason: 'unsigned build' };
  if (input.platform === 'win32' && !input.windowsPublisher) {
    return { enabled: false, reason: 'no publisher to check updates against' };
  }
  return { enabled: true };
}

/** The packaged package.json carries `teamtray.signedRelease` (electron-builder.release.yml). */
export function isSignedRelease(packageJson: string | null): boolean {
  try {
    const data = JSON.parse(packageJson ?? 'null') as { teamtray?: { signedRelease?: unknown } };
    return data.teamtray?.signedRelease === true;
  } catch {
    return false;
  }
}

/** app-update.yml names a publisher (electron-builder writes the certificate's CN there). */
export function namesPublisher(appUpdateYml: string | null): boolean {
  try {
    const data = parse(appUpdateYml ?? '') as { publisherName?: unknown } | null;
    const names: unknown[] = [data?.publisherName ?? []].flat();
    return names.length > 0 && names.every((name) => typeof name === 'string' && name !== '');
  } catch {
    return false;
  }
}

type CheckOutcome = 'checked' | 'failed' | 'disabled';

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
