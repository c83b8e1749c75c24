/**
 * What the core asks of the desktop shell (main/shell/electron/shell-port.ts in the app, a
 * recording shell in tests): the browser, the window, the log file, the clipboard, quitting, and
 * the settings that live in the OS.
 */
import type { Settings } from '../../common/model';

/** What the core asks of the desktop shell. */
export interface ShellPort {
  /** Opens a URL the core built from a saved account, in the user's browser. */
  openInBrowser(url: string): Promise<void>;
  /** Hides the popover (Esc in the renderer). */
  hideWindow(): void;
  /** Shows the log file in the OS file manager (Settings, the tray menu). */
  showLogFile(): void;
  /** Puts text (a URL main built) on the system clipboard (Electron 45's clipboard is async). */
  copyText(text: string): Promise<void>;
  /** Quits the app (the popover's menu; the tray menu has its own Quit). */
  quit(): void;
  /**
   * Applies settings that live in the OS (launch at login, global shortcut). Throws an AppError
   * (e.g. the shortcut is taken) to refuse the change; nothing is saved then.
   */
  applySettings(next: Settings, previous: Settings): Promise<void>;
}
