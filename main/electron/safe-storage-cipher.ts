/**
 * The vault's Cipher over Electron's async safeStorage (the sync API is deprecated in Electron 45
 * and removed in 46).
 *
 * On Linux, Chromium falls back to the `basic_text` backend when no keyring answers (no Secret
 * Service, no KWallet, a headless session): it "encrypts" with a key built into Chromium, which is
 * plain text on disk with extra steps. We treat that, and `unknown`, as unavailable, so the vault
 * keeps tokens for this session only and tells the user why.
 */
import { safeStorage } from 'electron';
import type { Cipher, CipherAvailability } from '../vault/cipher';

const WEAK_LINUX_BACKENDS = new Set(['basic_text', 'unknown']);

export function createSafeStorageCipher(platform: NodeJS.Platform = process.platform): Cipher {
  return {
    async availability(): Promise<CipherAvailability> {
      let available: boolean;
      try {
        available = await safeStorage.isAsyncEncryptionAvailable();
      } catch {
        available = false;
      }
      if (!available) {
        return {
          available: false,
          reason: 'The system keychain is not available: tokens are kept for this session only.',
        };
      }
      if (platform === 'linux') {
        // Asked after isAsyncEncryptionAvailable(): before the encryptor is initialised the
        // backend reads 'unknown'.
        const backend = safeStorage.getSelectedStorageBackend();
        if (WEAK_LINUX_BACKENDS.has(backend)) {
          return {
            available: false,
            reason: `No system keyring answered (backend: ${backend}): tokens are kept for this session only.`,
          };
        }
      }
      return { available: true };
    },

    async encrypt(plainText: string): Promise<Uint8Array> {
      const buffer = await safeStorage.encryptStringAsync(plainText);
      return new Uint8Array(buffer);
    },

    async decrypt(cipherText: Uint8Array): Promise<{ value: string; shouldReEncrypt: boolean }> {
      const { result, shouldReEncrypt } = await safeStorage.decryptStringAsync(
        Buffer.from(cipherText),
      );
      return { value: result, shouldReEncrypt };
    },
  };
}
