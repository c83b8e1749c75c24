/**
 * The core's ShellPort: opening URLs in the browser, the clipboard, hiding the popover, showing
 * the log file, quitting, and the settings that live in the OS (global shortcut, launch at login).
 */
import { clipboard, globalShortcut, shell } from 'electron';
import { checkShortcut, shortcutOn, type ShortcutPlatform } from '../../../common/shortcut';
import { AppError, isAppError } from '../../../common/errors';
import type { Settings } from '../../../common/model';
import type { ShellPort } from '../port';
import type { Logger } from '../../log';
import { isSafeExternalUrl } from '../external-url';

interface LoginItemPort {
  setLaunchAtLogin(enabled: boolean): Promise<void> | void;
}

export interface ShellPortDeps {
  /** Late-bound: the tray exists only after the core. */
  readonly hideWindow: () => void;
  /** app.quit(): the same exit as the tray menu's Quit (will-quit cleans up). */
  readonly quit: () => void;
  /** What the global shortcut does: toggle the popover. */
  readonly onShortcut: () => void;
  readonly loginItem: LoginItemPort;
  /** Where main.log is (main/log-file.ts). */
  readonly logFilePath: () => string;
  readonly log: Logger;
  /** Whose reading of an accelerator counts (process.platform; tests name each OS). */
  readonly platform?: ShortcutPlatform;
}

export interface AppShellPort extends ShellPort {
  /** Registers the saved shortcut at start; a failure is logged, not thrown (nothing to refuse). */
  applyInitial(settings: Settings): void;
  dispose(): void;
}

export function createShellPort(deps: ShellPortDeps): AppShellPort {
  const platform = deps.platform ?? runningPlatform();
  /** The setting as saved, and the accelerator registered for it (Electron's reading of it). */
  let registered: string | null = null;
  let registeredAccelerator: string | null = null;

  /** The accelerator Electron reads from `shortcut` here, after the rule is checked again. */
  const reading = (shortcut: string): string => {
    // The contract's schema checked it already, for every OS; the shell checks it again as this
    // one reads it (Meta, Super and Command are one flag) and registers that reading, never the
    // raw string.
    const saved = checkShortcut(shortcut);
    if (!saved.ok) throw new AppError('invalid_request', saved.reason);
    const here = shortcutOn(shortcut, platform);
    if (!here.ok) throw new AppError('invalid_request', here.reason);
    return here.accelerator;
  };

  const register = (shortcut: string, accelerator: string): boolean => {
    try {
      return globalShortcut.register(accelerator, deps.onShortcut);
    } catch {
      // Electron throws on an accelerator it cannot parse.
      throw new AppError('invalid_request', `“${shortcut}” is not a shortcut Teamtray can use.`);
    }
  };

  const setShortcut = (next: string | null): void => {
    if (next === registered) return;
    const accelerator = next === null ? null : reading(next);
    // Another spelling of the keys already registered: nothing to do with Electron.
    if (accelerator !== registeredAccelerator) {
      // Register the new one before letting go of the old, so a refusal changes nothing.
      if (next !== null && accelerator !== null && !register(next, accelerator)) {
        // Taken by another app, or a desktop without global shortcuts: native Wayland sessions
        // refuse them unless the compositor offers the GlobalShortcuts portal.
        throw new AppError(
          'invalid_request',
          `The shortcut ${next} could not be registered: another app may be using it, or this desktop does not allow global shortcuts.`,
        );
      }
      if (registeredAccelerator !== null) globalShortcut.unregister(registeredAccelerator);
    }
    registered = next;
    registeredAccelerator = accelerator;
  };

  return {
    async openInBrowser(url: string): Promise<void> {
      if (!isSafeExternalUrl(url)) {
        // The scheme only: a string without one is not logged at all, whatever it holds.
        const scheme = /^[a-z][a-z\d+.-]*(?=:)/i.exec(url)?.[0] ?? 'none';
        deps.log.warn('shell: refused to open a URL', { scheme });
        throw new AppError('invalid_request', 'Refused: Teamtray only opens web pages.');
      }
      await shell.openExternal(url, { activate: true });
    },

    hideWindow(): void {
      deps.hideWindow();
    },

    showLogFile(): void {
      // A line first, so the file exists even before anything else was logged.
      deps.log.info('shell: showing the log file');
      shell.showItemInFolder(deps.logFilePath());
    },

    async copyText(text: string): Promise<void> {
      // Plain text only: the core hands over a URL it built from a saved origin.
      await clipboard.writeText(text);
    },

    quit(): void {
      deps.quit();
    },

    async applySettings(next: Settings, previous: Settings): Promise<void> {
      const shortcutBefore = registered;
      if (next.globalShortcut !== previous.globalShortcut) setShortcut(next.globalShortcut);
      if (next.launchAtLogin !== previous.launchAtLogin) {
        try {
          await deps.loginItem.setLaunchAtLogin(next.launchAtLogin);
        } catch (error) {
          // All or nothing: the core saves nothing on a throw, so put the shortcut back too.
          try {
            setShortcut(shortcutBefore);
          } catch {
            deps.log.warn('shell: the previous shortcut could not be restored');
          }
          if (isAppError(error)) throw error;
          deps.log.error('shell: launch at login could not be changed', { error });
          throw new AppError('internal', 'Launch at login could not be changed.', {
            cause: error,
          });
        }
      }
    },

    applyInitial(settings: Settings): void {
      if (settings.globalShortcut === null) return;
      try {
        setShortcut(settings.globalShortcut);
      } catch (error) {
        deps.log.warn('shell: the saved shortcut could not be registered', {
          shortcut: settings.globalShortcut,
          error,
        });
      }
    },

    dispose(): void {
      if (registeredAccelerator !== null) globalShortcut.unregister(registeredAccelerator);
      registered = null;
      registeredAccelerator = null;
    },
  };
}

function runningPlatform(): ShortcutPlatform {
  const { platform } = process;
  return platform === 'darwin' || platform === 'win32' ? platform : 'linux';
}
