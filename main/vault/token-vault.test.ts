import { readFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAesCipher, unavailableCipher } from '../../tests/support/aes-cipher';
import { APP_VERSION } from '../../tests/support/app-version';
import { confStoreFactory, makeTempDir } from '../../tests/support/conf-store';
import { createMemoryLogger } from '../../tests/support/memory-logger';
import { openSettingsFile, type SettingsFile } from '../store/settings-file';
import type { Cipher } from './cipher';
import { openTokenVault, STOPPED_ANSWERING, type SecretsStore } from './token-vault';

const TOKEN = 'ffpat_4Xv9QmT2sLk8PzR1bN7wYc3HdJ6gFa0eUi5oKq2rMtS';
const OTHER = 'ffpat_Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2Rr1Qq0Pp9Oo8Nn7Mm6L';

let dir: string;
let cleanup: () => Promise<void>;

beforeEach(async () => {
  ({ dir, cleanup } = await makeTempDir('teamtray-vault-'));
});
afterEach(async () => {
  await cleanup();
});

function openFile(): SettingsFile {
  return openSettingsFile(confStoreFactory(dir), {
    log: createMemoryLogger(),
    projectVersion: APP_VERSION,
  }).file;
}

function memorySecrets(initial: Record<string, string> = {}): SecretsStore & {
  record: Record<string, string>;
  writes: number;
} {
  const secrets = {
    record: { ...initial },
    writes: 0,
    read: () => secrets.record,
    write: (record: Readonly<Record<string, string>>) => {
      secrets.writes += 1;
      secrets.record = { ...record };
    },
  };
  return secrets;
}

describe('TokenVault with a working keychain', () => {
  it('round-trips a token and keeps only ciphertext in the settings file', async () => {
    const cipher = createAesCipher();
    const file = openFile();
    const vault = await openTokenVault({
      cipher,
      secrets: file.secrets,
      log: createMemoryLogger(),
    });
    expect(vault.status()).toEqual({ mode: 'persistent', reason: null });

    await vault.setPassword('teamtray', 'account-1', TOKEN);
    expect(await vault.getPassword('teamtray', 'account-1')).toBe(TOKEN);

    const bytes = await readFile(file.path);
    expect(bytes.includes(Buffer.from(TOKEN))).toBe(false);
    expect(bytes.includes(Buffer.from('ffpat_'))).toBe(false);
    const stored = file.secrets.read()['teamtray/account-1'];
    expect(stored).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(stored).toBeDefined();
    expect(bytes.includes(Buffer.from(stored ?? '-'))).toBe(true);

    // A new run over the same file and keychain gets the token back.
    const again = await openTokenVault({
      cipher,
      secrets: openFile().secrets,
      log: createMemoryLogger(),
    });
    expect(await again.getPassword('teamtray', 'account-1')).toBe(TOKEN);
  });

  it('finds, deletes and keeps accounts of different services apart', async () => {
    const vault = await openTokenVault({
      cipher: createAesCipher(),
      secrets: memorySecrets(),
      log: createMemoryLogger(),
    });
    await vault.setPassword('teamtray', 'a/b', TOKEN);
    await vault.setPassword('teamtray/a', 'b', OTHER);
    await vault.setPassword('other', 'x', OTHER);

    expect(await vault.accounts('teamtray')).toEqual(['a/b']);
    expect(await vault.getPassword('teamtray', 'a/b')).toBe(TOKEN);
    expect(await vault.getPassword('teamtray/a', 'b')).toBe(OTHER);
    expect(await vault.deletePassword('teamtray', 'a/b')).toBe(true);
    expect(await vault.deletePassword('teamtray', 'a/b')).toBe(false);
    expect(await vault.getPassword('teamtray', 'a/b')).toBeNull();
    expect(await vault.accounts('teamtray')).toEqual([]);
    expect(await vault.accounts('other')).toEqual(['x']);
  });

  it('re-encrypts a token when the cipher says the key was rotated', async () => {
    const cipher = createAesCipher();
    const secrets = memorySecrets();
    const vault = await openTokenVault({ cipher, secrets, log: createMemoryLogger() });
    await vault.setPassword('teamtray', 'one', TOKEN);
    const before = secrets.record['teamtray/one'];

    cipher.rotateKey();
    expect(await vault.getPassword('teamtray', 'one')).toBe(TOKEN);
    const after = secrets.record['teamtray/one'];
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    const reopened = await cipher.decrypt(Buffer.from(after ?? '', 'base64'));
    expect(reopened).toEqual({ value: TOKEN, shouldReEncrypt: false });

    // Already current: a second read writes nothing.
    const writes = secrets.writes;
    expect(await vault.getPassword('teamtray', 'one')).toBe(TOKEN);
    expect(secrets.writes).toBe(writes);
  });

  it('returns null and logs when a ciphertext does not decrypt', async () => {
    const log = createMemoryLogger();
    const foreign = await createAesCipher().encrypt(TOKEN);
    const secrets = memorySecrets({
      'teamtray/foreign': Buffer.from(foreign).toString('base64'),
      'teamtray/garbage': Buffer.from('not a ciphertext at all, sorry').toString('base64'),
      'teamtray/not-base64': '%%% not base64 %%%',
    });
    const vault = await openTokenVault({ cipher: createAesCipher(), secrets, log });

    expect(await vault.getPassword('teamtray', 'foreign')).toBeNull();
    expect(await vault.getPassword('teamtray', 'garbage')).toBeNull();
    expect(await vault.getPassword('teamtray', 'not-base64')).toBeNull();
    expect(log.lines.filter((line) => line.includes('could not be decrypted'))).toHaveLength(2);
    expect(log.lines.join('\n')).toContain('not base64');
    // Left in place: a later paste of the token replaces it.
    expect(Object.keys(secrets.record)).toHaveLength(3);
  });

  it('serialises writes of one key: the last write wins even when it encrypts faster', async () => {
    const aes = createAesCipher();
    const slowFirst: Cipher = {
      availability: () => aes.availability(),
      decrypt: (bytes) => aes.decrypt(bytes),
      encrypt: async (plain) => {
        if (plain === TOKEN) await new Promise((resolve) => setTimeout(resolve, 30));
        return aes.encrypt(plain);
      },
    };
    const vault = await openTokenVault({
      cipher: slowFirst,
      secrets: memorySecrets(),
      log: createMemoryLogger(),
    });
    const order: string[] = [];
    await Promise.all([
      vault.setPassword('teamtray', 'k', TOKEN).then(() => order.push('first')),
      vault.setPassword('teamtray', 'k', OTHER).then(() => order.push('second')),
    ]);
    expect(order).toEqual(['first', 'second']);
    expect(await vault.getPassword('teamtray', 'k')).toBe(OTHER);
  });

  it('loses no write when different keys are written at once', async () => {
    const secrets = memorySecrets();
    const vault = await openTokenVault({
      cipher: createAesCipher(),
      secrets,
      log: createMemoryLogger(),
    });
    const accounts = Array.from({ length: 20 }, (_, index) => `account-${index}`);
    await Promise.all(accounts.map((account) => vault.setPassword('teamtray', account, TOKEN)));
    expect((await vault.accounts('teamtray')).sort()).toEqual([...accounts].sort());
  });

  it('turns to this session only when the keychain stops answering: the token in memory, the status and one change told', async () => {
    const aes = createAesCipher();
    let answering = true;
    const stopping: Cipher = {
      availability: () => Promise.resolve({ available: true }),
      encrypt: (plain) =>
        answering ? aes.encrypt(plain) : Promise.reject(new Error('keychain locked')),
      decrypt: (bytes) => aes.decrypt(bytes),
    };
    const secrets = memorySecrets();
    const vault = await openTokenVault({ cipher: stopping, secrets, log: createMemoryLogger() });
    const heard: unknown[] = [];
    vault.onChange((status) => heard.push(status));
    await vault.setPassword('teamtray', 'before', TOKEN);
    expect(secrets.writes).toBe(1);

    answering = false;
    await vault.setPassword('teamtray', 'k', OTHER);
    expect(vault.status()).toEqual({ mode: 'session', reason: STOPPED_ANSWERING });
    expect(heard).toEqual([{ mode: 'session', reason: STOPPED_ANSWERING }]);
    // Kept in memory, never written; the token saved before still reads from the file.
    expect(secrets.writes).toBe(1);
    expect(JSON.stringify(secrets.record)).not.toContain(OTHER);
    expect(await vault.getPassword('teamtray', 'k')).toBe(OTHER);
    expect(await vault.getPassword('teamtray', 'before')).toBe(TOKEN);
    expect((await vault.accounts('teamtray')).sort()).toEqual(['before', 'k']);
    // From then on every token is kept for the session, without asking the keychain again.
    answering = true;
    await vault.setPassword('teamtray', 'later', TOKEN);
    expect(secrets.writes).toBe(1);
    expect(heard).toHaveLength(1);
  });

  it('refuses with storage_unavailable when the file cannot be written', async () => {
    const secrets: SecretsStore = {
      read: () => ({}),
      write: () => {
        throw Object.assign(new Error('disk full'), { code: 'ENOSPC' });
      },
    };
    const vault = await openTokenVault({
      cipher: createAesCipher(),
      secrets,
      log: createMemoryLogger(),
    });
    await expect(vault.setPassword('teamtray', 'k', TOKEN)).rejects.toMatchObject({
      code: 'storage_unavailable',
    });
  });
});

describe('TokenVault without a keychain (session only)', () => {
  const REASON = 'The Linux secret store is "basic_text": tokens would be stored as plain text.';

  it('keeps tokens in memory, writes nothing to disk and says why', async () => {
    const file = openFile();
    const before = await readFile(file.path);
    const vault = await openTokenVault({
      cipher: unavailableCipher(REASON),
      secrets: file.secrets,
      log: createMemoryLogger(),
    });
    expect(vault.status()).toEqual({ mode: 'session', reason: REASON });

    await vault.setPassword('teamtray', 'one', TOKEN);
    expect(await vault.getPassword('teamtray', 'one')).toBe(TOKEN);
    expect(await vault.accounts('teamtray')).toEqual(['one']);

    const after = await readFile(file.path);
    expect(after.equals(before)).toBe(true);
    expect(after.includes(Buffer.from(TOKEN))).toBe(false);
    expect(file.secrets.read()).toEqual({});

    // The next run has nothing.
    const restarted = await openTokenVault({
      cipher: unavailableCipher(REASON),
      secrets: openFile().secrets,
      log: createMemoryLogger(),
    });
    expect(await restarted.getPassword('teamtray', 'one')).toBeNull();
  });

  it('never writes to the secrets store when there is nothing stale to drop', async () => {
    const secrets = memorySecrets();
    const vault = await openTokenVault({
      cipher: unavailableCipher(REASON),
      secrets,
      log: createMemoryLogger(),
    });
    await vault.setPassword('teamtray', 'one', TOKEN);
    await vault.setPassword('teamtray', 'one', OTHER);
    expect(await vault.getPassword('teamtray', 'one')).toBe(OTHER);
    expect(await vault.deletePassword('teamtray', 'one')).toBe(true);
    expect(await vault.getPassword('teamtray', 'one')).toBeNull();
    expect(secrets.writes).toBe(0);
  });

  it('drops a stale ciphertext from an earlier run instead of leaving it behind', async () => {
    const aes = createAesCipher();
    const secrets = memorySecrets();
    const earlier = await openTokenVault({ cipher: aes, secrets, log: createMemoryLogger() });
    await earlier.setPassword('teamtray', 'one', OTHER);
    await earlier.setPassword('teamtray', 'two', OTHER);

    const now = await openTokenVault({
      cipher: unavailableCipher(REASON),
      secrets,
      log: createMemoryLogger(),
    });
    await now.setPassword('teamtray', 'one', TOKEN);
    expect(await now.deletePassword('teamtray', 'two')).toBe(true);
    expect(secrets.record).toEqual({});
  });

  it('logs the technical cause and keeps it out of the words the popover shows', async () => {
    const log = createMemoryLogger();
    const cipher: Cipher = {
      ...unavailableCipher('No system keyring answered.'),
      availability: () =>
        Promise.resolve({
          available: false,
          reason: 'No system keyring answered.',
          detail: 'safeStorage backend: basic_text',
        }),
    };
    const vault = await openTokenVault({ cipher, secrets: memorySecrets(), log });
    expect(vault.status()).toEqual({ mode: 'session', reason: 'No system keyring answered.' });
    expect(log.lines.join('\n')).toContain('safeStorage backend: basic_text');
  });

  it('falls back to session mode when the keychain check itself fails', async () => {
    const log = createMemoryLogger();
    const broken: Cipher = {
      availability: () => Promise.reject(new Error('dbus timeout')),
      encrypt: () => Promise.reject(new Error('no')),
      decrypt: () => Promise.reject(new Error('no')),
    };
    const vault = await openTokenVault({ cipher: broken, secrets: memorySecrets(), log });
    expect(vault.status()).toEqual({
      mode: 'session',
      reason: 'The system keychain did not answer.',
    });
    await vault.setPassword('teamtray', 'x', TOKEN);
    expect(await vault.getPassword('teamtray', 'x')).toBe(TOKEN);
    expect(log.lines.join('\n')).toContain('dbus timeout');
  });
});
