import { beforeEach, describe, expect, it, vi } from 'vitest';

type Backend = 'basic_text' | 'gnome_libsecret' | 'kwallet' | 'kwallet5' | 'kwallet6' | 'unknown';

/**
 * Behaves as Electron 45's async safeStorage does: the ciphertext starts with the tag of the key
 * provider os_crypt_async picked (v10 for the POSIX fallback key on Linux and for the Keychain and
 * DPAPI keys elsewhere, v11 for the Secret Service or KWallet, v12 for the Secret Portal), and the
 * backend name comes from the sync os_crypt's desktop-based choice, independent of that tag.
 */
interface FakeSafeStorage {
  available: boolean | Error;
  backend: Backend;
  tag: string;
  encryptFails: boolean;
  shouldReEncrypt: boolean;
}

const fake = vi.hoisted((): FakeSafeStorage => ({
  available: true,
  backend: 'gnome_libsecret',
  tag: 'v11',
  encryptFails: false,
  shouldReEncrypt: false,
}));

vi.mock('electron', () => ({
  safeStorage: {
    isAsyncEncryptionAvailable: () =>
      fake.available instanceof Error
        ? Promise.reject(fake.available)
        : Promise.resolve(fake.available),
    getSelectedStorageBackend: () => fake.backend,
    encryptStringAsync: (plain: string) =>
      fake.encryptFails
        ? Promise.reject(
            new Error(
              'Error while encrypting the text provided to safeStorage.encryptStringAsync.',
            ),
          )
        : Promise.resolve(Buffer.from(`${fake.tag}${plain}`)),
    decryptStringAsync: (encrypted: Buffer) =>
      Promise.resolve({
        result: encrypted.toString().slice(3),
        shouldReEncrypt: fake.shouldReEncrypt,
      }),
    // The deprecated sync API must never be used.
    encryptString: () => {
      throw new Error('sync encryptString used');
    },
    decryptString: () => {
      throw new Error('sync decryptString used');
    },
    isEncryptionAvailable: () => {
      throw new Error('sync isEncryptionAvailable used');
    },
  },
}));

const { createSafeStorageCipher } = await import('./safe-storage-cipher');

beforeEach(() => {
  fake.available = true;
  fake.backend = 'gnome_libsecret';
  fake.tag = 'v11';
  fake.encryptFails = false;
  fake.shouldReEncrypt = false;
});

describe('safe-storage cipher', () => {
  it('is available with a real keyring on Linux, and on macOS and Windows', async () => {
    await expect(createSafeStorageCipher('linux').availability()).resolves.toEqual({
      available: true,
    });
    fake.backend = 'unknown'; // never asked off Linux
    fake.tag = 'v10'; // the Keychain's and DPAPI's tag
    await expect(createSafeStorageCipher('darwin').availability()).resolves.toEqual({
      available: true,
    });
    await expect(createSafeStorageCipher('win32').availability()).resolves.toEqual({
      available: true,
    });
  });

  it.each(['gnome_libsecret', 'kwallet6', 'basic_text'] as const)(
    'on Linux, keeps tokens for the session only when a probe comes back under the v10 fallback key, whatever the backend says (%s)',
    async (backend) => {
      fake.backend = backend;
      fake.tag = 'v10';
      const availability = await createSafeStorageCipher('linux').availability();
      expect(availability).toMatchObject({
        available: false,
        detail: `safeStorage backend ${backend}, key v10, Chromium's built-in fallback`,
      });
      // The words are for people; the backend's name only goes to the log.
      if (!availability.available) {
        expect(availability.reason).toMatch(/session only/);
        expect(availability.reason).not.toContain(backend);
      }
    },
  );

  it.each([
    ['basic_text', 'v11'],
    ['unknown', 'v11'],
    ['gnome_libsecret', 'v12'],
  ] as const)(
    'on Linux, persists when a real key encrypts, even with the backend named %s (%s)',
    async (backend, tag) => {
      fake.backend = backend;
      fake.tag = tag;
      await expect(createSafeStorageCipher('linux').availability()).resolves.toEqual({
        available: true,
      });
    },
  );

  it('on Linux, treats a tag it does not know, or a probe that fails, as not protected', async () => {
    fake.tag = 'v99';
    const unknown = await createSafeStorageCipher('linux').availability();
    expect(unknown).toMatchObject({ available: false });
    if (!unknown.available) expect(unknown.detail).toContain('of an unknown kind');
    fake.tag = 'v11';
    fake.encryptFails = true;
    const failed = await createSafeStorageCipher('linux').availability();
    expect(failed).toEqual({
      available: false,
      reason: 'The system keyring did not answer: tokens are kept for this session only.',
    });
  });

  it('on Linux, refuses to hand out a ciphertext made with the fallback key after the check', async () => {
    const cipher = createSafeStorageCipher('linux');
    await expect(cipher.availability()).resolves.toEqual({ available: true });
    fake.tag = 'v10';
    await expect(cipher.encrypt('ffpat_secret')).rejects.toThrow(/fallback/);
  });

  it('says which stored ciphertext a real key protects: Linux reads the tag, macOS and Windows trust it', () => {
    const linux = createSafeStorageCipher('linux');
    expect(linux.isProtected?.(Buffer.from('v10abc'))).toBe(false);
    expect(linux.isProtected?.(Buffer.from('v11abc'))).toBe(true);
    expect(linux.isProtected?.(Buffer.from('v12abc'))).toBe(true);
    expect(linux.isProtected?.(Buffer.from(''))).toBe(false);
    // On macOS (Keychain) and Windows (DPAPI), v10 is the real key's tag.
    expect(createSafeStorageCipher('darwin').isProtected?.(Buffer.from('v10abc'))).toBe(true);
    expect(createSafeStorageCipher('win32').isProtected?.(Buffer.from('v10abc'))).toBe(true);
  });

  it('is unavailable when the async encryptor says so or fails', async () => {
    fake.available = false;
    const no = await createSafeStorageCipher('darwin').availability();
    expect(no.available).toBe(false);
    fake.available = new Error('keychain locked');
    const failed = await createSafeStorageCipher('darwin').availability();
    expect(failed.available).toBe(false);
    if (!failed.available) expect(failed.reason).toMatch(/session only/);
  });

  it('round-trips through the async API and passes on shouldReEncrypt', async () => {
    const cipher = createSafeStorageCipher('linux');
    const sealed = await cipher.encrypt('ffpat_secret');
    expect(sealed).toBeInstanceOf(Uint8Array);
    await expect(cipher.decrypt(sealed)).resolves.toEqual({
      value: 'ffpat_secret',
      shouldReEncrypt: false,
    });
    fake.shouldReEncrypt = true;
    await expect(cipher.decrypt(sealed)).resolves.toEqual({
      value: 'ffpat_secret',
      shouldReEncrypt: true,
    });
  });
});
