import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../common/model';
import { APP_VERSION } from '../../tests/support/app-version';
import { confStoreFactory, makeTempDir } from '../../tests/support/conf-store';
import { createMemoryLogger } from '../../tests/support/memory-logger';
import { openSettingsFile, type SettingsValuesStore } from './settings-file';
import { createSettingsStore } from './settings-store';

let dir: string;
let cleanup: () => Promise<void>;

beforeEach(async () => {
  ({ dir, cleanup } = await makeTempDir('teamtray-settings-store-'));
});
afterEach(async () => {
  await cleanup();
});

const openFile = () =>
  openSettingsFile(confStoreFactory(dir), {
    log: createMemoryLogger(),
    projectVersion: APP_VERSION,
  }).file;

describe('settings store', () => {
  it('starts from the defaults and saves a patch that survives a restart', () => {
    const settings = createSettingsStore(openFile(), createMemoryLogger());
    expect(settings.get()).toEqual(DEFAULT_SETTINGS);

    const next = settings.update({ theme: 'dark', refreshIntervalMinutes: 30 });

    expect(next).toEqual({ ...DEFAULT_SETTINGS, theme: 'dark', refreshIntervalMinutes: 30 });
    expect(createSettingsStore(openFile(), createMemoryLogger()).get()).toEqual(next);
  });

  it('clamps what it is given', () => {
    const settings = createSettingsStore(openFile(), createMemoryLogger());
    expect(settings.update({ refreshIntervalMinutes: 10_000 }).refreshIntervalMinutes).toBe(1440);
    expect(settings.update({ refreshIntervalMinutes: -1 }).refreshIntervalMinutes).toBe(0);
    expect(settings.update({ globalShortcut: '   ' }).globalShortcut).toBeNull();
    expect(openFile().readSettings().refreshIntervalMinutes).toBe(0);
  });

  it('changes nothing and says storage_unavailable when it cannot save', () => {
    const file = openFile();
    const failing: SettingsValuesStore = {
      readSettings: () => file.readSettings(),
      writeSettings: () => {
        throw new Error('disk full');
      },
    };
    const settings = createSettingsStore(failing, createMemoryLogger());
    expect(() => settings.update({ theme: 'light' })).toThrow(
      expect.objectContaining({ code: 'storage_unavailable' }),
    );
    expect(settings.get()).toEqual(DEFAULT_SETTINGS);
  });
});
