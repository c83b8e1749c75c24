import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAesCipher, unavailableCipher } from '../../tests/support/aes-cipher';
import { confStoreFactories, makeTempDir } from '../../tests/support/conf-store';
import { FakeFlowFuse, user } from '../../tests/support/fake-flowfuse-client';
import { createMemoryLogger } from '../../tests/support/memory-logger';
import { openStores, type OpenStoresOptions } from './open-stores';
import { APP_VERSION } from '../../tests/support/app-version';

const WORK = 'https://ff.example.com';
const TOKEN = 'ffpat_aliceAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

let dir: string;
let cleanup: () => Promise<void>;
let flowfuse: FakeFlowFuse;

beforeEach(async () => {
  ({ dir, cleanup } = await makeTempDir('teamtray-stores-'));
  flowfuse = new FakeFlowFuse().serve(WORK, { users: { [TOKEN]: user('u1', 'alice') } });
});
afterEach(async () => {
  await cleanup();
});

function options(overrides: Partial<OpenStoresOptions> = {}): OpenStoresOptions {
  return {
    stores: confStoreFactories(dir),
    cipher: createAesCipher(),
    clientFactory: flowfuse.factory,
    log: createMemoryLogger(),
    appVersion: APP_VERSION,
    ...overrides,
  };
}

describe('openStores', () => {
  it('opens every store from a folder, and they survive a restart', async () => {
    const cipher = createAesCipher();
    const first = await openStores(options({ cipher }));
    expect(first.vault.status().mode).toBe('persistent');
    expect(first.notices.list()).toEqual([]);
    const saved = await first.registry.add({ url: WORK, token: TOKEN });
    first.settings.update({ theme: 'dark' });
    first.teamsCache.write(saved.id, { teams: [], lastSuccessAt: 1, version: null });
    first.teamsCache.flush();
    // One folder: the settings file and the two caches side by side.
    expect((await readdir(dir)).sort()).toEqual([
      'config.json',
      'runtime-cache.json',
      'teams-cache.json',
    ]);

    const second = await openStores(options({ cipher }));
    expect(second.registry.list()).toEqual([saved]);
    expect(await second.registry.tokenFor(saved.id)).toBe(TOKEN);
    expect(second.settings.get().theme).toBe('dark');
    expect(second.teamsCache.read(saved.id)).toBeDefined();
  });

  it('puts a notice on the board when the settings file was moved aside', async () => {
    await writeFile(join(dir, 'config.json'), 'garbage');
    const stores = await openStores(options({ now: () => Date.UTC(2025, 0, 2, 3, 4, 5, 6) }));
    const [notice] = stores.notices.list();
    expect(notice?.level).toBe('warning');
    expect(notice?.message).toContain(join(dir, 'config.corrupt-2025-01-02T030405.006Z.json'));
    expect(stores.registry.list()).toEqual([]);
  });

  it('deletes tokens and cached teams of servers that are no longer saved', async () => {
    const cipher = createAesCipher();
    const first = await openStores(options({ cipher }));
    await first.vault.setPassword('teamtray', 'orphan', TOKEN);
    await first.vault.setPassword('elsewhere', 'kept', TOKEN);
    first.teamsCache.write('orphan', { teams: [], lastSuccessAt: 1, version: null });

    const second = await openStores(options({ cipher }));
    expect(await second.vault.accounts('teamtray')).toEqual([]);
    expect(await second.vault.getPassword('elsewhere', 'kept')).toBe(TOKEN);
    expect(second.teamsCache.read('orphan')).toBeUndefined();
  });

  it('reports session-only tokens when there is no keychain', async () => {
    const stores = await openStores(options({ cipher: unavailableCipher('No keyring answered.') }));
    expect(stores.vault.status()).toEqual({ mode: 'session', reason: 'No keyring answered.' });
  });
});
