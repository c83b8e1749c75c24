/**
 * The settings file (electron-store's `config.json`): saved accounts, token ciphertext and
 * settings. Its schema pins the top-level layout only; each account and setting is sanitised
 * on load and on every read, so one bad entry costs that entry, not the file.
 */
import { DEFAULT_SETTINGS, type Notice, type Settings } from '../../common/model';
import type { ConfLike, StoreFactory } from './store-factory';
import type { Logger } from '../log';
import type { SecretsStore } from '../vault/token-vault';
import { SETTINGS_MIGRATIONS } from './migrations';
import { openStore, type StoreRecovery } from './open-store';
import { checkShortcut } from '../../common/shortcut';
import { cleanServerText, clipText } from '../../common/text';
import { clampSettings, isRecord, sanitizeAccounts, sanitizeSecrets } from './sanitize';
import type { SavedAccount } from './types';

export const SETTINGS_CONFIG_NAME = 'config';

/** The file as it is written (conf adds its own `__internal__` bookkeeping: the app version). */
export interface SettingsFileData {
  readonly accounts: readonly SavedAccount[];
  /** `service/account -> base64 ciphertext`; never plain text. */
  readonly secrets: Readonly<Record<string, string>>;
  readonly settings: Settings;
}

/** conf's `schema` (JSON Schema per top-level key). */
const SETTINGS_FILE_SCHEMA: Readonly<Record<keyof SettingsFileData, object>> = {
  accounts: { type: 'array' },
  secrets: { type: 'object' },
  settings: { type: 'object' },
};

export const SETTINGS_FILE_DEFAULTS: SettingsFileData = {
  accounts: [],
  secrets: {},
  settings: DEFAULT_SETTINGS,
};

/** The part of the file the registry needs. */
export interface AccountListStore {
  readAccounts(): readonly SavedAccount[];
  writeAccounts(accounts: readonly SavedAccount[]): void;
}

export interface SettingsValuesStore {
  readSettings(): Settings;
  writeSettings(settings: Settings): void;
}

export interface SettingsFile extends AccountListStore, SettingsValuesStore {
  readonly path: string;
  /** The vault's port: the `secrets` key. */
  readonly secrets: SecretsStore;
}

export interface OpenedSettingsFile {
  readonly file: SettingsFile;
  readonly recovery: StoreRecovery | null;
  /** What to tell the user: a file moved aside, accounts that could not be read. */
  readonly notices: readonly Omit<Notice, 'id'>[];
}

export interface OpenSettingsFileOptions {
  readonly log: Logger;
  readonly projectVersion: string;
  readonly now?: () => Date;
}

export function openSettingsFile(
  factory: StoreFactory,
  options: OpenSettingsFileOptions,
): OpenedSettingsFile {
  const { store, recovery, newerVersion } = openStore(factory, {
    configName: SETTINGS_CONFIG_NAME,
    schema: SETTINGS_FILE_SCHEMA,
    defaults: { ...SETTINGS_FILE_DEFAULTS },
    migrations: SETTINGS_MIGRATIONS,
    ...options,
  });
  const notices: Omit<Notice, 'id'>[] = [];
  if (newerVersion !== null) {
    notices.push({
      level: 'warning',
      message: `Your settings were saved by a newer Teamtray (${newerVersion}). This version (${options.projectVersion}) left them untouched, so changes you make now are not saved. Install Teamtray ${newerVersion} or later to keep using them.`,
    });
  }
  if (recovery !== null) {
    notices.push({
      level: 'warning',
      message: `Teamtray could not read its settings file because ${recovery.problem}, so it started afresh: add your FlowFuse servers again. The old file was kept as ${recovery.backupPath}.`,
    });
  }
  const { dropped, lostShortcut } = sanitizeOnLoad(store, options.log);
  if (lostShortcut !== null) notices.push(lostShortcutNotice(lostShortcut));
  if (dropped > 0) {
    notices.push({
      level: 'warning',
      message: `${dropped === 1 ? 'One saved server' : `${dropped} saved servers`} in the settings file could not be read and ${dropped === 1 ? 'was' : 'were'} left out.`,
    });
  }
  return { file: settingsFileOver(store), recovery, notices };
}

/**
 * A shortcut an earlier version saved that today's rules refuse (say Ctrl+Alt+K, which types a
 * character on many keyboards) is turned off, and the user is told which and why.
 */
function lostShortcutNotice(shortcut: string): Omit<Notice, 'id'> {
  const check = checkShortcut(shortcut);
  const why = check.ok ? 'it cannot be used system-wide.' : check.reason;
  // A hand-edited file may hold anything there: it is quoted clipped, with no control or bidi.
  const shown = cleanServerText(shortcut, SHORTCUT_QUOTED + 1);
  const cut = Array.from(shown).length > SHORTCUT_QUOTED;
  const quoted = cut ? `${clipText(shown, SHORTCUT_QUOTED)}…` : shown;
  return {
    level: 'warning',
    message: `The shortcut ${quoted} was turned off: ${why} Choose another in Settings.`,
  };
}

/** Characters of a refused shortcut quoted in its notice (a real one is under 40). */
const SHORTCUT_QUOTED = 60;

/**
 * Rewrites each key whose sanitised value differs; returns how many accounts were dropped, and
 * the saved shortcut if it had to be turned off.
 */
function sanitizeOnLoad(
  store: ConfLike,
  log: Logger,
): { readonly dropped: number; readonly lostShortcut: string | null } {
  // Without conf's cache option every get reads the file again: read each key once.
  const raw: Record<keyof SettingsFileData, unknown> = {
    accounts: store.get('accounts'),
    secrets: store.get('secrets'),
    settings: store.get('settings'),
  };
  const { accounts, dropped } = sanitizeAccounts(raw.accounts);
  const clean: SettingsFileData = {
    accounts,
    secrets: sanitizeSecrets(raw.secrets),
    settings: clampSettings(raw.settings),
  };
  for (const key of Object.keys(clean) as (keyof SettingsFileData)[]) {
    if (JSON.stringify(raw[key]) !== JSON.stringify(clean[key])) {
      log.warn('settings file: sanitised a value on load', { key });
      store.set(key, clean[key]);
    }
  }
  const saved = isRecord(raw.settings) ? raw.settings.globalShortcut : null;
  const lostShortcut =
    typeof saved === 'string' && saved.trim() !== '' && clean.settings.globalShortcut === null
      ? saved.trim()
      : null;
  return { dropped, lostShortcut };
}

/** Typed access to an opened file; every read is sanitised, since the file is outside our hands. */
function settingsFileOver(store: ConfLike): SettingsFile {
  return {
    path: store.path,
    readAccounts: () => sanitizeAccounts(store.get('accounts')).accounts,
    writeAccounts: (accounts) => {
      store.set('accounts', accounts);
    },
    readSettings: () => clampSettings(store.get('settings')),
    writeSettings: (settings) => {
      store.set('settings', settings);
    },
    secrets: {
      read: () => sanitizeSecrets(store.get('secrets')),
      write: (record) => {
        store.set('secrets', record);
      },
    },
  };
}
