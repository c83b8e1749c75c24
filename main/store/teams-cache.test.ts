import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { confStoreFactory, makeTempDir } from '../../tests/support/conf-store';
import { asTeamId } from '../../common/brand';
import type { ListedTeam } from '../model/facts';
import { createMemoryLogger } from '../../tests/support/memory-logger';
import {
  MAX_CACHED_ACCOUNTS,
  MAX_CACHED_TEAMS,
  openTeamsCache,
  TEAMS_CACHE_FILE_BUDGET,
} from './teams-cache';
import { APP_VERSION } from '../../tests/support/app-version';

let dir: string;
let cleanup: () => Promise<void>;

beforeEach(async () => {
  ({ dir, cleanup } = await makeTempDir('teamtray-cache-'));
});
afterEach(async () => {
  await cleanup();
});

const open = () =>
  openTeamsCache(confStoreFactory(dir), { log: createMemoryLogger(), projectVersion: APP_VERSION });

function team(id: string, name = `Team ${id}`): ListedTeam {
  return {
    id: asTeamId(id),
    name,
    slug: `team-${id}`,
    avatarUrl: 'https://www.gravatar.com/avatar/x',
    typeName: 'Starter',
    role: 50,
    instanceCount: 2,
    memberCount: 3,
    deviceCount: null,
  };
}

describe('FileTeamsCache', () => {
  it('keeps entries in its own file, mode 0600, across restarts', async () => {
    const { cache, path, recovery } = open();
    expect(path).toBe(join(dir, 'teams-cache.json'));
    expect(recovery).toBeNull();
    const entry = {
      teams: [team('a'), team('b')],
      lastSuccessAt: 1_700_000_000_000,
      version: '2.4.0',
    };
    cache.write('i1', entry);
    expect(cache.read('i1')).toEqual(entry);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(open().cache.read('i1')).toEqual(entry);
    cache.delete('i1');
    expect(open().cache.read('i1')).toBeUndefined();
  });

  it('caps the teams per account and the number of accounts', () => {
    const { cache } = open();
    const many = Array.from({ length: MAX_CACHED_TEAMS + 10 }, (_, i) => team(`t${i}`));
    cache.write('big', { teams: many, lastSuccessAt: 5, version: null });
    expect(cache.read('big')?.teams).toHaveLength(MAX_CACHED_TEAMS);

    for (let i = 0; i < MAX_CACHED_ACCOUNTS; i += 1) {
      cache.write(`i${i}`, { teams: [team('x')], lastSuccessAt: 1000 + i, version: null });
    }
    // 'big' was refreshed least recently, so it went first.
    expect(cache.read('big')).toBeUndefined();
    expect(cache.read('i0')).toBeDefined();
    expect(open().cache.read('big')).toBeUndefined();
  });

  it('keeps the whole file within its budget, the accounts refreshed longest ago dropped and said', async () => {
    const log = createMemoryLogger();
    const { cache, path } = openTeamsCache(confStoreFactory(dir), {
      log,
      projectVersion: APP_VERSION,
    });
    // 1,000 teams with 1,000-character names: about 1.1 MB an account.
    const long = Array.from({ length: MAX_CACHED_TEAMS }, (_, i) =>
      team(`t${i}`, 'n'.repeat(1000)),
    );
    for (let i = 0; i < 10; i += 1) {
      cache.write(`a${i}`, { teams: long, lastSuccessAt: 1000 + i, version: null });
    }
    const kept = Array.from({ length: 10 }, (_, i) => cache.read(`a${i}`) !== undefined);
    // The newest are kept, the oldest went first.
    expect(kept.at(-1)).toBe(true);
    expect(kept[0]).toBe(false);
    expect(kept.indexOf(true)).toBe(kept.lastIndexOf(false) + 1);
    expect((await readFile(path, 'utf8')).length).toBeLessThanOrEqual(
      TEAMS_CACHE_FILE_BUDGET * 1.05,
    );
    expect(log.lines.some((line) => line.includes('teams cache: left out the accounts'))).toBe(
      true,
    );
  });

  it('drops entries of accounts that are no longer saved', () => {
    const { cache } = open();
    cache.write('keep', { teams: [], lastSuccessAt: 1, version: null });
    cache.write('gone', { teams: [], lastSuccessAt: 1, version: null });
    cache.retain(['keep']);
    expect(open().cache.read('gone')).toBeUndefined();
    expect(open().cache.read('keep')).toBeDefined();
  });

  it('sanitises what it reads: bad entries and bad teams go, long names are clipped', async () => {
    const path = join(dir, 'teams-cache.json');
    await writeFile(
      path,
      JSON.stringify({
        version: 1,
        entries: {
          good: {
            teams: [
              { ...team('a'), name: 'n'.repeat(5000), role: 'owner', extra: 'ignored' },
              { id: 'no-slug', name: 'x' },
              'junk',
            ],
            lastSuccessAt: 10,
            version: 7,
          },
          noTime: { teams: [] },
          notAList: { teams: {}, lastSuccessAt: 1 },
        },
      }),
    );
    const { cache } = open();
    const entry = cache.read('good');
    expect(entry?.teams).toHaveLength(1);
    expect(entry?.teams[0]?.name).toHaveLength(1024);
    expect(entry?.teams[0]?.role).toBeNull();
    expect(entry?.version).toBeNull();
    expect(cache.read('noTime')).toBeUndefined();
    const onDisk = JSON.parse(await readFile(path, 'utf8')) as { entries: Record<string, unknown> };
    expect(Object.keys(onDisk.entries)).toEqual(['good']);
  });

  it('reads a team in the server’s shape (0.1.0 and 0.2.0 kept that) into the model’s', async () => {
    const path = join(dir, 'teams-cache.json');
    const written = {
      id: 'a',
      name: 'Team a',
      slug: 'team-a',
      avatar: '//www.gravatar.com/avatar/x',
      type: { id: 'type-1', name: 'Starter' },
      role: 50,
      instanceCount: 2,
      memberCount: 3,
      deviceCount: null,
    };
    const elsewhere = {
      ...written,
      id: 'b',
      name: 'Team b',
      slug: 'team-b',
      avatar: 'https://evil.example/a.png',
    };
    await writeFile(
      path,
      JSON.stringify({ entries: { i1: { teams: [written, elsewhere], lastSuccessAt: 10 } } }),
    );
    expect(open().cache.read('i1')?.teams).toEqual([team('a'), { ...team('b'), avatarUrl: null }]);
  });

  it('shows no avatar from a host other than Gravatar’s, even one written in its own shape', async () => {
    const path = join(dir, 'teams-cache.json');
    const bad = { ...team('a'), avatarUrl: 'https://evil.example/a.png' };
    await writeFile(path, JSON.stringify({ entries: { i1: { teams: [bad], lastSuccessAt: 10 } } }));
    expect(open().cache.read('i1')?.teams).toEqual([{ ...team('a'), avatarUrl: null }]);
  });

  it('moves a damaged cache aside and starts empty', async () => {
    const path = join(dir, 'teams-cache.json');
    await writeFile(path, '\u0000\u0001 not json');
    const { cache, recovery } = open();
    expect(recovery?.problem).toBe('it is not valid JSON');
    expect(await readFile(recovery?.backupPath ?? '', 'utf8')).toBe('\u0000\u0001 not json');
    expect(cache.read('anything')).toBeUndefined();
    cache.write('i1', { teams: [team('a')], lastSuccessAt: 1, version: null });
    expect(open().cache.read('i1')?.teams).toHaveLength(1);
  });

  it('refuses an entry that is not teams, and survives a failed write', () => {
    const log = createMemoryLogger();
    const real = confStoreFactory(dir);
    const { cache } = openTeamsCache(
      (options) => {
        const store = real(options);
        return {
          path: store.path,
          get: (key) => store.get(key),
          set: () => {
            throw new Error('disk full');
          },
          delete: (key) => {
            store.delete(key);
          },
        };
      },
      { log, projectVersion: APP_VERSION },
    );
    cache.write('bad', { teams: [], lastSuccessAt: Number.NaN, version: null });
    expect(cache.read('bad')).toBeUndefined();
    cache.write('i1', { teams: [team('a')], lastSuccessAt: 1, version: null });
    expect(cache.read('i1')?.teams).toHaveLength(1);
    expect(log.lines.join('\n')).toContain('could not write');
  });

  it('with a save delay, gathers the writes of one refresh into one file write, and flushes', async () => {
    const real = confStoreFactory(dir);
    let fileWrites = 0;
    const { cache } = openTeamsCache(
      (options) => {
        const store = real(options);
        return {
          path: store.path,
          get: (key) => store.get(key),
          set: (key, value) => {
            fileWrites += 1;
            store.set(key, value);
          },
          delete: (key) => {
            store.delete(key);
          },
        };
      },
      { log: createMemoryLogger(), projectVersion: APP_VERSION, saveDelayMs: 20 },
    );
    for (let i = 0; i < 10; i += 1) {
      cache.write(`i${i}`, { teams: [team('a')], lastSuccessAt: 1 + i, version: null });
    }
    expect(cache.read('i9')?.teams).toHaveLength(1);
    expect(fileWrites).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(fileWrites).toBe(1);
    expect(open().cache.read('i9')?.teams).toHaveLength(1);

    cache.delete('i9');
    cache.flush();
    expect(fileWrites).toBe(2);
    expect(open().cache.read('i9')).toBeUndefined();
    cache.flush();
    expect(fileWrites).toBe(2);
  });
});
