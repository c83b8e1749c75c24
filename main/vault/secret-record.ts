/**
 * The vault's ciphertext on disk (a key of the settings file): read, change and write it whole,
 * encrypt into it and decrypt out of it. Plain text never reaches the record.
 */
import { AppError } from '../../common/errors';
import type { Logger } from '../log';
import type { Cipher } from './cipher';

/** Where the ciphertext lives: `service/account -> base64`. */
export interface SecretsStore {
  read(): Readonly<Record<string, string>>;
  write(record: Readonly<Record<string, string>>): void;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export interface SecretRecord {
  read(): Readonly<Record<string, string>>;
  /** Reads, changes and writes with no await between, so writes of other keys are not lost. */
  change(edit: (record: Record<string, string>) => void): void;
  /** Removes a persisted value if there is one. Removing never writes a secret. */
  drop(key: string): boolean;
  encrypt(password: string): Promise<string>;
  /** Decrypts one stored value (re-encrypting it after a key change); null when unreadable. */
  open(key: string, stored: string): Promise<string | null>;
  /** Removes values the cipher says a fixed key made (as good as plain text on disk). */
  dropUnprotected(): void;
}

export function createSecretRecord(
  secrets: SecretsStore,
  cipher: Cipher,
  log: Logger,
): SecretRecord {
  const read = (): Readonly<Record<string, string>> => {
    try {
      return secrets.read();
    } catch (error) {
      log.error('vault: could not read the stored tokens', { error });
      return {};
    }
  };

  const change = (edit: (record: Record<string, string>) => void): void => {
    try {
      const record = { ...secrets.read() };
      edit(record);
      secrets.write(record);
    } catch (error) {
      log.error('vault: could not write the stored tokens', { error });
      throw new AppError('storage_unavailable', 'Teamtray could not write its settings file.', {
        cause: error,
      });
    }
  };

  const remove = (keys: readonly string[]) => (record: Record<string, string>) => {
    // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- the record is keyed by secret
    for (const key of keys) delete record[key];
  };

  const encrypt = async (password: string): Promise<string> => {
    try {
      return Buffer.from(await cipher.encrypt(password)).toString('base64');
    } catch (error) {
      log.error('vault: the keychain did not encrypt a token', { error });
      throw new AppError(
        'storage_unavailable',
        'The system keychain did not encrypt the token, so it was not saved.',
        { cause: error },
      );
    }
  };

  return {
    read,
    change,
    drop(key) {
      if (!Object.hasOwn(read(), key)) return false;
      change(remove([key]));
      return true;
    },
    encrypt,
    async open(key, stored) {
      if (!BASE64.test(stored)) {
        log.warn('vault: a stored token is not base64 and was ignored', { key });
        return null;
      }
      let plain: { value: string; shouldReEncrypt: boolean };
      try {
        plain = await cipher.decrypt(Buffer.from(stored, 'base64'));
      } catch (error) {
        // A new keychain, a copied settings file or a damaged value: the user pastes it again.
        log.warn('vault: a stored token could not be decrypted', { key, error });
        return null;
      }
      if (plain.shouldReEncrypt) {
        try {
          const renewed = await encrypt(plain.value);
          change((record) => {
            record[key] = renewed;
          });
        } catch (error) {
          // The old ciphertext still decrypts; try again next time.
          log.warn('vault: could not re-encrypt a token after a key change', { key, error });
        }
      }
      return plain.value;
    },
    dropUnprotected() {
      const isProtected = cipher.isProtected?.bind(cipher);
      if (isProtected === undefined) return;
      const record = read();
      const weak = Object.keys(record).filter((key) => {
        const stored = record[key] ?? '';
        return BASE64.test(stored) && !isProtected(Buffer.from(stored, 'base64'));
      });
      if (weak.length === 0) return;
      try {
        change(remove(weak));
        log.warn('vault: removed tokens stored under a key that does not protect them', {
          count: weak.length,
        });
      } catch {
        // change() logged it; the tokens stay unread (the vault never decrypts them in session).
      }
    },
  };
}
