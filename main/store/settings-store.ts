/**
 * The user's settings, over the `settings` key of the settings file. Values are clamped on the
 * way in and on the way out, so a hand-edited file cannot set a refresh every 0.001 minutes.
 */
import { AppError } from '../../common/errors';
import type { Settings } from '../../common/model';
import type { Logger } from '../log';
import { clampSettings } from './sanitize';
import type { SettingsValuesStore } from './settings-file';
import type { SettingsStore } from './types';

export function createSettingsStore(file: SettingsValuesStore, log: Logger): SettingsStore {
  let current = clampSettings(file.readSettings());
  return {
    get: () => current,
    /** Merges, clamps and saves; throws storage_unavailable (nothing changed) when it cannot save. */
    update(patch) {
      const next: Settings = clampSettings({ ...current, ...patch });
      try {
        file.writeSettings(next);
      } catch (error) {
        log.error('settings: could not save', { error });
        throw new AppError('storage_unavailable', 'Teamtray could not save its settings.', {
          cause: error,
        });
      }
      current = next;
      return next;
    },
  };
}
