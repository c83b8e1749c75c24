import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { APP_VERSION } from '../../tests/support/app-version';
import { confStoreFactory, makeTempDir } from '../../tests/support/conf-store';
import { createMemoryLogger } from '../../tests/support/memory-logger';
import { openRuntimeCache, type CachedRuntime } from './runtime-cache';

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
      id: 'i1',
      name: 'line-1',
      url: 'https://line-1.example.com',
      application: 'App',
      state: 'running',
    },
  ],
  devices: [
    {
      id: 'd1',
      name: 'press',
      lastSeenAt: 1_699_999_000_000,
      state: 'running',
      onlineStatus: null,
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
});
