/**
 * Real ciphers for tests, implementing the vault's Cipher port without Electron.
 *
 * AesGcmCipher is AES-256-GCM with a random key per cipher, a random IV per message and an
 * authentication tag, so a flipped byte fails to decrypt exactly as safeStorage would refuse it.
 * rotateKey() models an OS key rotation: old ciphertext still decrypts, with shouldReEncrypt.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Cipher, CipherAvailability } from '../../main/vault/cipher';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Layout: [key index (1)] [iv (12)] [tag (16)] [ciphertext]. */
const HEADER_BYTES = 1 + IV_BYTES + TAG_BYTES;

export class AesGcmCipher implements Cipher {
  /** Every key this cipher has had; the last one encrypts. */
  readonly #keys: Buffer[];

  /** A random key, or fixed ones (a fixture written once and read by later versions). */
  constructor(keys: readonly Buffer[] = [randomBytes(KEY_BYTES)]) {
    if (keys.some((key) => key.length !== KEY_BYTES)) throw new Error('AES-256 needs 32-byte keys');
    this.#keys = [...keys];
  }

  availability(): Promise<CipherAvailability> {
    return Promise.resolve({ available: true });
  }

  encrypt(plainText: string): Promise<Uint8Array> {
    const keyIndex = this.#keys.length - 1;
    const key = this.#keys[keyIndex];
    if (key === undefined) return Promise.reject(new Error('no key'));
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([cipher.update(plainText, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return Promise.resolve(new Uint8Array(Buffer.concat([Buffer.of(keyIndex), iv, tag, body])));
  }

  decrypt(cipherText: Uint8Array): Promise<{ value: string; shouldReEncrypt: boolean }> {
    try {
      const bytes = Buffer.from(cipherText);
      if (bytes.length < HEADER_BYTES) throw new Error('ciphertext too short');
      const keyIndex = bytes[0] ?? -1;
      const key = this.#keys[keyIndex];
      if (key === undefined) throw new Error('unknown key');
      const iv = bytes.subarray(1, 1 + IV_BYTES);
      const tag = bytes.subarray(1 + IV_BYTES, HEADER_BYTES);
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(tag);
      const plain = Buffer.concat([
        decipher.update(bytes.subarray(HEADER_BYTES)),
        decipher.final(),
      ]);
      return Promise.resolve({
        value: plain.toString('utf8'),
        shouldReEncrypt: keyIndex !== this.#keys.length - 1,
      });
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  /** A new key encrypts from now on; ciphertext under older keys asks to be re-encrypted. */
  rotateKey(): void {
    this.#keys.push(randomBytes(KEY_BYTES));
  }
}

export function createAesCipher(): AesGcmCipher {
  return new AesGcmCipher();
}

/** A cipher that cannot keep anything on disk, as on Linux with `basic_text` or no keyring. */
export function unavailableCipher(reason: string): Cipher {
  const refuse = (): Promise<never> => Promise.reject(new Error(`cipher unavailable: ${reason}`));
  return {
    availability: () => Promise.resolve({ available: false, reason }),
    encrypt: refuse,
    decrypt: refuse,
  };
}
