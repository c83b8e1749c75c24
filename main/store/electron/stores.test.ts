import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const fake = vi.hoisted(() => ({ userData: '' }));

vi.mock('electron', async () => {
  const { EventEmitter: Emitter } = await import('node:events');
  const ipcMain = new Emitter();
  return { default: { ipcMain }, ipcMain };
});

// electron-store imports the real 'electron' from node_modules, which vi.mock cannot reach (and
// which tries to download its binary). Stand in for it with conf, which electron-store extends:
// the same files, schema checks and modes, with electron-store's option names mapped as it maps
// them, and its renderer listener registered as it registers it.
vi.mock('electron-store', async () => {
  const { default: Conf } = await import('conf');
  const { ipcMain } = await import('electron');
  type Options = ConstructorParameters<typeof Conf>[0] & { name?: string };
  class FakeElectronStore extends Conf {
    constructor({ name, ...rest }: Options = {}) {
      ipcMain.on('electron-store-get-data', () => undefined);
      super({ ...rest, configName: name ?? 'config', cwd: rest.cwd ?? fake.userData });
    }
  }
  return { default: FakeElectronStore };
});

const electron = await import('electron');
const { createStoreFactory } = await import('./stores');
const { STORE_FILE_MODE } = await import('../open-store');

const schema = {
  settings: {
    type: 'object',
    properties: { refreshIntervalMinutes: { type: 'number' } },
    additionalProperties: false,
  },
};
const defaults = { settings: { refreshIntervalMinutes: 10 } };

beforeEach(() => {
  fake.userData = mkdtempSync(join(tmpdir(), 'teamtray-stores-'));
});
afterEach(() => {
  rmSync(fake.userData, { recursive: true, force: true });
});

describe('electron-store factory', () => {
  it('writes <userData>/<configName>.json with mode 0600', () => {
    const store = createStoreFactory()({
      configName: 'config',
      schema,
      defaults,
      projectVersion: '1.0.0',
    });
    store.set('settings', { refreshIntervalMinutes: 5 });
    expect(store.path).toBe(join(fake.userData, 'config.json'));
    expect(store.get('settings')).toEqual({ refreshIntervalMinutes: 5 });
    if (process.platform !== 'win32') {
      expect(statSync(store.path).mode & 0o777).toBe(STORE_FILE_MODE);
    }
  });

  it('throws on a corrupt file instead of emptying it', () => {
    const path = join(fake.userData, 'config.json');
    writeFileSync(path, '{ not json');
    expect(() =>
      createStoreFactory()({ configName: 'config', schema, defaults, projectVersion: '1.0.0' }),
    ).toThrow();
    expect(readFileSync(path, 'utf8')).toBe('{ not json');
  });

  it('throws on a file that breaks the schema', () => {
    const path = join(fake.userData, 'config.json');
    writeFileSync(path, JSON.stringify({ settings: { refreshIntervalMinutes: 'often' } }));
    expect(() =>
      createStoreFactory()({ configName: 'config', schema, defaults, projectVersion: '1.0.0' }),
    ).toThrow();
  });

  it('leaves no electron-store IPC listener for the page to call', () => {
    createStoreFactory()({
      configName: 'teams-cache',
      schema: {},
      defaults: {},
      projectVersion: '1.0.0',
    });
    const ipcMain = electron.ipcMain as unknown as EventEmitter;
    expect(ipcMain.listenerCount('electron-store-get-data')).toBe(0);
  });
});
