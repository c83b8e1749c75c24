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

export class FileSettingsStore implements SettingsStore {
  readonly #file: SettingsValuesStore;
  readonly #log: Logger;
  readonly #listeners = new Set<(settings: Settings) => void>();
  #current: Settings;

  constructor(file: SettingsValuesStore, log: Logger) {
    this.#file = file;
    this.#log = log;
    this.#current = clampSettings(file.readSettings());
  }

  get(): Settings {
    return this.#current;
  }

  /** Merges, clamps and saves; throws storage_unavailable (nothing changed) when it cannot save. */
  update(patch: Partial<Settings>): Settings {
    const next = clampSettings({ ...this.#current, ...patch });
    try {
      this.#file.writeSettings(next);
    } catch (error) {
      this.#log.error('settings: could not save', { error });
      throw new AppError('storage_unavailable', 'Teamtray could not save its settings.', {
        cause: error,
      });
    }
    this.#current = next;
    for (const listener of this.#listeners) listener(next);
    return next;
  }

  onChange(listener: (settings: Settings) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}

export function createSettingsStore(file: SettingsValuesStore, log: Logger): FileSettingsStore {
  return new FileSettingsStore(file, log);
}
