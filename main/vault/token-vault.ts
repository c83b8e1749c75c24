/**
 * The token vault: keytar's shape over the Cipher port (Electron's async safeStorage in the app).
 *
 * On disk it keeps only base64 ciphertext, in a small SecretsStore (a key of the settings file).
 * When the cipher cannot keep anything on disk (Linux with the `basic_text` backend or Chromium's
 * fixed fallback key, or no keyring answering), tokens live in memory for this session only and
 * status() says why: as VS Code does, we would rather ask for a token again than write it in
 * plain text.
 */
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

/** Opens a vault once its keychain check is done: every call after it knows where tokens go. */
export async function openTokenVault(options: TokenVaultOptions): Promise<TokenVault> {
  const { cipher, log } = options;
  const record = createSecretRecord(options.secrets, cipher, log);
  const queue = createKeyedQueue();
  /** Session-only tokens; never written anywhere. */
  const memory = new Map<string, string>();
  const status = await checkKeychain(cipher, log);
  const persistent = status.mode === 'persistent';
  // With a real key, such ciphertext decrypts with shouldReEncrypt and is rewritten on first read
  // (Chromium's encryptor.cc: should_reencrypt when the tag is not the encrypting provider's).
  if (!persistent) record.dropUnprotected();

  return {
    status: () => status,
    setPassword(service, account, password) {
      const key = secretKey(service, account);
      return queue(key, async () => {
        if (!persistent) {
          memory.set(key, password);
          // Ciphertext from an earlier run would come back, stale, once the keychain does.
          record.drop(key);
          return;
        }
        const stored = await record.encrypt(password);
        record.change((next) => {
          next[key] = stored;
        });
      });
    },
    getPassword(service, account) {
      const key = secretKey(service, account);
      return queue(key, async () => {
        if (!persistent) return memory.get(key) ?? null;
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
      const keys = persistent ? Object.keys(record.read()) : [...memory.keys()];
      const prefix = `${encodeURIComponent(service)}/`;
      return Promise.resolve(
        keys
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
