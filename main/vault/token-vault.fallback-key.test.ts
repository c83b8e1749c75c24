/**
 * Ciphertext an earlier Teamtray wrote under Chromium's built-in Linux key (tag v10): the vault
 * removes it when this session has no real key, and lets a real key rewrite it otherwise.
 */
import { describe, expect, it } from 'vitest';
import { createAesCipher } from '../../tests/support/aes-cipher';
import { createMemoryLogger } from '../../tests/support/memory-logger';
import type { Cipher, CipherAvailability } from './cipher';
import { openTokenVault, type SecretsStore } from './token-vault';

const TOKEN = 'ffpat_4Xv9QmT2sLk8PzR1bN7wYc3HdJ6gFa0eUi5oKq2rMtS';
const FALLBACK = 'v10';
const KEYRING = 'v11';

/**
 * Chromium's os_crypt_async in miniature: every key it has decrypts, the one it encrypts with puts
 * its tag in front, and decrypting under any other key asks for re-encryption (encryptor.cc).
 */
function taggedCipher(encryptsWith: string): Cipher {
  const aes = createAesCipher();
  const available: CipherAvailability =
    encryptsWith === FALLBACK
      ? { available: false, reason: 'No system keyring answered.' }
      : { available: true };
  return {
    availability: () => Promise.resolve(available),
    encrypt: async (plain) =>
      Buffer.concat([Buffer.from(encryptsWith), Buffer.from(await aes.encrypt(plain))]),
    decrypt: async (bytes) => {
      const tag = Buffer.from(bytes.subarray(0, 3)).toString();
      const { value } = await aes.decrypt(bytes.subarray(3));
      return { value, shouldReEncrypt: tag !== encryptsWith };
    },
    isProtected: (bytes) => Buffer.from(bytes.subarray(0, 3)).toString() !== FALLBACK,
  };
}

function memorySecrets(record: Record<string, string>): SecretsStore & {
  record: Record<string, string>;
} {
  const secrets = {
    record,
    read: () => secrets.record,
    write: (next: Readonly<Record<string, string>>) => {
      secrets.record = { ...next };
    },
  };
  return secrets;
}

/** A stored value under the given tag (the bytes after it do not matter to the check). */
const stored = (tag: string): string => Buffer.from(`${tag}0123456789abcdef`).toString('base64');

describe('ciphertext under the Linux fallback key', () => {
  it('is removed from disk when this session has no real key, and a keyring ciphertext stays', async () => {
    const log = createMemoryLogger();
    const secrets = memorySecrets({
      'teamtray/weak': stored(FALLBACK),
      'teamtray/strong': stored(KEYRING),
    });
    const vault = await openTokenVault({ cipher: taggedCipher(FALLBACK), secrets, log });
    expect(vault.status().mode).toBe('session');
    expect(Object.keys(secrets.record)).toEqual(['teamtray/strong']);
    expect(log.lines.join('\n')).toContain('removed tokens stored under a key');
  });

  it('is kept with a real key, and rewritten under it on the first read', async () => {
    const cipher = taggedCipher(KEYRING);
    const secrets = memorySecrets({});
    const vault = await openTokenVault({ cipher, secrets, log: createMemoryLogger() });
    expect(vault.status().mode).toBe('persistent');
    await vault.setPassword('teamtray', 'one', TOKEN);
    // Give it the fallback's tag, as a run without a keyring would have written it.
    const bytes = Buffer.from(secrets.record['teamtray/one'] ?? '', 'base64');
    bytes.write(FALLBACK, 0, 'latin1');
    secrets.record['teamtray/one'] = bytes.toString('base64');

    const reopened = await openTokenVault({ cipher, secrets, log: createMemoryLogger() });
    expect(Object.keys(secrets.record)).toEqual(['teamtray/one']);
    expect(await reopened.getPassword('teamtray', 'one')).toBe(TOKEN);
    const rewritten = Buffer.from(secrets.record['teamtray/one'] ?? '', 'base64');
    expect(rewritten.subarray(0, 3).toString()).toBe(KEYRING);
  });
});
