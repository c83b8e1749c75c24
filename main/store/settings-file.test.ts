import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { asAccountId, asOrigin } from '../../common/brand';
import { DEFAULT_SETTINGS } from '../../common/model';
import { confStoreFactory, makeTempDir } from '../../tests/support/conf-store';
import { createMemoryLogger } from '../../tests/support/memory-logger';
import { openSettingsFile, SETTINGS_FILE_DEFAULTS } from './settings-file';
import type { SavedAccount } from './types';
import { APP_VERSION } from '../../tests/support/app-version';

let dir: string;
let cleanup: () => Promise<void>;

beforeEach(async () => {
  ({ dir, cleanup } = await makeTempDir('teamtray-settings-'));
});
afterEach(async () => {
  await cleanup();
});

const open = (now?: () => Date) =>
  openSettingsFile(confStoreFactory(dir), {
    log: createMemoryLogger(),
    projectVersion: APP_VERSION,
    ...(now ? { now } : {}),
  });
const pathOf = (): string => join(dir, 'config.json');
const readJson = async (): Promise<unknown> => JSON.parse(await readFile(pathOf(), 'utf8'));

const account: SavedAccount = {
  id: asAccountId('a1'),
  label: 'Work',
  origin: asOrigin('https://ff.example.com'),
  allowHttp: false,
  userId: 'u1',
  username: 'alice',
  version: '2.4.0',
  tokenInfo: null,
};

describe('openSettingsFile', () => {
  it('starts a new file with the defaults, mode 0600, and nothing to report', async () => {
    const { file, recovery, notices } = open();
    expect(file.path).toBe(pathOf());
    expect(recovery).toBeNull();
    expect(notices).toEqual([]);
    // conf records the app version it migrated the file to.
    expect(await readJson()).toEqual({
      ...SETTINGS_FILE_DEFAULTS,
      __internal__: { migrations: { version: APP_VERSION } },
    });
    expect((await stat(pathOf())).mode & 0o777).toBe(0o600);
    expect(file.readSettings()).toEqual(DEFAULT_SETTINGS);
    expect(file.readAccounts()).toEqual([]);
  });

  it('round-trips accounts, settings and secrets through the file', () => {
    const first = open().file;
    first.writeAccounts([account]);
    first.writeSettings({ ...DEFAULT_SETTINGS, theme: 'dark' });
    first.secrets.write({ 'teamtray/a1': 'QUJD' });

    const again = open();
    expect(again.notices).toEqual([]);
    expect(again.file.readAccounts()).toEqual([account]);
    expect(again.file.readSettings().theme).toBe('dark');
    expect(again.file.secrets.read()).toEqual({ 'teamtray/a1': 'QUJD' });
  });

  it('sanitises on load: drops bad accounts, clamps settings, and says so', async () => {
    await writeFile(
      pathOf(),
      JSON.stringify({
        version: 1,
        accounts: [
          account,
          { ...account, label: 'duplicate id' },
          { ...account, id: 'a2', origin: 'javascript:alert(1)' },
          { ...account, id: 'a3', origin: 'http://ff.example.com' },
          { ...account, id: 'a4', userId: 'u2', label: '  Lab  ' },
        ],
        secrets: { 'teamtray/a1': 'QUJD', 'teamtray/x': 12 },
        settings: { refreshIntervalMinutes: 100_000, theme: 'neon', launchAtLogin: true },
        futureKey: 'kept',
      }),
    );

    const { file, notices, recovery } = open();

    expect(recovery).toBeNull();
    expect(file.readAccounts().map((saved) => [saved.id, saved.label])).toEqual([
      ['a1', 'Work'],
      ['a4', 'Lab'],
    ]);
    expect(notices).toEqual([
      {
        level: 'warning',
        message: '3 saved servers in the settings file could not be read and were left out.',
      },
    ]);
    const onDisk = (await readJson()) as Record<string, unknown>;
    expect(onDisk.accounts).toHaveLength(2);
    expect(onDisk.secrets).toEqual({ 'teamtray/a1': 'QUJD' });
    expect(onDisk.settings).toEqual({
      ...DEFAULT_SETTINGS,
      launchAtLogin: true,
      refreshIntervalMinutes: 1440,
    });
    // A key a newer build wrote is not ours to delete.
    expect(onDisk.futureKey).toBe('kept');
  });

  it('says so when a saved shortcut is refused by today’s rules, naming it and why', async () => {
    // Saved by 0.2.0, which allowed Ctrl+Alt with a letter; it types a character on many keyboards.
    await writeFile(
      pathOf(),
      JSON.stringify({
        accounts: [],
        secrets: {},
        settings: { ...DEFAULT_SETTINGS, globalShortcut: 'CommandOrControl+Alt+K' },
      }),
    );
    const { file, notices } = open();
    expect(file.readSettings().globalShortcut).toBeNull();
    expect(notices).toHaveLength(1);
    expect(notices[0]?.message).toMatch(
      /^The shortcut CommandOrControl\+Alt\+K was turned off: .*types a character.* Choose another in Settings\.$/,
    );
  });

  it('quotes a refused shortcut from a hand-edited file clipped, with no control or bidi', async () => {
    const huge = `Control+\u202e\u001b[2J\u0007${'K'.repeat(2 * 1024 * 1024)}`;
    await writeFile(
      pathOf(),
      JSON.stringify({
        accounts: [],
        secrets: {},
        settings: { ...DEFAULT_SETTINGS, globalShortcut: huge },
      }),
    );
    const { file, notices } = open();
    expect(file.readSettings().globalShortcut).toBeNull();
    const message = notices[0]?.message ?? '';
    expect(message.length).toBeLessThan(300);
    // eslint-disable-next-line no-control-regex -- the controls are what must not be there
    expect(message).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e]/);
    expect(message).toMatch(/^The shortcut Control\+ \[2J K+… was turned off: /);
  });

  it('does not rewrite a clean file', async () => {
    open().file.writeAccounts([account]);
    const before = await stat(pathOf());
    await new Promise((resolve) => setTimeout(resolve, 20));
    open();
    expect((await stat(pathOf())).mtimeMs).toBe(before.mtimeMs);
  });

  it('moves a corrupt file aside and tells the user where it went', async () => {
    await writeFile(pathOf(), '{"accounts": [ {"id": "a1", ');
    const at = new Date('2025-01-02T03:04:05.006Z');

    const { file, notices, recovery } = open(() => at);

    const backup = join(dir, 'config.corrupt-2025-01-02T030405.006Z.json');
    expect(recovery?.backupPath).toBe(backup);
    expect(await readFile(backup, 'utf8')).toBe('{"accounts": [ {"id": "a1", ');
    expect(notices).toHaveLength(1);
    expect(notices[0]?.level).toBe('warning');
    expect(notices[0]?.message).toContain(backup);
    expect(notices[0]?.message).toContain('not valid JSON');
    expect(file.readAccounts()).toEqual([]);
    expect((await readdir(dir)).sort()).toEqual([
      'config.corrupt-2025-01-02T030405.006Z.json',
      'config.json',
    ]);
  });

  it('moves aside a file whose top level has the wrong types', async () => {
    await writeFile(pathOf(), JSON.stringify({ version: 1, accounts: 'none', secrets: [] }));
    const { notices, recovery, file } = open();
    expect(recovery).not.toBeNull();
    expect(notices[0]?.message).toContain('expected layout');
    file.writeSettings({ ...DEFAULT_SETTINGS, theme: 'light' });
    expect(open().file.readSettings().theme).toBe('light');
  });
});
