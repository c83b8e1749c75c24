/**
 * The popover's BrowserWindow options, handed to electron-menubar (which creates the window).
 * Every webPreferences line is an item of Electron's security checklist; the tests pin each one.
 */
import type { BrowserWindowConstructorOptions } from 'electron';

const POPOVER_WIDTH = 400;
const POPOVER_HEIGHT = 560;

export interface PopoverWindowInput {
  /** out/preload/index.cjs */
  readonly preloadPath: string;
  /** DevTools only in development builds. */
  readonly devTools: boolean;
}

export function popoverWindowOptions(input: PopoverWindowInput): BrowserWindowConstructorOptions {
  return {
    width: POPOVER_WIDTH,
    height: POPOVER_HEIGHT,
    show: false,
    frame: false,
    resizable: false,
    movable: false,
    minimizable: false,
    maximizable: false,
    fullscreenable: false,
    skipTaskbar: true,
    title: 'Teamtray',
    webPreferences: {
      preload: input.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      safeDialogs: true,
      devTools: input.devTools,
    },
  };
}
