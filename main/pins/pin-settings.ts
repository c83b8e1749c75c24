/**
 * What main itself changes in the pins and snoozes (the renderer changes them through
 * updateSettings): a notification's "Snooze 1 hour", and an account removed taking its pins and
 * snoozes with it. Each change is saved, then heard by the model as `settingsSaved`.
 */
import { keptFor, snoozeKey, SNOOZE_MS, withSnooze } from '../../common/pins';
import type { FocusTarget } from '../../common/runtime';
import type { Settings } from '../../common/settings';
import type { Logger } from '../log';
import type { SettingsStore } from '../store/types';

export interface PinSettingsDeps {
  readonly settings: SettingsStore;
  readonly now: () => number;
  readonly log: Logger;
  /** After a save: the model hears it. */
  readonly saved: (settings: Settings) => void;
}

export interface PinSettings {
  /** Snoozes the notifications of the item a notification was about, for an hour. */
  snooze(target: FocusTarget): void;
  /** Drops the pins and snoozes of accounts no longer saved. */
  keepAccounts(accountIds: readonly string[]): void;
}

export function createPinSettings(deps: PinSettingsDeps): PinSettings {
  const save = (patch: Partial<Settings>): void => {
    try {
      deps.saved(deps.settings.update(patch));
    } catch (error) {
      // Not saved (the disk said no): the settings store logged it; nothing else to undo.
      deps.log.warn('pins: could not save', { error });
    }
  };
  return {
    snooze(target) {
      if (target.item === null) return;
      const now = deps.now();
      const key = snoozeKey(target.accountId, target.item.kind, target.item.id);
      save({ snoozed: withSnooze(deps.settings.get().snoozed, key, now + SNOOZE_MS, now) });
    },
    keepAccounts(accountIds) {
      const current = deps.settings.get();
      const kept = keptFor(current, new Set(accountIds));
      const same =
        kept.pins.length === current.pins.length &&
        Object.keys(kept.snoozed).length === Object.keys(current.snoozed).length;
      if (!same) save(kept);
    },
  };
}
