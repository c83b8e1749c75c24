import { beforeEach, describe, expect, it, vi } from 'vitest';

type Backend = 'basic_text' | 'gnome_libsecret' | 'kwallet' | 'kwallet5' | 'kwallet6' | 'unknown';

interface FakeSafeStorage {
  available: boolean | Error;
  backend: Backend;
  shouldReEncrypt: boolean;
}

const fake = vi.hoisted((): FakeSafeStorage => ({
  available: true,
  backend: 'gnome_libsecret',
  shouldReEncrypt: false,
}));

vi.mock('electron', () => ({
  safeStorage: {
    isAsyncEncryptionAvailable: () =>
      fake.available instanceof Error
        ? Promise.reject(fake.available)
        : Promise.resolve(fake.available),
    getSelectedStorageBackend: () => fake.backend,
    encryptStringAsync: (plain: string) => Promise.resolve(Buffer.from(`enc:${plain}`)),
    decryptStringAsync: (encrypted: Buffer) =>
      Promise.resolve({
        result: encrypted.toString().replace(/^enc:/, ''),
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
  fake.shouldReEncrypt = false;
});

describe('safe-storage cipher', () => {
  it('is available with a real keyring on Linux, and on macOS and Windows', async () => {
    await expect(createSafeStorageCipher('linux').availability()).resolves.toEqual({
      available: true,
    });
    fake.backend = 'unknown'; // never asked off Linux
    await expect(createSafeStorageCipher('darwin').availability()).resolves.toEqual({
      available: true,
    });
    await expect(createSafeStorageCipher('win32').availability()).resolves.toEqual({
      available: true,
    });
  });

  it.each(['basic_text', 'unknown'] as const)(
    'treats the Linux %s backend as unavailable, and says why',
    async (backend) => {
      fake.backend = backend;
      const availability = await createSafeStorageCipher('linux').availability();
      expect(availability).toEqual({
        available: false,
        reason: `No system keyring answered (backend: ${backend}): tokens are kept for this session only.`,
      });
    },
  );

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
