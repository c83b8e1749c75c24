/**
 * Users upgrade: the settings, teams-cache and runtime-cache files that 0.3.0's own code wrote
 * (tests/fixtures/settings-0.3.0: the one model's shapes, instances with their last action) open
 * in this version with every account, setting, token, team field, instance, last action and device
 * intact, in the model at start.
 */
import { copyFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../common/settings-defaults';
import { fixedKeyCipher } from '../../tests/fixtures/settings-0.1.0/fixed-key';
import { APP_VERSION } from '../../tests/support/app-version';
import { confStoreFactories, makeTempDir } from '../../tests/support/conf-store';
import { FakeFlowFuse } from '../../tests/support/fake-flowfuse-client';
import { createMemoryLogger } from '../../tests/support/memory-logger';
import { startModel } from '../core-services';
import { openStores } from './open-stores';

const FIXTURE = join(import.meta.dirname, '../../tests/fixtures/settings-0.3.0');
const FILES = ['config.json', 'teams-cache.json', 'runtime-cache.json'] as const;

interface Written {
  readonly accounts: readonly Record<string, unknown>[];
  readonly settings: Record<string, unknown>;
}
type CachedTeams = Record<string, { teams: Record<string, unknown>[]; lastSuccessAt: number }>;
type CachedRuntime = Record<
  string,
  Record<
    string,
    {
      fetchedAt: number;
      instances: Record<string, unknown>[];
      devices: Record<string, unknown>[];
    }
  >
>;

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ dir, cleanup } = await makeTempDir('teamtray-upgrade-0.3.0-'));
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

describe('upgrading from 0.3.0', () => {
  it('decrypts every token to what 0.3.0 saved', async () => {
    const tokens = await readFixture<Record<string, string>>('tokens.json');
    const stores = await open();
    const byUser: Record<string, string | null> = {};
    for (const account of stores.registry.list()) {
      byUser[account.username ?? '?'] = await stores.registry.tokenFor(account.id);
    }
    expect(byUser).toEqual(tokens);
  });

  it('shows all of it in the model at start: accounts, settings, teams, instances, devices', async () => {
    const written = await readFixture<Written>('config.json');
    const teams = await readFixture<{ entries: CachedTeams }>('teams-cache.json');
    const runtime = await readFixture<{ accounts: CachedRuntime }>('runtime-cache.json');
    const { state } = startModel(await open()).snapshot();
    // Every setting 0.3.0 saved; settings added since take their defaults beside them.
    expect(state.settings).toMatchObject(written.settings);
    // Quiet hours on a schedule came after 0.3.0: off, so nothing goes silent on its own.
    expect(state.settings.quietHours).toEqual(DEFAULT_SETTINGS.quietHours);
    expect(state.settings.quietHours.on).toBe(false);
    expect(state.settings.quietOffUntil).toBeNull();
    expect(state.accounts.map((account) => account.username)).toEqual(['grace', 'ada', 'bob']);
    for (const [index, account] of state.accounts.entries()) {
      const { label, origin, allowHttp, username, version } = account;
      expect({ id: account.id, label, origin, allowHttp, username, version }).toEqual({
        id: written.accounts[index]?.id,
        label: written.accounts[index]?.label,
        origin: written.accounts[index]?.origin,
        allowHttp: written.accounts[index]?.allowHttp,
        username: written.accounts[index]?.username,
        version: written.accounts[index]?.version,
      });
      const old = teams.entries[account.id];
      expect(account).toMatchObject({ stale: true, lastSuccessAt: old?.lastSuccessAt });
      // Every field of every cached team, as the model holds it.
      expect(account.teams).toHaveLength(old?.teams.length ?? -1);
      for (const [at, team] of account.teams.entries()) {
        expect(team).toMatchObject(old?.teams[at] ?? { missing: true });
        const read = runtime.accounts[account.id]?.[team.id];
        if (read === undefined) {
          expect(team.runtime.status).toBe('loading');
          continue;
        }
        expect(team.runtime).toMatchObject({ status: 'ok', fetchedAt: read.fetchedAt });
        expect(team.runtime.instances).toHaveLength(read.instances.length);
        for (const [i, instance] of team.runtime.instances.entries()) {
          expect(instance).toMatchObject(read.instances[i] ?? { missing: true });
        }
        expect(team.runtime.devices).toHaveLength(read.devices.length);
        for (const [i, device] of team.runtime.devices.entries()) {
          expect(device).toMatchObject(read.devices[i] ?? { missing: true });
          // 0.3.0 cached no developer mode: unknown until the next read, and no action.
          expect(device).toMatchObject({ mode: null, action: null });
        }
      }
    }
    const instances = state.accounts.flatMap((a) => a.teams.flatMap((t) => t.runtime.instances));
    expect(instances).toHaveLength(4);
    // The fixture holds what it claims: bob's stop of line-2-control, and the suspended pump's cause.
    expect(instances.find((i) => i.name === 'line-2-control')?.lastAction).toMatchObject({
      event: 'project.stopped',
      by: 'bob',
    });
    expect(instances.find((i) => i.name === 'pumpe-süd')?.lastAction).toMatchObject({
      event: 'project.suspended',
      by: 'grace',
    });
  });
});
