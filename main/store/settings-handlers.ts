/**
 * The settings area. Settings that live in the OS (launch at login, the global shortcut) are
 * applied first; the file is written only when the OS took them, and put back when it did not.
 * Changes are applied one at a time, in the order they came.
 */
import type { Settings } from '../../common/model';
import type { ShellPort } from '../shell/port';
import type { Logger } from '../log';
import type { SettingsStore } from './types';
import type { AreaHandlers } from '../ipc/area-handlers';

export interface SettingsHandlerDeps {
  readonly settings: SettingsStore;
  readonly shell: ShellPort;
  readonly log: Logger;
  /** After a save: re-arm the refresh timer, tell the renderer. */
  readonly saved: (settings: Settings) => void;
}

export function settingsHandlers(deps: SettingsHandlerDeps): AreaHandlers<'updateSettings'> {
  const { settings, shell, log } = deps;

  const apply = async (patch: Partial<Settings>): Promise<Settings> => {
    const previous = settings.get();
    const next: Settings = { ...previous, ...patch };
    await shell.applySettings(next, previous);
    let saved: Settings;
    try {
      saved = settings.update(patch);
    } catch (error) {
      // Not saved: put the OS (launch at login, the shortcut) back to what the file says.
      await shell.applySettings(previous, next).catch((undoError: unknown) => {
        log.error('settings: could not undo what was applied', { error: undoError });
      });
      throw error;
    }
    deps.saved(saved);
    return saved;
  };

  // One change at a time: each reads what the one before it saved, so two quick toggles of
  // launch at login cannot leave the autostart entry and the file saying different things.
  let queue: Promise<unknown> = Promise.resolve();
  return {
    updateSettings(patch) {
      const run = queue.then(() => apply(patch));
      queue = run.catch(() => undefined);
      return run;
    },
  };
}
