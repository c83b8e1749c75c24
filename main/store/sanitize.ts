/**
 * What comes back from disk is untrusted: a hand edit, an older or newer build, a half-restored
 * backup. Each value is rebuilt from what is valid, so one bad account costs that account and
 * not the whole file.
 */
import * as v from 'valibot';
import { asAccountId, type Origin } from '../../common/brand';
import {
  MAX_REFRESH_MINUTES,
  pinRule,
  settingRules,
  clockRule,
  weekdayRule,
  snoozeKeyRule,
  type Settings,
} from '../../common/settings';
import { samePin, type Pin } from '../../common/pins';
import { MAX_PINS, MAX_SNOOZED } from '../../common/pin-limits';
import { DEFAULT_SETTINGS } from '../../common/settings-defaults';
import { normalizeBaseUrl } from '../flowfuse/base-url';
import { MAX_USERNAME, MAX_VERSION } from '../flowfuse/schemas';
import { cleanLabel } from './account-fields';
import { sanitizeTokenIds, sanitizeTokenInfo, sanitizeTokenWarned } from './sanitize-token-info';
import { tokenMemory } from './token-memory';
import type { SavedAccount } from './types';

/** The bridge's reorder call takes at most 500 ids. */
export const MAX_ACCOUNTS = 500;
const ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

export type UnknownRecord = Readonly<Record<string, unknown>>;

export function isRecord(value: unknown): value is UnknownRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export interface SanitizedAccounts {
  readonly accounts: SavedAccount[];
  /** How many entries were left out (invalid, duplicate id, or same account twice). */
  readonly dropped: number;
}

export function sanitizeAccounts(raw: unknown): SanitizedAccounts {
  const list = Array.isArray(raw) ? (raw as readonly unknown[]) : [];
  const accounts: SavedAccount[] = [];
  const ids = new Set<string>();
  const users = new Set<string>();
  for (const item of list) {
    const account = sanitizeAccount(item);
    if (account === null || ids.has(account.id) || accounts.length >= MAX_ACCOUNTS) continue;
    const user = account.userId === null ? null : `${account.origin} ${account.userId}`;
    if (user !== null && users.has(user)) continue;
    ids.add(account.id);
    if (user !== null) users.add(user);
    accounts.push(account);
  }
  return { accounts, dropped: list.length - accounts.length };
}

export function sanitizeAccount(raw: unknown): SavedAccount | null {
  if (!isRecord(raw)) return null;
  const { id, origin: rawOrigin } = raw;
  if (typeof id !== 'string' || !ID_PATTERN.test(id) || typeof rawOrigin !== 'string') return null;
  const allowHttp = raw.allowHttp === true;
  const origin = validOrigin(rawOrigin, allowHttp);
  if (origin === null) return null;
  const label = typeof raw.label === 'string' ? cleanLabel(raw.label) : '';
  return {
    id: asAccountId(id),
    label,
    origin,
    allowHttp,
    userId: shortString(raw.userId, 200),
    username: shortString(raw.username, MAX_USERNAME),
    version: shortString(raw.version, MAX_VERSION),
    // Files written before token health have none: unknown, learnt at the next refresh.
    tokenInfo: sanitizeTokenInfo(raw.tokenInfo),
    // Files written before these were kept (f80a64b) have none: nothing listed, nothing told.
    // Absent stays absent, so such a file reads back clean and is not rewritten.
    ...tokenMemory({
      tokensListed: sanitizeTokenIds(raw.tokensListed),
      tokensBefore: sanitizeTokenIds(raw.tokensBefore),
      tokenWarned: sanitizeTokenWarned(raw.tokenWarned),
    }),
  };
}

/** Only an origin that normalises to itself; plain http only with the consent saved beside it. */
function validOrigin(raw: string, allowHttp: boolean): Origin | null {
  try {
    const origin = normalizeBaseUrl(raw, { allowHttp });
    return origin === raw ? origin : null;
  } catch {
    return null;
  }
}

function shortString(value: unknown, max: number): string | null {
  return typeof value === 'string' && value !== '' && value.length <= max ? value : null;
}

/** Keeps string values only: anything else cannot be ciphertext we wrote. */
export function sanitizeSecrets(raw: unknown): Record<string, string> {
  const secrets: Record<string, string> = {};
  if (!isRecord(raw)) return secrets;
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value === 'string') secrets[key] = value;
  }
  return secrets;
}

/**
 * Every setting by the rules of common/settings.ts; what is missing or wrong takes its default.
 * A number out of range is brought into it, a shortcut with spaces around it is trimmed. Pins and
 * snoozes are repaired entry by entry (a bad one costs that one), and a snooze or quiet hours
 * that ended by `now` are dropped. The quiet hours' schedule is repaired field by field.
 */
export function clampSettings(raw: unknown, now: number = Date.now()): Settings {
  const value = isRecord(raw) ? raw : {};
  const interval =
    typeof value.refreshIntervalMinutes === 'number' &&
    Number.isFinite(value.refreshIntervalMinutes)
      ? Math.min(MAX_REFRESH_MINUTES, Math.max(0, Math.round(value.refreshIntervalMinutes)))
      : value.refreshIntervalMinutes;
  const shortcut =
    typeof value.globalShortcut === 'string' ? value.globalShortcut.trim() : value.globalShortcut;
  return {
    launchAtLogin: valid(settingRules.launchAtLogin, value.launchAtLogin, 'launchAtLogin'),
    refreshIntervalMinutes: valid(
      settingRules.refreshIntervalMinutes,
      interval,
      'refreshIntervalMinutes',
    ),
    globalShortcut:
      shortcut === '' ? null : valid(settingRules.globalShortcut, shortcut, 'globalShortcut'),
    theme: valid(settingRules.theme, value.theme, 'theme'),
    notifyInstances: valid(settingRules.notifyInstances, value.notifyInstances, 'notifyInstances'),
    notifyDevices: valid(settingRules.notifyDevices, value.notifyDevices, 'notifyDevices'),
    notifyAccounts: valid(settingRules.notifyAccounts, value.notifyAccounts, 'notifyAccounts'),
    notifyRecoveries: valid(
      settingRules.notifyRecoveries,
      value.notifyRecoveries,
      'notifyRecoveries',
    ),
    remindAfterMinutes: valid(
      settingRules.remindAfterMinutes,
      value.remindAfterMinutes,
      'remindAfterMinutes',
    ),
    deviceGraceMinutes: valid(
      settingRules.deviceGraceMinutes,
      value.deviceGraceMinutes,
      'deviceGraceMinutes',
    ),
    devicesNeedAttention: valid(
      settingRules.devicesNeedAttention,
      value.devicesNeedAttention,
      'devicesNeedAttention',
    ),
    trayCount: valid(settingRules.trayCount, value.trayCount, 'trayCount'),
    pins: cleanPins(value.pins),
    snoozed: cleanSnoozed(value.snoozed, now),
    quietUntil:
      typeof value.quietUntil === 'number' && value.quietUntil > now
        ? valid(settingRules.quietUntil, value.quietUntil, 'quietUntil')
        : null,
    quietHours: cleanQuietHours(value.quietHours),
    quietOffUntil:
      typeof value.quietOffUntil === 'number' && value.quietOffUntil > now
        ? valid(settingRules.quietOffUntil, value.quietOffUntil, 'quietOffUntil')
        : null,
  };
}

/**
 * The schedule field by field: a bad time takes its default, a bad day is dropped, and a
 * schedule that is not an object, or is not plainly on, is off.
 */
function cleanQuietHours(raw: unknown): Settings['quietHours'] {
  const fallback = DEFAULT_SETTINGS.quietHours;
  if (!isRecord(raw)) return fallback;
  const days = Array.isArray(raw.days)
    ? [...new Set((raw.days as readonly unknown[]).filter((day) => v.is(weekdayRule, day)))]
    : fallback.days;
  return {
    on: raw.on === true,
    from: v.is(clockRule, raw.from) ? raw.from : fallback.from,
    to: v.is(clockRule, raw.to) ? raw.to : fallback.to,
    days: days.sort((a, b) => a - b),
  };
}

/** The valid pins, each once, at most MAX_PINS. */
function cleanPins(raw: unknown): Pin[] {
  const pins: Pin[] = [];
  if (!Array.isArray(raw)) return pins;
  for (const item of raw as readonly unknown[]) {
    const parsed = v.safeParse(pinRule, item);
    if (!parsed.success || pins.some((pin) => samePin(pin, parsed.output))) continue;
    pins.push(parsed.output);
    if (pins.length >= MAX_PINS) break;
  }
  return pins;
}

/** The valid snoozes that have not ended, at most MAX_SNOOZED (those ending last are kept). */
function cleanSnoozed(raw: unknown, now: number): Settings['snoozed'] {
  if (!isRecord(raw)) return {};
  const kept = Object.entries(raw)
    .filter(
      (entry): entry is [string, number] =>
        v.is(snoozeKeyRule, entry[0]) &&
        typeof entry[1] === 'number' &&
        Number.isInteger(entry[1]) &&
        entry[1] > now,
    )
    .sort((a, b) => b[1] - a[1])
    .slice(0, MAX_SNOOZED);
  return Object.fromEntries(kept);
}

function valid<K extends keyof Settings>(
  rule: v.GenericSchema<unknown, Settings[K]>,
  value: unknown,
  key: K,
): Settings[K] {
  const parsed = v.safeParse(rule, value);
  return parsed.success ? parsed.output : DEFAULT_SETTINGS[key];
}
