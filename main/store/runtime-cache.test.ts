import { asDeviceId, asInstanceId } from '../../common/brand';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { APP_VERSION } from '../../tests/support/app-version';
import { confStoreFactory, makeTempDir } from '../../tests/support/conf-store';
import { createMemoryLogger } from '../../tests/support/memory-logger';
import { MAX_INSTANCES_PER_TEAM } from '../flowfuse/list-caps';
import { ACCOUNT_RUNTIME_BUDGET } from '../runtime/budget';
import { openRuntimeCache, RUNTIME_CACHE_FILE_BUDGET, type CachedRuntime } from './runtime-cache';

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ dir, cleanup } = await makeTempDir('teamtray-runtime-cache-'));
});
afterEach(async () => {
  await cleanup();
});

const open = () =>
  openRuntimeCache(confStoreFactory(dir), {
    log: createMemoryLogger(),
    projectVersion: APP_VERSION,
  });

const entry: CachedRuntime = {
  fetchedAt: 1_700_000_000_000,
  instances: [
    {
      id: asInstanceId('i1'),
      name: 'line-1',
      url: 'https://line-1.example.com',
      application: 'App',
      state: 'running',
      lastAction: null,
      history: [],
    },
  ],
  devices: [
    {
      id: asDeviceId('d1'),
      name: 'press',
      lastSeenAt: 1_699_999_000_000,
      state: 'running',
      onlineStatus: null,
      activeSnapshot: null,
      targetSnapshot: null,
      notOnTargetSince: null,
      mode: null,
      history: [],
    },
  ],
};

describe('runtime cache', () => {
  it('keeps each team of each account across a restart, and forgets what it is told to', () => {
    const first = open();
    first.write('a1', 't1', entry);
    first.write('a1', 't2', { ...entry, instances: [] });
    first.write('a2', 't9', entry);
    expect(open().read('a1').get('t1')).toEqual(entry);
    const second = open();
    second.retainTeams('a1', ['t2']);
    second.retain(['a1']);
    const third = open();
    expect([...third.read('a1').keys()]).toEqual(['t2']);
    expect(third.read('a2').size).toBe(0);
  });

  it('keeps a device’s developer mode, and reads a device cached before it was kept as unknown', async () => {
    const developer = {
      ...entry,
      devices: entry.devices.map((d) => ({ ...d, mode: 'developer' })),
    };
    open().write('a1', 't1', developer);
    expect(open().read('a1').get('t1')?.devices[0]?.mode).toBe('developer');
    const path = join(dir, 'runtime-cache.json');
    const written = JSON.parse(await readFile(path, 'utf8')) as {
      accounts: { a1: { t1: { devices: Record<string, unknown>[] } } };
    };
    for (const device of written.accounts.a1.t1.devices) delete device.mode;
    await writeFile(path, JSON.stringify(written));
    expect(open().read('a1').get('t1')?.devices).toEqual(entry.devices);
  });

  it('opens a file written before the last action was kept (none known), and keeps one', async () => {
    // Today's shape, as a build before this one wrote it: instances without `lastAction`.
    const path = join(dir, 'runtime-cache.json');
    await writeFile(
      path,
      JSON.stringify({
        accounts: {
          a1: {
            t1: {
              fetchedAt: 1_700_000_000_000,
              instances: [
                { id: 'i1', name: 'line-1', url: null, application: 'App', state: 'stopped' },
              ],
              devices: [],
            },
          },
        },
      }),
    );
    const [read] = open().read('a1').get('t1')?.instances ?? [];
    expect(read).toEqual({
      id: 'i1',
      name: 'line-1',
      url: null,
      application: 'App',
      state: 'stopped',
      lastAction: null,
      history: [],
    });
    const lastAction = { event: 'project.stopped', at: 1_700_000_000_000, by: 'bob' };
    const [first] = entry.instances;
    if (first === undefined) throw new Error('fixture');
    open().write('a1', 't1', { ...entry, instances: [{ ...first, lastAction }] });
    expect(open().read('a1').get('t1')?.instances[0]?.lastAction).toEqual(lastAction);
    // The platform's own (no user) is kept as such.
    const platform = { ...lastAction, by: null };
    open().write('a1', 't2', { ...entry, instances: [{ ...first, lastAction: platform }] });
    expect(open().read('a1').get('t2')?.instances[0]?.lastAction).toEqual(platform);
  });

  it('keeps an instance’s and a device’s history, its last 20 entries, each text clipped', () => {
    const long = Array.from({ length: 25 }, (_, index) => ({
      at: index,
      state: index % 2 === 0 ? 'crashed' : 'running',
      ...(index === 24 ? { by: 'b'.repeat(300) } : {}),
    }));
    const [instance] = entry.instances;
    const [device] = entry.devices;
    if (instance === undefined || device === undefined) throw new Error('fixture');
    open().write('a1', 't1', {
      ...entry,
      instances: [{ ...instance, history: long }],
      devices: [{ ...device, history: [{ at: 1, state: 'x'.repeat(100) }] }],
    });
    const read = open().read('a1').get('t1');
    const history = read?.instances[0]?.history ?? [];
    expect(history.map((each) => each.at)).toEqual(long.slice(-20).map((each) => each.at));
    expect(history.at(-1)).toEqual({ at: 24, state: 'crashed', by: 'b'.repeat(64) });
    expect(read?.devices[0]?.history).toEqual([{ at: 1, state: 'x'.repeat(64) }]);
  });

  it('drops what does not look like instances or devices, keeps the rest', async () => {
    open().write('a1', 't1', entry);
    const path = join(dir, 'runtime-cache.json');
    const file = JSON.parse(await readFile(path, 'utf8')) as {
      accounts: Record<string, Record<string, Record<string, unknown>>>;
    };
    const team = file.accounts.a1?.t1 ?? {};
    team.instances = [...(team.instances as unknown[]), { id: '', name: 3 }, 'junk'];
    file.accounts.a1 = { ...file.accounts.a1, t2: { fetchedAt: 'yesterday' } };
    await writeFile(path, JSON.stringify(file));
    const read = open().read('a1');
    expect(read.get('t1')?.instances).toEqual(entry.instances);
    expect(read.has('t2')).toBe(false);
  });

  it('keeps what the popover can show: the caps, the account budget, the file budget', async () => {
    const long = (index: number) => ({
      id: asInstanceId(`i${index}`),
      name: 'n'.repeat(1000),
      url: `https://${'u'.repeat(1000)}.example.com`,
      application: 'a'.repeat(1000),
      state: 'running',
    });
    const big = (count: number): CachedRuntime => ({
      fetchedAt: 1,
      instances: Array.from({ length: count }, (_, index) => long(index)),
      devices: [],
    });
    // A file written by hand or an older build: 5 accounts of 3 teams of long instances.
    const path = join(dir, 'runtime-cache.json');
    const teams = { t1: big(800), t2: big(500), t3: big(500) };
    const accounts = Object.fromEntries(['a1', 'a2', 'a3', 'a4', 'a5'].map((id) => [id, teams]));
    await writeFile(path, JSON.stringify({ accounts }));
    const cache = open();
    const t1 = cache.read('a1').get('t1');
    expect(t1?.instances).toHaveLength(MAX_INSTANCES_PER_TEAM);
    const sizeOf = (id: string) => JSON.stringify(Object.fromEntries(cache.read(id))).length;
    expect(sizeOf('a1')).toBeLessThan(ACCOUNT_RUNTIME_BUDGET * 1.01);
    expect(sizeOf('a1')).toBeGreaterThan(ACCOUNT_RUNTIME_BUDGET * 0.99);
    // Four accounts at their budget fill the file's: the fifth keeps next to nothing.
    expect(sizeOf('a5')).toBeLessThan(ACCOUNT_RUNTIME_BUDGET * 0.01);
    cache.write('a1', 't1', {
      ...entry,
      instancesLeftOut: { unread: ['x'], unreadCount: 1, more: 2 },
    });
    cache.flush();
    const size = (await stat(path)).size;
    expect(size).toBeLessThan(RUNTIME_CACHE_FILE_BUDGET * 1.01);
    expect(open().read('a1').get('t1')?.instancesLeftOut).toEqual({
      unread: ['x'],
      unreadCount: 1,
      more: 2,
    });
  });
});
