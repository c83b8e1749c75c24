import { existsSync } from 'node:fs';
import { chmod, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { confStoreFactory, makeTempDir } from '../../tests/support/conf-store';
import type { StoreFactory } from './store-factory';
import { createMemoryLogger } from '../../tests/support/memory-logger';
import { backupPathFor, openStore, type OpenStoreOptions } from './open-store';

const SCHEMA = { version: { type: 'integer', minimum: 1 }, items: { type: 'array' } };
const AT = new Date('2025-03-04T05:06:07.089Z');
const BACKUP_NAME = 'things.corrupt-2025-03-04T050607.089Z.json';

let dir: string;
let cleanup: () => Promise<void>;
let factory: StoreFactory;

beforeEach(async () => {
  ({ dir, cleanup } = await makeTempDir('teamtray-open-'));
  factory = confStoreFactory(dir);
});
afterEach(async () => {
  await cleanup();
});

function options(): OpenStoreOptions {
  return {
    configName: 'things',
    schema: SCHEMA,
    defaults: { version: 1, items: [] },
    log: createMemoryLogger(),
    projectVersion: '1.0.0',
    now: () => AT,
  };
}

const modeOf = async (path: string): Promise<number> => (await stat(path)).mode & 0o777;

describe('openStore', () => {
  it('creates a fresh file with mode 0600 and the defaults', async () => {
    const { store, recovery } = openStore(factory, options());
    expect(recovery).toBeNull();
    expect(store.path).toBe(join(dir, 'things.json'));
    expect(await modeOf(store.path)).toBe(0o600);
    expect(store.get('items')).toEqual([]);
    store.set('items', ['a']);
    expect(await modeOf(store.path)).toBe(0o600);
    expect(JSON.parse(await readFile(store.path, 'utf8'))).toEqual({ version: 1, items: ['a'] });
  });

  it('tightens the mode of an existing file an older build left readable', async () => {
    const path = join(dir, 'things.json');
    await writeFile(path, JSON.stringify({ version: 1, items: ['kept'] }));
    await chmod(path, 0o644);
    const { store, recovery } = openStore(factory, options());
    expect(recovery).toBeNull();
    expect(store.get('items')).toEqual(['kept']);
    expect(await modeOf(path)).toBe(0o600);
  });

  it('moves a file of garbage bytes aside and opens a fresh one', async () => {
    const path = join(dir, 'things.json');
    const garbage = Buffer.from([0x7b, 0x22, 0xff, 0x00, 0x13, 0x37, 0x0a, 0x7d, 0x7d]);
    await writeFile(path, garbage);
    const log = createMemoryLogger();

    const { store, recovery } = openStore(factory, { ...options(), log });

    expect(recovery).toEqual({
      path,
      backupPath: join(dir, BACKUP_NAME),
      problem: 'it is not valid JSON',
    });
    expect((await readFile(join(dir, BACKUP_NAME))).equals(garbage)).toBe(true);
    expect(await modeOf(join(dir, BACKUP_NAME))).toBe(0o600);
    expect(store.get('items')).toEqual([]);
    store.set('items', ['new']);
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({ version: 1, items: ['new'] });
    expect(await modeOf(path)).toBe(0o600);
    expect(log.lines.join('\n')).toContain('moved aside');
    // Finding the file asked the factory about a sibling; that must leave nothing behind.
    expect((await readdir(dir)).sort()).toEqual([BACKUP_NAME, 'things.json'].sort());
  });

  it('moves aside valid JSON that the schema rejects', async () => {
    const path = join(dir, 'things.json');
    const text = JSON.stringify({ version: 'one', items: 'not a list' });
    await writeFile(path, text);

    const { store, recovery } = openStore(factory, options());

    expect(recovery?.problem).toBe('its contents do not have the expected layout');
    expect(recovery?.backupPath).toBe(join(dir, BACKUP_NAME));
    expect(await readFile(join(dir, BACKUP_NAME), 'utf8')).toBe(text);
    expect(store.get('version')).toBe(1);
  });

  it('never overwrites an earlier backup made in the same millisecond', async () => {
    const path = join(dir, 'things.json');
    await writeFile(path, 'first garbage');
    openStore(factory, options());
    await writeFile(path, 'second garbage');
    const { recovery } = openStore(factory, options());

    expect(recovery?.backupPath).toBe(join(dir, 'things.corrupt-2025-03-04T050607.089Z-1.json'));
    expect(await readFile(join(dir, BACKUP_NAME), 'utf8')).toBe('first garbage');
    expect(await readFile(recovery?.backupPath ?? '', 'utf8')).toBe('second garbage');
  });

  it('leaves a file it may not read alone and reports the error', async () => {
    const path = join(dir, 'things.json');
    await writeFile(path, 'whatever');
    const denied: StoreFactory = () => {
      throw Object.assign(new Error('permission denied'), { code: 'EACCES' });
    };
    expect(() => openStore(denied, options())).toThrow('permission denied');
    expect(await readFile(path, 'utf8')).toBe('whatever');
    expect(await readdir(dir)).toEqual(['things.json']);
  });

  it('puts the file back when a fresh store fails too (the file was not the problem)', async () => {
    const path = join(dir, 'things.json');
    await writeFile(path, '{"version": 1}');
    const real = confStoreFactory(dir);
    const broken: StoreFactory = (opts) => {
      if (opts.configName === 'things') throw new TypeError('bad option');
      return real(opts);
    };
    expect(() => openStore(broken, options())).toThrow('bad option');
    expect(await readFile(path, 'utf8')).toBe('{"version": 1}');
    expect(existsSync(join(dir, BACKUP_NAME))).toBe(false);
  });
});

describe('backupPathFor', () => {
  it('puts the stamp before the extension, without colons', () => {
    const path = backupPathFor('/x/config.json', new Date('2024-12-31T23:59:59.000Z'));
    expect(path).toBe('/x/config.corrupt-2024-12-31T235959.000Z.json');
    expect(path.slice(3)).not.toContain(':');
  });
});
