/**
 * Users upgrade: the settings and teams-cache files that 0.1.0's own code wrote
 * (tests/fixtures/settings-0.1.0) open in this version with every account, label, order, setting,
 * encrypted token and cached team intact. A file from a newer version is left untouched.
 */
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../common/settings-defaults';
import { fixedKeyCipher } from '../../tests/fixtures/settings-0.1.0/fixed-key';
import { APP_VERSION } from '../../tests/support/app-version';
import { confStoreFactories, makeTempDir } from '../../tests/support/conf-store';
import { FakeFlowFuse } from '../../tests/support/fake-flowfuse-client';
import { createMemoryLogger } from '../../tests/support/memory-logger';
import { startModel } from '../core-services';
import { openStores, type OpenStoresOptions } from './open-stores';
import { TOKEN_SERVICE } from './account-registry';

const FIXTURE = join(import.meta.dirname, '../../tests/fixtures/settings-0.1.0');
const FILES = ['config.json', 'teams-cache.json'] as const;

interface Legacy {
  readonly instances: readonly { id: string; label: string; origin: string; username: string }[];
  readonly settings: Record<string, unknown>;
}

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ dir, cleanup } = await makeTempDir('teamtray-upgrade-'));
  for (const name of FILES) await copyFile(join(FIXTURE, name), join(dir, name));
});
afterEach(async () => {
  await cleanup();
});

const readJson = async (name: string): Promise<unknown> =>
  JSON.parse(await readFile(join(dir, name), 'utf8')) as unknown;

function options(appVersion = APP_VERSION): OpenStoresOptions {
  return {
    stores: confStoreFactories(dir),
    cipher: fixedKeyCipher(),
    clientFactory: new FakeFlowFuse().factory,
    log: createMemoryLogger(),
    appVersion,
  };
}

describe('upgrading from 0.1.0', () => {
  it('keeps every account in its order, with its label, user, consent and version', async () => {
    const legacy = (await readJson('config.json')) as Legacy;
    const stores = await openStores(options());
    const accounts = stores.registry.list();
    expect(accounts.map((account) => account.id)).toEqual(legacy.instances.map((old) => old.id));
    // 0.1.0 filled in the host for a server saved without a label: that reads as "no label" now.
    expect(accounts.map((account) => account.label)).toEqual(['', 'Factory']);
    expect(accounts.map((account) => account.username)).toEqual(['bob', 'ada']);
    expect(accounts.every((account) => account.version === '2.4.0')).toBe(true);
    expect(stores.notices.list()).toEqual([]);
  });

  it('decrypts every token to what 0.1.0 saved', async () => {
    const tokens = JSON.parse(await readFile(join(FIXTURE, 'tokens.json'), 'utf8')) as Record<
      string,
      string
    >;
    const stores = await openStores(options());
    const byUser = Object.fromEntries(
      await Promise.all(
        stores.registry
          .list()
          .map(async (account) => [account.username, await stores.registry.tokenFor(account.id)]),
      ),
    ) as Record<string, string | null>;
    expect(byUser).toEqual({ ada: tokens.ada, bob: tokens.bob });
    expect(await stores.vault.accounts(TOKEN_SERVICE)).toHaveLength(2);
  });

  it('keeps every setting, and takes the defaults of settings added since', async () => {
    const legacy = (await readJson('config.json')) as Legacy;
    const stores = await openStores(options());
    expect(stores.settings.get()).toMatchObject(legacy.settings);
    // The count beside the tray icon came after 0.1.0: it starts on.
    expect(stores.settings.get().trayCount).toBe(true);
    // Quiet hours on a schedule came later still: off, so nothing goes silent on its own.
    expect(stores.settings.get().quietHours).toEqual(DEFAULT_SETTINGS.quietHours);
    expect(stores.settings.get().quietHours.on).toBe(false);
    expect(stores.settings.get().quietOffUntil).toBeNull();
  });

  it('serves every cached team of every account', async () => {
    const legacy = (await readJson('teams-cache.json')) as {
      entries: Record<string, { teams: { id: string; name: string }[]; lastSuccessAt: number }>;
    };
    const stores = await openStores(options());
    for (const account of stores.registry.list()) {
      const old = legacy.entries[account.id];
      const cached = stores.teamsCache.read(account.id);
      expect(cached?.teams.map((team) => [team.id, team.name])).toEqual(
        old?.teams.map((team) => [team.id, team.name]),
      );
      expect(cached?.lastSuccessAt).toBe(old?.lastSuccessAt);
    }
  });

  it('shows every account and its cached teams in the model at start, avatars and types too', async () => {
    const legacy = (await readJson('teams-cache.json')) as {
      entries: Record<
        string,
        { teams: { id: string; name: string; avatar: string; type: { name: string } | null }[] }
      >;
    };
    const settings = ((await readJson('config.json')) as Legacy).settings;
    const { state } = startModel(await openStores(options())).snapshot();
    expect(state.settings).toMatchObject(settings);
    expect(state.accounts.map((account) => account.username)).toEqual(['bob', 'ada']);
    for (const account of state.accounts) {
      const old = legacy.entries[account.id];
      expect(account.teams.map((team) => [team.id, team.name, team.typeName])).toEqual(
        old?.teams.map((team) => [team.id, team.name, team.type?.name ?? null]),
      );
      // 0.1.0 kept the server's gravatar address, without a scheme; the model's is absolute.
      expect(account.teams.map((team) => team.avatarUrl)).toEqual(
        old?.teams.map((team) => `https:${team.avatar}`),
      );
      expect(account.stale).toBe(true);
    }
  });

  it('writes the new layout once, recording the version conf migrated it to', async () => {
    await openStores(options());
    const migrated = (await readJson('config.json')) as Record<string, unknown>;
    expect(Object.keys(migrated).sort()).toEqual([
      '__internal__',
      'accounts',
      'secrets',
      'settings',
    ]);
    expect(migrated.__internal__).toEqual({ migrations: { version: APP_VERSION } });
    // Opening again runs no migration: the same bytes.
    const before = await readFile(join(dir, 'config.json'), 'utf8');
    await openStores(options());
    expect(await readFile(join(dir, 'config.json'), 'utf8')).toBe(before);
  });
});

describe('a file from a newer version', () => {
  async function writtenBy(version: string): Promise<{ settings: string; cache: string }> {
    await openStores(options());
    for (const name of FILES) {
      const data = (await readJson(name)) as Record<string, unknown>;
      await writeFile(
        join(dir, name),
        JSON.stringify({ ...data, __internal__: { migrations: { version } }, futureKey: [1] }),
      );
    }
    return {
      settings: await readFile(join(dir, 'config.json'), 'utf8'),
      cache: await readFile(join(dir, 'teams-cache.json'), 'utf8'),
    };
  }

  it('is read, left untouched on disk even when the user changes things, and reported', async () => {
    const before = await writtenBy('9.0.0');
    const stores = await openStores(options());
    expect(stores.registry.list()).toHaveLength(2);
    expect(stores.notices.list()).toMatchObject([
      { level: 'warning', message: expect.stringContaining('newer Teamtray (9.0.0)') as string },
    ]);

    stores.settings.update({ theme: 'light' });
    stores.registry.reorder(
      stores.registry
        .list()
        .map((account) => account.id)
        .reverse(),
    );
    await stores.registry.remove(stores.registry.list()[0]?.id ?? '');
    stores.teamsCache.delete(stores.registry.list()[0]?.id ?? '');
    stores.teamsCache.flush();

    expect(await readFile(join(dir, 'config.json'), 'utf8')).toBe(before.settings);
    expect(await readFile(join(dir, 'teams-cache.json'), 'utf8')).toBe(before.cache);
  });

  it('is opened as usual when it was written by this version or an older one', async () => {
    await writtenBy(APP_VERSION);
    const stores = await openStores(options());
    expect(stores.notices.list()).toEqual([]);
    stores.settings.update({ theme: 'light' });
    expect(((await readJson('config.json')) as Legacy).settings.theme).toBe('light');
  });
});
