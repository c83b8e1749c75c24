/**
 * Opens everything main keeps: the settings file (accounts, token ciphertext, settings), the
 * teams cache file, the vault over the settings file, and the services over them. The app hands
 * in electron-store factories and the safeStorage cipher; tests hand in conf in a temp folder
 * and a real AES cipher.
 */
import { randomUUID } from 'node:crypto';
import type { StoreFactories } from './store-factory';
import type { ClientFactory } from '../flowfuse/types';
import type { Logger } from '../log';
import type { Cipher } from '../vault/cipher';
import { openTokenVault, type TokenVault } from '../vault/token-vault';
import { createAccountRegistry, TOKEN_SERVICE } from './account-registry';
import { createNoticeBoard } from './notice-board';
import { openSettingsFile } from './settings-file';
import { createSettingsStore } from './settings-store';
import { openRuntimeCache, type RuntimeCache } from './runtime-cache';
import { openTeamsCache, type FileTeamsCache } from './teams-cache';
import type { AccountRegistry, NoticeBoard, SettingsStore } from './types';

export interface OpenStoresOptions {
  readonly stores: StoreFactories;
  readonly cipher: Cipher;
  readonly clientFactory: ClientFactory;
  readonly log: Logger;
  /** The app's version: recorded in each file, migrated up to. */
  readonly appVersion: string;
  readonly newId?: () => string;
  /** Epoch ms, as CoreDeps gives it; names the backup of a damaged file. */
  readonly now?: () => number;
  /** Gathers teams-cache writes for this long into one (the core's choice); 0 writes at once. */
  readonly cacheSaveDelayMs?: number;
  /** How long adding an account may wait for the server; tests shorten it. */
  readonly accountCheckMs?: number;
}

export interface Stores {
  readonly registry: AccountRegistry;
  readonly vault: TokenVault;
  readonly settings: SettingsStore;
  readonly teamsCache: FileTeamsCache;
  /** Last-known instances and devices per account and team. */
  readonly runtimeCache: RuntimeCache;
  readonly notices: NoticeBoard;
}

export async function openStores(options: OpenStoresOptions): Promise<Stores> {
  const { log } = options;
  const clock = options.now ?? Date.now;
  const now = (): Date => new Date(clock());
  const projectVersion = options.appVersion;
  const opened = openSettingsFile(options.stores.settings, { log, now, projectVersion });
  const cache = openTeamsCache(options.stores.cache, {
    log,
    now,
    projectVersion,
    saveDelayMs: options.cacheSaveDelayMs ?? 0,
  });
  const runtimeCache = openRuntimeCache(options.stores.cache, {
    log,
    now,
    projectVersion,
    saveDelayMs: options.cacheSaveDelayMs ?? 0,
  });
  const vault = await openTokenVault({ cipher: options.cipher, secrets: opened.file.secrets, log });
  const registry = createAccountRegistry({
    store: opened.file,
    vault,
    clientFactory: options.clientFactory,
    newId: options.newId ?? randomUUID,
    log,
    ...(options.accountCheckMs === undefined ? {} : { checkLimitMs: options.accountCheckMs }),
  });
  const notices = createNoticeBoard();
  for (const notice of opened.notices) notices.add(notice);

  const ids = registry.list().map((account) => account.id);
  cache.cache.retain(ids);
  runtimeCache.retain(ids);
  await pruneOrphanTokens(vault, ids, log);
  // Tokens written before they were bound to their server are bound now, at the address saved.
  await registry.bindBareTokens();

  return {
    registry,
    vault,
    settings: createSettingsStore(opened.file, log),
    teamsCache: cache.cache,
    runtimeCache,
    notices,
  };
}

/** Tokens of accounts that are gone (a crash between two writes, a hand edit) are deleted. */
async function pruneOrphanTokens(
  vault: TokenVault,
  ids: readonly string[],
  log: Logger,
): Promise<void> {
  const saved = new Set(ids);
  for (const account of await vault.accounts(TOKEN_SERVICE)) {
    if (saved.has(account)) continue;
    try {
      await vault.deletePassword(TOKEN_SERVICE, account);
      log.info('stores: deleted the token of a server that is no longer saved', { account });
    } catch (error) {
      log.warn('stores: could not delete an orphaned token', { account, error });
    }
  }
}
