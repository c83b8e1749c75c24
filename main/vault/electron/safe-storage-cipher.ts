/**
 * The vault's Cipher over Electron's async safeStorage (the sync API is deprecated in Electron 45
 * and removed in 46).
 *
 * Linux: the backend's *name* does not say which key encrypts. Electron's async safeStorage is
 * Chromium's os_crypt_async with three key providers (electron/electron
 * shell/browser/browser_process_impl.cc, CreateOSCryptAsync): the Secret Portal (precedence 15,
 * Flatpak), the Secret Service or KWallet (10), and, as the fallback when neither answers, the
 * POSIX provider (5), whose key is derived from the constant "peanuts" and is the same on every
 * machine. `isAsyncEncryptionAvailable()` is true as soon as any of them gave a key, the POSIX one
 * included, while `getSelectedStorageBackend()` reports what the *sync* os_crypt picked from the
 * desktop name (electron_browser_main_parts.cc, os_crypt::SelectBackend): GNOME without a running
 * keyring says `gnome_libsecret` yet encrypts with the fallback key, and sway or i3 with a keyring
 * say `basic_text` yet encrypt with a real one.
 *
 * So we encrypt a probe and read the version tag the provider put in front of the ciphertext
 * (components/os_crypt/async/browser/*_key_provider.cc): `v10` is the POSIX fallback key, `v11` a
 * key kept in the Secret Service or KWallet, `v12` one from the Secret Portal. Anything but v11 and
 * v12 keeps tokens for this session only; every later encryption is checked the same way, so a
 * fallback ciphertext is never handed to the vault to write. On macOS (Keychain) and Windows
 * (DPAPI) `v10` is the real key's tag, and nothing is checked.
 */
import { safeStorage } from 'electron';
import type { Cipher, CipherAvailability } from '../cipher';

/** Tags of Linux keys kept outside the app: the Secret Service / KWallet, the Secret Portal. */
const PROTECTED_LINUX_TAGS = new Set(['v11', 'v12']);
const TAG_BYTES = 3;
const PROBE = 'teamtray keychain probe';
const SESSION_ONLY = 'tokens are kept for this session only';

export function createSafeStorageCipher(platform: NodeJS.Platform = process.platform): Cipher {
  const checked = platform === 'linux';

  /** Whether a ciphertext was made with a key the OS keeps (always, off Linux). */
  const isProtected = (cipherText: Uint8Array): boolean =>
    !checked || PROTECTED_LINUX_TAGS.has(tagOf(cipherText));

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
          reason: `The system keychain is not available: ${SESSION_ONLY}.`,
        };
      }
      if (!checked) return { available: true };
      let probe: Uint8Array;
      try {
        probe = await safeStorage.encryptStringAsync(PROBE);
      } catch {
        return { available: false, reason: `The system keyring did not answer: ${SESSION_ONLY}.` };
      }
      if (isProtected(probe)) return { available: true };
      // Asked after the encryptor exists: before that the backend reads 'unknown'.
      const backend = safeStorage.getSelectedStorageBackend();
      // The backend's and the key's names mean nothing to most people: they go to the log.
      return {
        available: false,
        reason: `No keyring (GNOME Keyring, KWallet) answered: ${SESSION_ONLY}.`,
        detail: `safeStorage backend ${backend}, key ${describeTag(tagOf(probe))}`,
      };
    },

    async encrypt(plainText: string): Promise<Uint8Array> {
      const cipherText = new Uint8Array(await safeStorage.encryptStringAsync(plainText));
      if (!isProtected(cipherText)) {
        // The keyring went away after the check: refuse rather than write a fallback ciphertext.
        throw new Error(`safeStorage encrypted with ${describeTag(tagOf(cipherText))}`);
      }
      return cipherText;
    },

    async decrypt(cipherText: Uint8Array): Promise<{ value: string; shouldReEncrypt: boolean }> {
      const { result, shouldReEncrypt } = await safeStorage.decryptStringAsync(
        Buffer.from(cipherText),
      );
      return { value: result, shouldReEncrypt };
    },

    isProtected,
  };
}

function tagOf(cipherText: Uint8Array): string {
  return Buffer.from(cipherText.subarray(0, TAG_BYTES)).toString('latin1');
}

function describeTag(tag: string): string {
  return tag === 'v10' ? "v10, Chromium's built-in fallback" : 'of an unknown kind';
}
