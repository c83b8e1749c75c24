/**
 * The token vault: keytar's shape over the Cipher port (Electron's async safeStorage in the app).
 *
 * On disk it keeps only base64 ciphertext, in a small SecretsStore (a key of the settings file).
 * When the cipher cannot keep anything on disk (Linux with the `basic_text` backend, or no keyring
 * answering), tokens live in memory for this session only and status() says why: as VS Code
 * does, we would rather ask for a token again than write it in plain text.
 */
import { AppError } from '../../common/errors';
import type { VaultStatus } from '../../common/model';
import type { Logger } from '../log';
import type { VaultStatusSource } from '../store/types';
import type { Cipher } from './cipher';
import { KeyedQueue } from './keyed-queue';

/** Where the ciphertext lives: `service/account -> base64`. */
export interface SecretsStore {
  read(): Readonly<Record<string, string>>;
  write(record: Readonly<Record<string, string>>): void;
}

export interface Credential {
  readonly account: string;
  readonly password: string;
}

/** keytar's API, so callers do not care what keeps the secret. */
export interface KeytarVault {
  setPassword(service: string, account: string, password: string): Promise<void>;
  getPassword(service: string, account: string): Promise<string | null>;
  deletePassword(service: string, account: string): Promise<boolean>;
  findCredentials(service: string): Promise<Credential[]>;
}

export interface TokenVaultOptions {
  readonly cipher: Cipher;
  readonly secrets: SecretsStore;
  readonly log: Logger;
}

const NOT_CHECKED: VaultStatus = {
  mode: 'session',
  reason: 'The system keychain has not been checked yet.',
};
const PERSISTENT: VaultStatus = { mode: 'persistent', reason: null };
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export class TokenVault implements KeytarVault, VaultStatusSource {
  readonly #cipher: Cipher;
  readonly #secrets: SecretsStore;
  readonly #log: Logger;
  readonly #queue = new KeyedQueue();
  /** Session-only tokens; never written anywhere. */
  readonly #memory = new Map<string, string>();
  #status: VaultStatus | null = null;
  #ready: Promise<VaultStatus> | undefined;

  constructor(options: TokenVaultOptions) {
    this.#cipher = options.cipher;
    this.#secrets = options.secrets;
    this.#log = options.log;
  }

  /** Asks the cipher once whether ciphertext can be kept. Every other method waits for it. */
  init(): Promise<VaultStatus> {
    this.#ready ??= this.#check();
    return this.#ready;
  }

  status(): VaultStatus {
    return this.#status ?? NOT_CHECKED;
  }

  async setPassword(service: string, account: string, password: string): Promise<void> {
    const key = secretKey(service, account);
    await this.init();
    await this.#queue.run(key, async () => {
      if (!this.#persistent()) {
        this.#memory.set(key, password);
        // Ciphertext from an earlier run would come back, stale, once the keychain does.
        this.#dropPersisted(key);
        return;
      }
      const stored = await this.#encrypt(password);
      this.#writeRecord((record) => {
        record[key] = stored;
      });
    });
  }

  async getPassword(service: string, account: string): Promise<string | null> {
    const key = secretKey(service, account);
    await this.init();
    return this.#queue.run(key, async () => {
      if (!this.#persistent()) return this.#memory.get(key) ?? null;
      const stored = this.#readRecord()[key];
      return stored === undefined ? null : this.#open(key, stored);
    });
  }

  async deletePassword(service: string, account: string): Promise<boolean> {
    const key = secretKey(service, account);
    await this.init();
    return this.#queue.run(key, () => {
      const inMemory = this.#memory.delete(key);
      const onDisk = this.#dropPersisted(key);
      return Promise.resolve(inMemory || onDisk);
    });
  }

  async findCredentials(service: string): Promise<Credential[]> {
    await this.init();
    const found: Credential[] = [];
    for (const account of await this.accounts(service)) {
      const password = await this.getPassword(service, account);
      if (password !== null) found.push({ account, password });
    }
    return found;
  }

  /** The accounts held for a service, without decrypting anything (for pruning orphans). */
  async accounts(service: string): Promise<string[]> {
    await this.init();
    const keys = this.#persistent() ? Object.keys(this.#readRecord()) : [...this.#memory.keys()];
    const prefix = `${encodeURIComponent(service)}/`;
    return keys
      .filter((key) => key.startsWith(prefix))
      .map((key) => decodeURIComponent(key.slice(prefix.length)));
  }

  async #check(): Promise<VaultStatus> {
    let status: VaultStatus;
    try {
      const availability = await this.#cipher.availability();
      status = availability.available
        ? PERSISTENT
        : {
            mode: 'session',
            reason: availability.reason.trim() || 'No system keychain is available.',
          };
    } catch (error) {
      this.#log.warn('vault: could not ask the keychain whether it is available', { error });
      status = { mode: 'session', reason: 'The system keychain did not answer.' };
    }
    if (status.mode === 'session') {
      this.#log.warn('vault: tokens are kept for this session only', { reason: status.reason });
    }
    this.#status = status;
    // With a real key, such ciphertext decrypts with shouldReEncrypt and is rewritten on first read
    // (Chromium's encryptor.cc: should_reencrypt when the tag is not the encrypting provider's).
    if (status.mode === 'session') this.#dropUnprotected();
    return status;
  }

  /**
   * Session only: removes ciphertext made with a key anyone has (an older Teamtray wrote it while
   * Linux fell back to Chromium's built-in key): on disk it is as good as plain text, and this
   * session cannot rewrite it under a real key. The user pastes the token again.
   */
  #dropUnprotected(): void {
    const isProtected = this.#cipher.isProtected?.bind(this.#cipher);
    if (isProtected === undefined) return;
    const record = this.#readRecord();
    const weak = Object.keys(record).filter((key) => {
      const stored = record[key] ?? '';
      return BASE64.test(stored) && !isProtected(Buffer.from(stored, 'base64'));
    });
    if (weak.length === 0) return;
    try {
      this.#writeRecord((next) => {
        // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- the record is keyed by secret
        for (const key of weak) delete next[key];
      });
      this.#log.warn('vault: removed tokens stored under a key that does not protect them', {
        count: weak.length,
      });
    } catch {
      // #writeRecord logged it; the tokens stay unread (the vault never decrypts them in session).
    }
  }

  #persistent(): boolean {
    return this.#status?.mode === 'persistent';
  }

  async #encrypt(password: string): Promise<string> {
    try {
      return Buffer.from(await this.#cipher.encrypt(password)).toString('base64');
    } catch (error) {
      this.#log.error('vault: the keychain did not encrypt a token', { error });
      throw new AppError(
        'storage_unavailable',
        'The system keychain did not encrypt the token, so it was not saved.',
        { cause: error },
      );
    }
  }

  /** Decrypts one stored value; null (and a log line) when it cannot be read. */
  async #open(key: string, stored: string): Promise<string | null> {
    if (!BASE64.test(stored)) {
      this.#log.warn('vault: a stored token is not base64 and was ignored', { key });
      return null;
    }
    let plain: { value: string; shouldReEncrypt: boolean };
    try {
      plain = await this.#cipher.decrypt(Buffer.from(stored, 'base64'));
    } catch (error) {
      // A new keychain, a copied settings file or a damaged value: the user pastes the token again.
      this.#log.warn('vault: a stored token could not be decrypted', { key, error });
      return null;
    }
    if (plain.shouldReEncrypt) {
      try {
        const renewed = await this.#encrypt(plain.value);
        this.#writeRecord((record) => {
          record[key] = renewed;
        });
      } catch (error) {
        // The old ciphertext still decrypts; try again next time.
        this.#log.warn('vault: could not re-encrypt a token after a key change', { key, error });
      }
    }
    return plain.value;
  }

  #readRecord(): Readonly<Record<string, string>> {
    try {
      return this.#secrets.read();
    } catch (error) {
      this.#log.error('vault: could not read the stored tokens', { error });
      return {};
    }
  }

  #writeRecord(change: (record: Record<string, string>) => void): void {
    try {
      // Read and write with no await between them, so writes of other keys are not lost.
      const record = { ...this.#secrets.read() };
      change(record);
      this.#secrets.write(record);
    } catch (error) {
      this.#log.error('vault: could not write the stored tokens', { error });
      throw new AppError('storage_unavailable', 'Teamtray could not write its settings file.', {
        cause: error,
      });
    }
  }

  /** Removes a persisted value if there is one. Removing never writes a secret. */
  #dropPersisted(key: string): boolean {
    if (!Object.hasOwn(this.#readRecord(), key)) return false;
    this.#writeRecord((record) => {
      // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- the record is keyed by secret
      delete record[key];
    });
    return true;
  }
}

/** Builds a vault and waits for its keychain check. */
export async function openTokenVault(options: TokenVaultOptions): Promise<TokenVault> {
  const vault = new TokenVault(options);
  await vault.init();
  return vault;
}

// Both parts are encoded so `a/b` + `c` and `a` + `b/c` cannot meet.
function secretKey(service: string, account: string): string {
  return `${encodeURIComponent(service)}/${encodeURIComponent(account)}`;
}
