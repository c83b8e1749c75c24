/**
 * Pins, snoozes and quiet hours broken on disk (a hand edit, a half-restored backup): the file
 * still opens with every other setting and account, the bad entries are dropped, and the
 * repaired value is written back.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { APP_VERSION } from '../../tests/support/app-version';
import { confStoreFactory, makeTempDir } from '../../tests/support/conf-store';
import { createMemoryLogger } from '../../tests/support/memory-logger';
import { openSettingsFile } from './settings-file';

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ dir, cleanup } = await makeTempDir('teamtray-pins-'));
});
afterEach(async () => {
  await cleanup();
});

const good = { accountId: 'a1', kind: 'instance', id: 'p1', name: 'line-1' };

describe('a settings file with broken pins and snoozes', () => {
  it('opens with the rest intact, the bad entries dropped, and the repair saved', async () => {
    const later = Date.now() + 60 * 60_000;
    await writeFile(
      join(dir, 'config.json'),
      JSON.stringify({
        accounts: [],
        secrets: {},
        settings: {
          theme: 'dark',
          refreshIntervalMinutes: 25,
          pins: [good, { kind: 'device' }, 42, { ...good, kind: 'flow' }],
          snoozed: { 'a1/i/p1': later, 'a1/i/old': 1, nonsense: 'x' },
          quietUntil: 'tonight',
        },
        __internal__: { migrations: { version: APP_VERSION } },
      }),
    );
    const opened = openSettingsFile(confStoreFactory(dir), {
      log: createMemoryLogger(),
      projectVersion: APP_VERSION,
    });
    expect(opened.recovery).toBeNull();
    const settings = opened.file.readSettings();
    expect(settings).toMatchObject({
      theme: 'dark',
      refreshIntervalMinutes: 25,
      pins: [good],
      snoozed: { 'a1/i/p1': later },
      quietUntil: null,
    });
    const onDisk = JSON.parse(await readFile(join(dir, 'config.json'), 'utf8')) as {
      settings: unknown;
    };
    expect(onDisk.settings).toEqual(settings);
  });
});
