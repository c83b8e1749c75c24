/**
 * Users upgrade: the runtime cache that 6ff080c wrote (tests/fixtures/runtime-cache-6ff080c:
 * devices without their snapshots) opens in this version with every instance and device intact,
 * in the model at start, the fields added since at their defaults (an empty history: #31 point
 * 5); and the file this version writes back keeps all of it.
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
import { readingOf } from '../model/facts';
import { openStores } from './open-stores';

const FIXTURE = join(import.meta.dirname, '../../tests/fixtures/runtime-cache-6ff080c');
const FILES = ['config.json', 'teams-cache.json', 'runtime-cache.json'] as const;

type Cached = Record<
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
  ({ dir, cleanup } = await makeTempDir('teamtray-upgrade-runtime-'));
  for (const name of FILES) await copyFile(join(FIXTURE, name), join(dir, name));
});
afterEach(async () => {
  await cleanup();
});

const cached = async (folder: string): Promise<Cached> =>
  (JSON.parse(await readFile(join(folder, 'runtime-cache.json'), 'utf8')) as { accounts: Cached })
    .accounts;

const open = () =>
  openStores({
    stores: confStoreFactories(dir),
    cipher: fixedKeyCipher(),
    clientFactory: new FakeFlowFuse().factory,
    log: createMemoryLogger(),
    appVersion: APP_VERSION,
  });

describe('upgrading the runtime cache written at 6ff080c', () => {
  it('shows every instance and device with all it held; new fields at their defaults', async () => {
    const old = await cached(FIXTURE);
    const stores = await open();
    const { state } = startModel(stores).snapshot();
    let devices = 0;
    let instances = 0;
    for (const account of state.accounts) {
      for (const team of account.teams) {
        const read = old[account.id]?.[team.id];
        if (read === undefined) continue;
        expect(team.runtime).toMatchObject({ status: 'ok', fetchedAt: read.fetchedAt });
        expect(team.runtime.instances).toHaveLength(read.instances.length);
        for (const [i, instance] of team.runtime.instances.entries()) {
          expect(instance).toMatchObject(read.instances[i] ?? { missing: true });
          // Written before Teamtray kept histories: none yet, not one made up at start.
          expect(instance.history).toEqual([]);
          instances += 1;
        }
        expect(team.runtime.devices).toHaveLength(read.devices.length);
        for (const [i, device] of team.runtime.devices.entries()) {
          // Every field it held, exactly; what this version adds, at its default.
          expect(device).toEqual({
            ...read.devices[i],
            mode: null,
            action: null,
            activeSnapshot: null,
            targetSnapshot: null,
            notOnTargetSince: null,
            history: [],
          });
          devices += 1;
        }
        // Written back by this version: nothing of the old is lost.
        stores.runtimeCache.write(account.id, team.id, {
          fetchedAt: read.fetchedAt,
          ...readingOf(team.runtime),
        });
      }
    }
    expect({ instances, devices }).toEqual({ instances: 4, devices: 3 });
    stores.runtimeCache.flush();
    const again = await cached(dir);
    for (const [accountId, teams] of Object.entries(old)) {
      for (const [teamId, read] of Object.entries(teams)) {
        const now = again[accountId]?.[teamId];
        expect(now?.instances).toEqual(
          read.instances.map((each) => expect.objectContaining(each) as unknown),
        );
        expect(now?.devices).toEqual(
          read.devices.map((each) => expect.objectContaining(each) as unknown),
        );
      }
    }
  });
});
