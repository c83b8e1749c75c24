/**
 * The tray icon and its popover, through electron-menubar (Gitify's fork): it knows where to put a
 * popover next to a tray on each OS, the Windows blur-after-show and overflow-panel quirks, and
 * the macOS Dock re-hide race. Left click toggles; blur hides (menubar's default); Esc is left to
 * the renderer, which first cancels an inline rename and only then asks main to hide.
 */
import {
  Menu,
  nativeImage,
  type BrowserWindowConstructorOptions,
  type WebContents,
} from 'electron';
import { menubar, type Menubar } from 'electron-menubar';
import type { EventName, EventPayloads } from '../../../common/contract';
import type { Core } from '../../core-types';
import type { TraySummary } from '../tray-status';
import type { Logger } from '../../log';
import { APP_INDEX_URL } from '../../popover/app-origin';
import { trayMenuTemplate } from './context-menu';
import { trayFace, type TrayFace } from '../tray-face';

export interface TrayDeps {
  readonly core: Pick<
    Core,
    'traySummary' | 'onTraySummary' | 'onEvent' | 'settings' | 'refreshAll' | 'dispatch'
  >;
  readonly iconDir: string;
  readonly platform: NodeJS.Platform;
  readonly window: BrowserWindowConstructorOptions;
  /** Sends a push to the popover (ipc-main). Late-bound: IPC is registered after the tray. */
  readonly push: <E extends EventName>(event: E, payload: EventPayloads[E]) => void;
  /** Late-bound: the updater starts after the tray. */
  readonly restartToUpdate: () => void;
  /** Why this copy does not update itself, or null: the menu says so. */
  readonly updatesOff: string | null;
  /** Reveals main.log (the ShellPort's showLogFile). */
  readonly showLogFile: () => void;
  readonly quit: () => void;
  readonly log: Logger;
}

export interface TrayHandle {
  show(): Promise<void>;
  hide(): void;
  toggle(): Promise<void>;
  /** A downloaded update waits for a restart: the menu offers one. */
  setUpdateReady(version: string): void;
  /** The popover's web contents, once menubar has created the window. */
  popover(): WebContents | undefined;
  dispose(): void;
}

export function createTray(deps: TrayDeps): TrayHandle {
  const { core, log } = deps;
  // A NativeImage rather than a path: given a path that does not exist, menubar falls back to
  // its own icon through `__dirname`, which does not exist in an ES module.
  const icon = (face: TrayFace) => nativeImage.createFromPath(face.iconPath);
  const faceOf = (summary: TraySummary): TrayFace =>
    trayFace(summary, {
      platform: deps.platform,
      iconDir: deps.iconDir,
      showCount: core.settings().trayCount,
    });

  let launchAtLogin = core.settings().launchAtLogin;
  let updateReady: string | null = null;
  const menu = (): Menu =>
    // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment -- a false positive on Electron's typings: the rule does not see buildFromTemplate's Menu as the exported class
    Menu.buildFromTemplate(
      trayMenuTemplate(
        {
          open: () => void show(),
          refresh: () => {
            core.refreshAll().catch((error: unknown) => {
              log.error('tray: refresh failed', { error });
            });
          },
          settings: () => {
            void show().then(() => {
              deps.push('navigate', 'settings');
            });
          },
          setLaunchAtLogin: (enabled) => {
            void core.dispatch('updateSettings', { launchAtLogin: enabled }).then((result) => {
              if (!result.ok) {
                log.warn('tray: launch at login not changed', { code: result.error.code });
                mb.setContextMenu(menu()); // put the checkbox back
              }
            });
          },
          showLogFile: deps.showLogFile,
          restartToUpdate: deps.restartToUpdate,
          quit: deps.quit,
        },
        { launchAtLogin, updateReady, updatesOff: deps.updatesOff },
      ),
    );

  const start = faceOf(core.traySummary());
  const mb: Menubar = menubar({
    index: APP_INDEX_URL,
    browserWindow: deps.window,
    icon: icon(start),
    tooltip: start.tooltip,
    contextMenu: menu(),
    // Created at start, hidden: the first click is instant and pushes have a page to land in.
    preloadWindow: true,
    showDockIcon: false,
    // Alt+F4 (Windows, Linux) hides instead of destroying the page and its state.
    hideOnClose: true,
    escapeToHide: false,
  });

  let ready = false;
  mb.on('ready', () => {
    ready = true;
    apply(core.traySummary());
  });
  const apply = (summary: TraySummary): void => {
    if (!ready) return;
    const face = faceOf(summary);
    mb.tray.setImage(icon(face));
    mb.tray.setToolTip(face.tooltip);
    // Only macOS has a title beside a tray icon (Electron's Tray.setTitle is macOS only).
    // Digits of one width, so the menu bar does not shift as the count changes.
    if (face.title !== null) mb.tray.setTitle(face.title, { fontType: 'monospacedDigit' });
  };
  const stopStatus = core.onTraySummary(apply);
  // Any change of the model may be the settings' (the menu shows launch at login; the count on
  // the tray may be turned off or on).
  let trayCount = core.settings().trayCount;
  const stopEvents = core.onEvent((event) => {
    if (event !== 'patches') return;
    const settings = core.settings();
    if (settings.trayCount !== trayCount) {
      trayCount = settings.trayCount;
      apply(core.traySummary());
    }
    if (settings.launchAtLogin === launchAtLogin) return;
    launchAtLogin = settings.launchAtLogin;
    mb.setContextMenu(menu());
  });

  const show = (): Promise<void> => mb.showWindow();

  return {
    show,
    hide: () => {
      mb.hideWindow();
    },
    toggle: () => mb.toggleWindow(),
    setUpdateReady: (version) => {
      updateReady = version;
      mb.setContextMenu(menu());
    },
    popover: () => {
      const window = mb.window;
      return window === undefined || window.isDestroyed() ? undefined : window.webContents;
    },
    dispose: () => {
      stopStatus();
      stopEvents();
      mb.destroy();
    },
  };
}
