/**
 * Wiring only. Before ready: the app:// scheme, the profile folder, the single-instance lock. On
 * ready: the Electron adapters, the core, the IPC handlers, then the tray. Every piece lives (and
 * is tested) in its feature's folder: the Electron adapter in `main/<feature>/electron/`, the rest
 * beside it in plain TypeScript.
 */
import { join } from 'node:path';
import { app, ipcMain, powerMonitor, session } from 'electron';
import type { FocusTarget } from '../common/runtime';
import { createCore } from './core';
import { createLogger } from './log';
import { createFileLog, logLevel } from './log-file';
import { handleAppProtocol, registerAppScheme } from './popover/electron/app-protocol';
import { handleClientCertificates } from './flowfuse/electron/client-certificate';
import { registerIpcHandlers, type IpcRegistration } from './ipc/electron/ipc-main';
import { APP_USER_MODEL_ID, createNotifier } from './notifications/electron/notifier';
import { loginItem } from './launch-at-login/electron/login-item';
import { createNetFetch } from './flowfuse/electron/net-fetch';
import { popoverWindowOptions } from './popover/electron/popover-window';
import { createSafeStorageCipher } from './vault/electron/safe-storage-cipher';
import { createShellPort } from './shell/electron/shell-port';
import { createStoreFactory } from './store/electron/stores';
import { createTray, type TrayHandle } from './tray/electron/tray';
import { trayIconDir } from './tray/tray-icon';
import { currentUpdatePolicy, startUpdater, type Updater } from './updates/electron/updater';
import { startWakeRefresh } from './teams/electron/wake-refresh';
import { installWindowSecurity } from './popover/electron/window-security';

// main.log in the OS's log folder (main/log-file.ts); every line is redacted by createLogger.
const fileLog = createFileLog({
  directory: () => app.getPath('logs'),
  level: logLevel(app.isPackaged, process.env),
  console: app.isPackaged ? 'warn' : 'debug',
});
const log = createLogger(fileLog.sink);

// The _electron suite runs each test in a throwaway profile. Set before the single-instance lock,
// which is keyed to the profile folder, so a test never talks to the user's running Teamtray.
// Development builds only: in a packaged app anything that can set the environment (a launcher, a
// desktop file) could point Teamtray at a settings file and a log folder of its choosing.
const userData = process.env.TEAMTRAY_USER_DATA;
if (!app.isPackaged && userData !== undefined && userData !== '') app.setPath('userData', userData);

registerAppScheme();

let tray: TrayHandle | undefined;
let updater: Updater | undefined;
let ipc: IpcRegistration | undefined;
/** A notification's "Snooze 1 hour": the core's once it is made. */
let snooze: (target: FocusTarget) => void = () => undefined;

if (!app.requestSingleInstanceLock()) {
  // Another Teamtray runs: it shows its popover (second-instance below), and this one leaves.
  app.quit();
} else {
  app.on('second-instance', () => {
    void tray?.show();
  });
  // A tray app lives on with no window; without this listener Electron would quit.
  app.on('window-all-closed', () => undefined);
  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      log.error('start-up failed', { error });
      app.exit(1);
    });
}

async function start(): Promise<void> {
  // macOS: a tray app has no Dock icon. LSUIElement covers packaged builds; this covers `npm start`.
  app.dock?.hide();
  installWindowSecurity(app, session.defaultSession, log);
  // Before the core's first request: a server may ask for a certificate on the first refresh.
  const saved = { origins: (): readonly string[] => [] };
  handleClientCertificates(app, { savedOrigins: () => saved.origins(), log });
  const appPath = app.getAppPath();
  handleAppProtocol(join(appPath, 'out', 'renderer'));

  const shell = createShellPort({
    hideWindow: () => tray?.hide(),
    quit: () => {
      app.quit();
    },
    onShortcut: () => void tray?.toggle(),
    loginItem,
    logFilePath: () => fileLog.path(),
    log,
  });
  // Windows shows notifications only for an app with this id
  // (main/notifications/electron/notifier.ts).
  if (process.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID);
  const notifier = createNotifier({
    onClick: (target) => {
      void tray?.show();
      ipc?.push('focus', target);
    },
    // The core is made just below, with this notifier: a press can only come after.
    onSnooze: (target) => {
      snooze(target);
    },
    log,
  });
  const stores = createStoreFactory();
  const core = await createCore({
    fetch: createNetFetch(),
    cipher: createSafeStorageCipher(),
    stores: { settings: stores, cache: stores },
    shell,
    log,
    appVersion: app.getVersion(),
    notifier,
  });

  saved.origins = () => core.savedOrigins();
  snooze = (target) => {
    core.snooze(target);
  };
  ipc = registerIpcHandlers({ ipcMain, core, popover: () => tray?.popover(), log });

  const updates = currentUpdatePolicy();
  tray = createTray({
    core,
    iconDir: trayIconDir({
      isPackaged: app.isPackaged,
      resourcesPath: process.resourcesPath,
      appPath,
    }),
    platform: process.platform,
    window: popoverWindowOptions({
      preloadPath: join(appPath, 'out', 'preload', 'index.cjs'),
      devTools: !app.isPackaged,
    }),
    push: (event, payload) => ipc?.push(event, payload),
    restartToUpdate: () => updater?.restartToUpdate(),
    updatesOff: updates.enabled ? null : updates.reason,
    showLogFile: () => {
      shell.showLogFile();
    },
    quit: () => {
      app.quit();
    },
    log,
  });

  const settings = core.settings();
  shell.applyInitial(settings);
  loginItem.refreshLaunchAtLogin(settings.launchAtLogin).catch((error: unknown) => {
    log.warn('launch at login: the autostart entry could not be refreshed', { error });
  });
  // The core refreshes at start and on its interval; this adds wake and unlock.
  const stopWakeRefresh = startWakeRefresh({ core, power: powerMonitor, log });
  updater = startUpdater({
    log,
    policy: updates,
    onUpdateReady: (version) => tray?.setUpdateReady(version),
  });

  app.once('will-quit', () => {
    stopWakeRefresh();
    updater?.dispose();
    shell.dispose();
    ipc?.dispose();
    tray?.dispose();
    core.dispose();
  });
}
