/**
 * Tokens bound to their server (../vault/bound-secret.ts), on the files every earlier version
 * wrote (tests/fixtures: 0.1.0, 0.2.0, 0.3.0, and 5d0a501, the last code that kept a token
 * alone): every saved account opens with its token on the first start, and again on the next;
 * each token is then stored bound to its account's server. An address edited in the file after
 * that finds its token refused, in words, with every other account and field as it was.
 */
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fixedKeyCipher } from '../../tests/fixtures/settings-0.1.0/fixed-key';
import { APP_VERSION } from '../../tests/support/app-version';
import { confStoreFactories, makeTempDir } from '../../tests/support/conf-store';
import { FakeFlowFuse } from '../../tests/support/fake-flowfuse-client';
import { createMemoryLogger } from '../../tests/support/memory-logger';
import { openSecret } from '../vault/bound-secret';
import { openStores } from './open-stores';

const FIXTURES = ['0.1.0', '0.2.0', '0.3.0', '0.3.0-5d0a501'] as const;
const FILES = ['config.json', 'teams-cache.json', 'runtime-cache.json'] as const;

interface SavedAccount {
  id: string;
  origin: string;
  label: string;
  username: string;
}
interface Config {
  accounts: SavedAccount[];
  instances?: SavedAccount[];
  secrets: Record<string, string>;
  [key: string]: unknown;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

async function copyOf(version: string): Promise<{ dir: string; fixture: string }> {
  const fixture = join(import.meta.dirname, `../../tests/fixtures/settings-${version}`);
  const { dir, cleanup } = await makeTempDir(`teamtray-tokens-${version}-`);
  cleanups.push(cleanup);
  for (const name of FILES) {
    await copyFile(join(fixture, name), join(dir, name)).catch((error: unknown) => {
      // 0.1.0 wrote no runtime cache.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    });
  }
  return { dir, fixture };
}

const open = (dir: string) =>
  openStores({
    stores: confStoreFactories(dir),
    cipher: fixedKeyCipher(),
    clientFactory: new FakeFlowFuse().factory,
    log: createMemoryLogger(),
    appVersion: APP_VERSION,
  });

async function tokensByUser(dir: string): Promise<Record<string, string | null>> {
  const stores = await open(dir);
  const byUser: Record<string, string | null> = {};
  for (const account of stores.registry.list()) {
    byUser[account.username ?? '?'] = await stores.registry.tokenFor(account.id);
  }
  return byUser;
}

const readConfig = async (dir: string): Promise<Config> =>
  JSON.parse(await readFile(join(dir, 'config.json'), 'utf8')) as Config;

describe.each(FIXTURES)('the tokens of %s', (version) => {
  it('open with every account on the first start and the next, then bound to their servers', async () => {
    const { dir, fixture } = await copyOf(version);
    const tokens = JSON.parse(await readFile(join(fixture, 'tokens.json'), 'utf8')) as Record<
      string,
      string
    >;
    const before = await readConfig(dir);
    expect(await tokensByUser(dir)).toEqual(tokens);
    expect(await tokensByUser(dir)).toEqual(tokens);

    // On disk now: each secret is the token bound to its account's server and id.
    const after = await readConfig(dir);
    const cipher = fixedKeyCipher();
    for (const account of after.accounts) {
      const stored = after.secrets[`teamtray/${account.id}`] ?? '';
      const { value } = await cipher.decrypt(Buffer.from(stored, 'base64'));
      expect(openSecret(value)).toEqual({
        kind: 'bound',
        origin: account.origin,
        account: account.id,
        token: tokens[account.username],
      });
    }
    // Every account at the address it was written with (upgrade-<version> checks the rest).
    // (0.1.0 called them `instances`.)
    const written = before.instances ?? before.accounts;
    expect(after.accounts.map(({ id, origin }) => ({ id, origin }))).toEqual(
      written.map(({ id, origin }) => ({ id, origin })),
    );
  });

  it('refuses a token once its account’s address is edited in the file, and only that one', async () => {
    const { dir, fixture } = await copyOf(version);
    const tokens = JSON.parse(await readFile(join(fixture, 'tokens.json'), 'utf8')) as Record<
      string,
      string
    >;
    await tokensByUser(dir); // the first start binds them
    const config = await readConfig(dir);
    const [moved, ...others] = config.accounts;
    if (moved === undefined) throw new Error('fixture');
    moved.origin = 'https://collector.example';
    await writeFile(join(dir, 'config.json'), JSON.stringify(config));

    const stores = await open(dir);
    await expect(stores.registry.credentialsFor(moved.id)).rejects.toMatchObject({
      code: 'storage_unavailable',
      message: expect.stringContaining('Paste the token again') as string,
    });
    await expect(stores.registry.credentialsFor(moved.id)).rejects.toThrow(
      'does not belong to collector.example',
    );
    // The account itself stays, as it was written; every other account keeps its token.
    expect(stores.registry.get(moved.id)).toMatchObject({
      label: moved.label,
      origin: 'https://collector.example',
    });
    for (const other of others) {
      expect(await stores.registry.tokenFor(other.id)).toBe(tokens[other.username]);
    }
  });
});
