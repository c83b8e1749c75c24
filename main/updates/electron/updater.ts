/**
 * Updates from the GitHub releases feed that electron-builder bakes into app-update.yml (see the
 * `publish` block of electron-builder.yml). An update downloads in the background; Teamtray never
 * restarts on its own: the tray offers "Restart to update", and an update the user did not restart
 * for is installed when they next quit. The schedule lives in update-scheduler.ts.
 *
 * electron-updater is loaded on the first check, not with this module: its modules take tens of
 * milliseconds to load, which the tray need not wait for, and a development build or a deb/rpm
 * install never checks at all.
 *
 * Whether it updates at all is updatePolicy's call (update-scheduler.ts): only a signed release on
 * macOS or Windows, whose updates electron-updater checks against a signature.
 *
 * Call after app `ready` (powerMonitor needs it).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { app, Notification, powerMonitor } from 'electron';
import type { AppUpdater, UpdateDownloadedEvent } from 'electron-updater';
import type { Logger } from '../../log';
import {
  createUpdateScheduler,
  isSignedRelease,
  namesPublisher,
  updatePolicy,
  type UpdatePolicy,
} from '../update-scheduler';

/** This copy of the app, as updatePolicy needs to know it. */
export function currentUpdatePolicy(): UpdatePolicy {
  const packaged = app.isPackaged;
  return updatePolicy({
    isPackaged: packaged,
    platform: process.platform,
    env: process.env,
    signedRelease: packaged && isSignedRelease(readText(join(app.getAppPath(), 'package.json'))),
    windowsPublisher:
      process.platform === 'win32' &&
      namesPublisher(readText(join(process.resourcesPath, 'app-update.yml'))),
  });
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

export interface UpdaterOptions {
  readonly log: Logger;
  /** currentUpdatePolicy(), decided once: the tray menu says so when it is off. */
  readonly policy: UpdatePolicy;
  /** An update is downloaded: show "Restart to update" in the tray menu. */
  readonly onUpdateReady: (version: string) => void;
}

export interface Updater {
  /** The menu's "Restart to update"; does nothing until an update is ready. */
  restartToUpdate(): void;
  dispose(): void;
}

export function startUpdater(options: UpdaterOptions): Updater {
  const { log, policy } = options;

  let readyVersion: string | null = null;
  let autoUpdater: AppUpdater | null = null;
  let disposed = false;

  // An EventEmitter without an 'error' listener throws; the scheduler logs the failed check.
  const onError = (error: Error): void => {
    log.warn('updates: error', { error });
  };
  const onDownloaded = (event: UpdateDownloadedEvent): void => {
    if (readyVersion === event.version) return;
    readyVersion = event.version;
    log.info('updates: ready', { version: event.version });
    options.onUpdateReady(event.version);
    if (Notification.isSupported()) {
      new Notification({
        title: `Teamtray ${event.version} is ready`,
        body: 'Restart Teamtray from its menu to update, or it updates the next time you quit.',
        silent: true,
      }).show();
    }
  };

  let loading: Promise<AppUpdater> | null = null;
  const load = (): Promise<AppUpdater> =>
    (loading ??= import('electron-updater').then((module) => {
      // electron-updater is CommonJS with a lazy getter Node's ESM loader cannot see as a named
      // export: it is reached through the default export.
      const updater = module.default.autoUpdater;
      updater.autoDownload = true;
      updater.autoInstallOnAppQuit = true;
      updater.allowPrerelease = false;
      updater.allowDowngrade = false;
      updater.logger = {
        info: (message: unknown) => {
          log.info(`updates: ${String(message)}`);
        },
        warn: (message: unknown) => {
          log.warn(`updates: ${String(message)}`);
        },
        error: (message: unknown) => {
          log.error(`updates: ${String(message)}`);
        },
        debug: (message: string) => {
          log.debug(`updates: ${message}`);
        },
      };
      if (!disposed) {
        updater.on('error', onError);
        updater.on('update-downloaded', onDownloaded);
        autoUpdater = updater;
      }
      return updater;
    }));

  const scheduler = createUpdateScheduler({
    policy,
    log,
    check: async () => {
      const result = await (await load()).checkForUpdates();
      // With autoDownload the download has started; wait for it so that a failed download is
      // logged and retried like a failed check, and two checks never download at once.
      await result?.downloadPromise;
    },
  });

  const onResume = (): void => {
    void scheduler.checkIfDue();
  };
  powerMonitor.on('resume', onResume);
  scheduler.start();

  return {
    restartToUpdate(): void {
      if (readyVersion === null || autoUpdater === null) return;
      log.info('updates: restarting to install', { version: readyVersion });
      // Silent on Windows (the one-click installer shows nothing anyway), then relaunch.
      autoUpdater.quitAndInstall(true, true);
    },
    dispose(): void {
      disposed = true;
      scheduler.stop();
      powerMonitor.off('resume', onResume);
      autoUpdater?.off('error', onError);
      autoUpdater?.off('update-downloaded', onDownloaded);
      autoUpdater = null;
    },
  };
}
