/**
 * Pins, snoozes and quiet hours, changed only by what someone did: the popover's pin, unpin,
 * snooze, unsnooze and quiet until (changePins), a notification's "Snooze 1 hour", and an
 * account removed taking its pins and snoozes with it. Each intent is applied to the settings
 * main saved (common/pins.ts's applyPinIntent), saved, then applied to the model as its own
 * transition (`pinned`, `unpinned`, `snoozed`, `unsnoozed`, `quietSet`), so two changes made at
 * the same moment from two places both stay: nothing writes a whole list computed elsewhere.
 */
import { AppError } from '../../common/errors';
import { applyPinIntent, isPinned, keptFor, snoozeKey, type PinIntent } from '../../common/pins';
import { MAX_PINS } from '../../common/pin-limits';
import type { FocusTarget } from '../../common/runtime';
import type { Settings } from '../../common/settings';
import type { Logger } from '../log';
import type { Model } from '../model/model';
import type { SettingsStore } from '../store/types';

export interface PinSettingsDeps {
  readonly settings: SettingsStore;
  readonly model: Model;
  readonly now: () => number;
  readonly log: Logger;
}

export interface PinSettings {
  /** Applies what the user did; answers the settings saved. Throws when it cannot be saved. */
  change(intent: PinIntent): Settings;
  /** Snoozes the notifications of the item a notification was about, for an hour. */
  snooze(target: FocusTarget): void;
  /** Drops the pins and snoozes of accounts no longer saved. */
  keepAccounts(accountIds: readonly string[]): void;
}

export function createPinSettings(deps: PinSettingsDeps): PinSettings {
  const { settings, model } = deps;

  function change(intent: PinIntent): Settings {
    const at = deps.now();
    const current = settings.get();
    const next = applyPinIntent(current, intent, at);
    if (intent.kind === 'pin' && !isPinned(next.pins, intent.pin)) {
      throw new AppError(
        'invalid_request',
        `At most ${MAX_PINS} items can be pinned: unpin one first.`,
      );
    }
    if (next !== current) settings.update(next);
    // The model applies the same intent over the same settings, at the same time.
    switch (intent.kind) {
      case 'pin':
        model.apply('pinned', { pin: intent.pin, at });
        break;
      case 'unpin':
        model.apply('unpinned', { pin: intent.pin, at });
        break;
      case 'snooze':
        model.apply('snoozed', { key: intent.key, at });
        break;
      case 'unsnooze':
        model.apply('unsnoozed', { key: intent.key, at });
        break;
      case 'quiet':
        model.apply('quietSet', { until: intent.until, at });
        break;
    }
    return settings.get();
  }

  return {
    change,
    snooze(target) {
      if (target.item === null) return;
      const key = snoozeKey(target.accountId, target.item.kind, target.item.id);
      try {
        change({ kind: 'snooze', key });
      } catch (error) {
        // Not saved (the disk said no): the settings store logged it; nothing else to undo.
        deps.log.warn('pins: could not save a snooze', { error });
      }
    },
    keepAccounts(accountIds) {
      const current = settings.get();
      const kept = keptFor(current, new Set(accountIds));
      const same =
        kept.pins.length === current.pins.length &&
        Object.keys(kept.snoozed).length === Object.keys(current.snoozed).length;
      if (same) return;
      try {
        model.apply('settingsSaved', settings.update(kept));
      } catch (error) {
        deps.log.warn('pins: could not save', { error });
      }
    },
  };
}
