/**
 * The token vault: keytar's shape over the Cipher port (Electron's async safeStorage in the app).
 *
 * On disk it keeps only base64 ciphertext, in a small SecretsStore (a key of the settings file).
 * When the cipher cannot keep anything on disk (Linux with the `basic_text` backend or Chromium's
 * fixed fallback key, or no keyring answering), tokens live in memory for this session only and
 * status() says why: as VS Code does, we would rather ask for a token again than write it in
 * plain text. A keychain that stops answering later (it will not encrypt a token being saved)
 * turns the vault to this session only from then on: the token is kept in memory, status() says
 * so, and onChange() tells the core (the model's `vaultChanged`, the popover's banner).
 */
import { Emitter } from '../../common/emitter';
import { AppError } from '../../common/errors';
import type { VaultStatus } from '../../common/model';
import type { Logger } from '../log';
import type { VaultStatusSource } from '../store/types';
import type { Cipher } from './cipher';
import { createKeyedQueue } from '../base/keyed-queue';
import { createSecretRecord, type SecretsStore } from './secret-record';

export type { SecretsStore } from './secret-record';

/** keytar's API (the calls the app makes), so callers do not care what keeps the secret. */
export interface KeytarVault {
  setPassword(service: string, account: string, password: string): Promise<void>;
  getPassword(service: string, account: string): Promise<string | null>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

export interface TokenVault extends KeytarVault, VaultStatusSource {
  /** The accounts held for a service, without decrypting anything (for pruning orphans). */
  accounts(service: string): Promise<string[]>;
}

export interface TokenVaultOptions {
  readonly cipher: Cipher;
  readonly secrets: SecretsStore;
  readonly log: Logger;
}

const PERSISTENT: VaultStatus = { mode: 'persistent', reason: null };
/** Why the vault turned to this session only after it started with a keychain. */
export const STOPPED_ANSWERING =
  'The system keychain stopped answering, so new tokens are kept for this session only.';

/** Opens a vault once its keychain check is done: every call after it knows where tokens go. */
export async function openTokenVault(options: TokenVaultOptions): Promise<TokenVault> {
  const { cipher, log } = options;
  const record = createSecretRecord(options.secrets, cipher, log);
  const queue = createKeyedQueue();
  /** Session-only tokens; never written anywhere. */
  const memory = new Map<string, string>();
  let status = await checkKeychain(cipher, log);
  /** Whether the settings file's ciphertext is read: a keychain that answered at the start. */
  const readsDisk = status.mode === 'persistent';
  const changes = new Emitter<VaultStatus>();
  // With a real key, such ciphertext decrypts with shouldReEncrypt and is rewritten on first read
  // (Chromium's encryptor.cc: should_reencrypt when the tag is not the encrypting provider's).
  if (!readsDisk) record.dropUnprotected();

  /** Keeps the token for this session only (the keychain never answered, or stopped). */
  const keepInMemory = (key: string, password: string): void => {
    memory.set(key, password);
    // Ciphertext from an earlier run would come back, stale, once the keychain does.
    record.drop(key);
  };

  return {
    status: () => status,
    onChange: (listener) => changes.on(listener),
    setPassword(service, account, password) {
      const key = secretKey(service, account);
      return queue(key, async () => {
        if (status.mode === 'session') {
          keepInMemory(key, password);
          return;
        }
        let stored: string;
        try {
          stored = await record.encrypt(password);
        } catch (error) {
          if (!(error instanceof AppError) || error.code !== 'storage_unavailable') throw error;
          log.warn('vault: the keychain stopped answering; tokens are kept for this session only');
          status = { mode: 'session', reason: STOPPED_ANSWERING };
          keepInMemory(key, password);
          changes.emit(status);
          return;
        }
        record.change((next) => {
          next[key] = stored;
        });
      });
    },
    getPassword(service, account) {
      const key = secretKey(service, account);
      return queue(key, async () => {
        const kept = memory.get(key);
        if (kept !== undefined || !readsDisk) return kept ?? null;
        const stored = record.read()[key];
        return stored === undefined ? null : record.open(key, stored);
      });
    },
    deletePassword(service, account) {
      const key = secretKey(service, account);
      return queue(key, () => {
        const inMemory = memory.delete(key);
        const onDisk = record.drop(key);
        return Promise.resolve(inMemory || onDisk);
      });
    },
    accounts(service) {
      const keys = new Set([...(readsDisk ? Object.keys(record.read()) : []), ...memory.keys()]);
      const prefix = `${encodeURIComponent(service)}/`;
      return Promise.resolve(
        [...keys]
          .filter((key) => key.startsWith(prefix))
          .map((key) => decodeURIComponent(key.slice(prefix.length))),
      );
    },
  };
}

/** Asks the cipher once whether ciphertext can be kept. */
async function checkKeychain(cipher: Cipher, log: Logger): Promise<VaultStatus> {
  let status: VaultStatus;
  let detail: string | undefined;
  try {
    const availability = await cipher.availability();
    if (!availability.available) detail = availability.detail;
    status = availability.available
      ? PERSISTENT
      : {
          mode: 'session',
          reason: availability.reason.trim() || 'No system keychain is available.',
        };
  } catch (error) {
    log.warn('vault: could not ask the keychain whether it is available', { error });
    status = { mode: 'session', reason: 'The system keychain did not answer.' };
  }
  if (status.mode === 'session') {
    log.warn('vault: tokens are kept for this session only', {
      reason: status.reason,
      ...(detail === undefined ? {} : { detail }),
    });
  }
  return status;
}

// Both parts are encoded so `a/b` + `c` and `a` + `b/c` cannot meet.
function secretKey(service: string, account: string): string {
  return `${encodeURIComponent(service)}/${encodeURIComponent(account)}`;
}
