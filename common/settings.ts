/**
 * The app's settings: one schema, from which the type, the bridge's update request and the
 * repair of what comes back from disk all follow. Their defaults and the themes are in
 * ./settings-defaults.ts, which the renderer imports without valibot.
 */
import * as v from 'valibot';
import { DEVICE_GRACE_CHOICES, REMIND_AFTER_CHOICES } from './alert-choices';
import { MAX_PINS, MAX_SNOOZED, PIN_NAME_MAX } from './pin-limits';
import { THEMES } from './themes';
import { checkShortcut } from './shortcut';
import { hasControlChars } from './text';

/** A day: longer than that is "off" in all but name. */
export const MAX_REFRESH_MINUTES = 24 * 60;
const SHORTCUT_MAX_LENGTH = 100;
/** An id the server gave (a team's, an instance's, a device's) or an account's own. */
const ID_MAX = 100;

/** One pinned item: by its ids, so a rename on the server keeps it. */
export const pinRule = v.strictObject({
  accountId: v.pipe(v.string(), v.minLength(1), v.maxLength(ID_MAX)),
  kind: v.picklist(['team', 'instance', 'device']),
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(ID_MAX)),
  /** Its name when it was pinned: what a pin shows once the server no longer lists it. */
  name: v.pipe(v.string(), v.maxLength(PIN_NAME_MAX)),
});

/** A snoozed item's key: `account/i/instance` or `account/d/device` (common/pins.ts). */
export const snoozeKeyRule = v.pipe(
  v.string(),
  v.minLength(5),
  v.maxLength(2 * ID_MAX + 3),
  v.regex(/^[^/]+\/[id]\/[^/]+$/),
);
/** Epoch ms, a whole number. */
const epochRule = v.pipe(v.number(), v.integer(), v.minValue(0));
/** A local time of day, as a time field gives it: "22:00". */
export const clockRule = v.pipe(v.string(), v.regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/));
/** A day of the week as Date.getDay() counts: 0 is Sunday. */
export const weekdayRule = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(6));

/** Quiet hours on a schedule: from, to (the next day when earlier), on the days it starts on. */
const quietHoursRule = v.strictObject({
  on: v.boolean(),
  from: clockRule,
  to: clockRule,
  days: v.pipe(
    v.array(weekdayRule),
    v.maxLength(7),
    v.check((days) => new Set(days).size === days.length, 'Each day once.'),
  ),
});

/** Each setting's rule. */
export const settingRules = {
  launchAtLogin: v.boolean(),
  /** Minutes between background refreshes; 0 turns it off. */
  refreshIntervalMinutes: v.pipe(
    v.number(),
    v.integer(),
    v.minValue(0),
    v.maxValue(MAX_REFRESH_MINUTES),
  ),
  /** An Electron accelerator such as `CommandOrControl+Shift+T`, or null for none. */
  globalShortcut: v.nullable(
    v.pipe(
      v.string(),
      v.minLength(1),
      v.maxLength(SHORTCUT_MAX_LENGTH),
      v.check((text) => !hasControlChars(text), 'A shortcut is one line of text.'),
      v.check((text) => checkShortcut(text).ok, 'That shortcut cannot be used system-wide.'),
    ),
  ),
  theme: v.picklist(THEMES),
  /** Tell me when an instance crashes, or stops or is suspended by someone else. */
  notifyInstances: v.boolean(),
  /** Tell me when a device goes offline or comes back. */
  notifyDevices: v.boolean(),
  /** Tell me when an account's token stops working. */
  notifyAccounts: v.boolean(),
  /** Tell me when a problem is over: running again, out of safe mode, back online, connected again. */
  notifyRecoveries: v.boolean(),
  /** Remind me once when a problem lasts this many minutes; 0: never. */
  remindAfterMinutes: v.picklist(REMIND_AFTER_CHOICES),
  /** A device offline alerts only after this many minutes more (0: as soon as it is offline). */
  deviceGraceMinutes: v.picklist(DEVICE_GRACE_CHOICES),
  /** Devices offline turn the tray icon to attention too. */
  devicesNeedAttention: v.boolean(),
  /** How many need the user shows on the tray (beside the icon, on it, or in its tooltip). */
  trayCount: v.boolean(),
  /** Pinned teams, instances and devices of every account, shown at the top of the list. */
  pins: v.pipe(v.array(pinRule), v.maxLength(MAX_PINS)),
  /** Items whose notifications are silent until a time (key → epoch ms). */
  snoozed: v.pipe(v.record(snoozeKeyRule, epochRule), v.maxEntries(MAX_SNOOZED)),
  /** Every notification is silent until then (quiet hours); null when not. */
  quietUntil: v.nullable(epochRule),
  /** Quiet hours on a schedule (Settings › Notifications); off by default. */
  quietHours: quietHoursRule,
  /** "Notify now" ended the scheduled window that held: it stays off until then (its end). */
  quietOffUntil: v.nullable(epochRule),
} as const;

/** The settings: what `v.object(settingRules)` gives. */
export type Settings = Readonly<v.InferOutput<v.ObjectSchema<typeof settingRules, undefined>>>;

/**
 * What `updateSettings` takes: any of the scalar settings (the quiet hours' schedule is one value),
 * nothing else. Pins, snoozes and quiet hours change only by what the user did (`changePins`, pinIntentSchema), so a list the renderer
 * computed from an older replica never writes over a change main made meanwhile.
 */
export const settingsPatchSchema = v.partial(
  v.strictObject({
    launchAtLogin: settingRules.launchAtLogin,
    refreshIntervalMinutes: settingRules.refreshIntervalMinutes,
    globalShortcut: settingRules.globalShortcut,
    theme: settingRules.theme,
    notifyInstances: settingRules.notifyInstances,
    notifyDevices: settingRules.notifyDevices,
    notifyAccounts: settingRules.notifyAccounts,
    notifyRecoveries: settingRules.notifyRecoveries,
    remindAfterMinutes: settingRules.remindAfterMinutes,
    deviceGraceMinutes: settingRules.deviceGraceMinutes,
    devicesNeedAttention: settingRules.devicesNeedAttention,
    trayCount: settingRules.trayCount,
    quietHours: settingRules.quietHours,
  }),
);

/** The scalar settings `updateSettings` takes. */
export type SettingsPatch = v.InferOutput<typeof settingsPatchSchema>;

/** One thing the user did to pins, snoozes or quiet hours (common/pins.ts's PinIntent). */
export const pinIntentSchema = v.variant('kind', [
  v.strictObject({ kind: v.literal('pin'), pin: pinRule }),
  v.strictObject({ kind: v.literal('unpin'), pin: v.omit(pinRule, ['name']) }),
  v.strictObject({ kind: v.literal('snooze'), key: snoozeKeyRule }),
  v.strictObject({ kind: v.literal('unsnooze'), key: snoozeKeyRule }),
  v.strictObject({ kind: v.literal('quiet'), until: v.nullable(epochRule) }),
]);
