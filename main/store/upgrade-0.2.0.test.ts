/**
 * Users upgrade: the settings, teams-cache and runtime-cache files that 0.2.0's own code wrote
 * (tests/fixtures/settings-0.2.0) open in this version with every account, label, order, setting,
 * encrypted token, cached team, instance and device intact.
 */
import { copyFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixedKeyCipher } from '../../tests/fixtures/settings-0.1.0/fixed-key';
import { APP_VERSION } from '../../tests/support/app-version';
import { confStoreFactories, makeTempDir } from '../../tests/support/conf-store';
import { FakeFlowFuse } from '../../tests/support/fake-flowfuse-client';
import { createMemoryLogger } from '../../tests/support/memory-logger';
import { startModel } from '../core-services';
import { openStores } from './open-stores';
import { TOKEN_SERVICE } from './account-registry';

const FIXTURE = join(import.meta.dirname, '../../tests/fixtures/settings-0.2.0');
const FILES = ['config.json', 'teams-cache.json', 'runtime-cache.json'] as const;
/** Settings added after 0.2.0, at their defaults. */
const NEWER_SETTINGS = {
  trayCount: true,
  pins: [],
  snoozed: {},
  quietUntil: null,
  // Quiet hours on a schedule: off, so nothing goes silent on its own.
  quietHours: { on: false, from: '22:00', to: '07:00', days: [0, 1, 2, 3, 4, 5, 6] },
  quietOffUntil: null,
  // Alerts you can trust (#31): told when a problem is over, no reminder, devices after 5 min.
  notifyRecoveries: true,
  remindAfterMinutes: 0,
  deviceGraceMinutes: 5,
};

interface Written {
  readonly accounts: readonly {
    id: string;
    label: string;
    origin: string;
    username: string;
    version: string;
  }[];
  readonly settings: Record<string, unknown>;
}
type CachedTeams = Record<string, { teams: { id: string; name: string }[]; lastSuccessAt: number }>;
type CachedRuntime = Record<
  string,
  Record<
    string,
    {
      fetchedAt: number;
      instances: { id: string; name: string; state: string }[];
      devices: { id: string; name: string; lastSeenAt: number | null }[];
    }
  >
>;

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ dir, cleanup } = await makeTempDir('teamtray-upgrade-0.2.0-'));
  for (const name of FILES) await copyFile(join(FIXTURE, name), join(dir, name));
});
afterEach(async () => {
  await cleanup();
});

const readFixture = async <T>(name: string): Promise<T> =>
  JSON.parse(await readFile(join(FIXTURE, name), 'utf8')) as T;

const open = () =>
  openStores({
    stores: confStoreFactories(dir),
    cipher: fixedKeyCipher(),
    clientFactory: new FakeFlowFuse().factory,
    log: createMemoryLogger(),
    appVersion: APP_VERSION,
  });

describe('upgrading from 0.2.0', () => {
  it('keeps every account in its order: the same server for two users, labels, versions', async () => {
    const written = await readFixture<Written>('config.json');
    const stores = await open();
    const accounts = stores.registry.list().map(({ id, label, origin, username, version }) => ({
      id,
      label,
      origin,
      username,
      version,
    }));
    expect(accounts).toEqual(
      written.accounts.map(({ id, label, origin, username, version }) => ({
        id,
        label,
        origin,
        username,
        version,
      })),
    );
    expect(accounts.map((account) => account.username)).toEqual(['grace', 'ada', 'bob']);
    expect(stores.notices.list()).toEqual([]);
  });

  it('decrypts every token to what 0.2.0 saved', async () => {
    const tokens = await readFixture<Record<string, string>>('tokens.json');
    const stores = await open();
    const byUser: Record<string, string | null> = {};
    for (const account of stores.registry.list()) {
      byUser[account.username ?? '?'] = await stores.registry.tokenFor(account.id);
    }
    expect(byUser).toEqual(tokens);
    expect(await stores.vault.accounts(TOKEN_SERVICE)).toHaveLength(3);
  });

  it('keeps every setting, and takes the defaults of settings added since', async () => {
    const written = await readFixture<Written>('config.json');
    const stores = await open();
    expect(stores.settings.get()).toEqual({ ...written.settings, ...NEWER_SETTINGS });
  });

  it('serves every cached team of every account', async () => {
    const written = await readFixture<{ entries: CachedTeams }>('teams-cache.json');
    const stores = await open();
    for (const account of stores.registry.list()) {
      const old = written.entries[account.id];
      const cached = stores.teamsCache.read(account.id);
      expect(old?.teams.length).toBeGreaterThan(0);
      expect(cached?.teams.map((team) => [team.id, team.name])).toEqual(
        old?.teams.map((team) => [team.id, team.name]),
      );
      expect(cached?.lastSuccessAt).toBe(old?.lastSuccessAt);
    }
  });

  it('serves every cached instance and device of every team', async () => {
    const written = await readFixture<{ accounts: CachedRuntime }>('runtime-cache.json');
    const stores = await open();
    let instances = 0;
    let devices = 0;
    for (const account of stores.registry.list()) {
      const old = written.accounts[account.id] ?? {};
      const cached = stores.runtimeCache.read(account.id);
      expect([...cached.keys()].sort()).toEqual(Object.keys(old).sort());
      for (const [teamId, entry] of Object.entries(old)) {
        const now = cached.get(teamId);
        expect(now?.fetchedAt).toBe(entry.fetchedAt);
        expect(now?.instances.map(({ id, name, state }) => ({ id, name, state }))).toEqual(
          entry.instances.map(({ id, name, state }) => ({ id, name, state })),
        );
        expect(now?.devices.map(({ id, name, lastSeenAt }) => ({ id, name, lastSeenAt }))).toEqual(
          entry.devices.map(({ id, name, lastSeenAt }) => ({ id, name, lastSeenAt })),
        );
        instances += entry.instances.length;
        devices += entry.devices.length;
      }
    }
    // The fixture holds what it claims: 4 instances and 3 devices over two servers.
    expect([instances, devices]).toEqual([4, 3]);
  });

  it('shows all of it in the model at start: accounts, settings, teams, instances, devices', async () => {
    const written = await readFixture<Written>('config.json');
    const teams = await readFixture<{ entries: CachedTeams }>('teams-cache.json');
    const runtime = await readFixture<{ accounts: CachedRuntime }>('runtime-cache.json');
    const { state } = startModel(await open()).snapshot();
    expect(state.settings).toEqual({ ...written.settings, ...NEWER_SETTINGS });
    expect(
      state.accounts.map(({ id, label, origin, username, version }) => ({
        id,
        label,
        origin,
        username,
        version,
      })),
    ).toEqual(
      written.accounts.map(({ id, label, origin, username, version }) => ({
        id,
        label,
        origin,
        username,
        version,
      })),
    );
    for (const account of state.accounts) {
      const old = teams.entries[account.id];
      // Last known, until the first refresh says what is true now.
      expect(account).toMatchObject({ stale: true, lastSuccessAt: old?.lastSuccessAt });
      expect(account.teams.map((team) => [team.id, team.name])).toEqual(
        old?.teams.map((team) => [team.id, team.name]),
      );
      for (const team of account.teams) {
        const read = runtime.accounts[account.id]?.[team.id];
        if (read === undefined) {
          expect(team.runtime.status).toBe('loading');
          continue;
        }
        expect(team.runtime).toMatchObject({ status: 'ok', fetchedAt: read.fetchedAt });
        expect(team.runtime.instances.map(({ id, name, state }) => ({ id, name, state }))).toEqual(
          read.instances.map(({ id, name, state }) => ({ id, name, state })),
        );
        expect(
          team.runtime.devices.map(({ id, name, lastSeenAt }) => ({ id, name, lastSeenAt })),
        ).toEqual(read.devices.map(({ id, name, lastSeenAt }) => ({ id, name, lastSeenAt })));
      }
    }
    const instances = state.accounts.flatMap((a) => a.teams.flatMap((t) => t.runtime.instances));
    expect(instances).toHaveLength(4);
  });
});
