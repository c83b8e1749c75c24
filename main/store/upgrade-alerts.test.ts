/**
 * Users upgrade: a settings file written by the code before the alert settings of issue 31
 * (tests/fixtures/settings-6ff080c) opens with every setting it held, and the new ones at their
 * defaults: told when a problem is over, no still-down reminder, devices alert after 5 minutes.
 */
import { copyFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Settings } from '../../common/settings';
import { fixedKeyCipher } from '../../tests/fixtures/settings-0.1.0/fixed-key';
import { call, state, testCore } from '../../tests/support/core-calls';
import { makeTempDir } from '../../tests/support/conf-store';

const FIXTURE = join(import.meta.dirname, '../../tests/fixtures/settings-6ff080c');

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ dir, cleanup } = await makeTempDir('teamtray-upgrade-alerts-'));
  await copyFile(join(FIXTURE, 'config.json'), join(dir, 'config.json'));
});
afterEach(async () => {
  await cleanup();
});

const written = async (): Promise<Record<string, unknown>> =>
  (
    JSON.parse(await readFile(join(FIXTURE, 'config.json'), 'utf8')) as {
      settings: Record<string, unknown>;
    }
  ).settings;

describe('upgrading a settings file from before the alert settings', () => {
  it('keeps what it held and opens the new settings at their defaults', async () => {
    const before = await written();
    expect(before).not.toHaveProperty('notifyRecoveries');
    const { core } = await testCore({ dir, cipher: fixedKeyCipher() });
    const { settings, accounts } = await state(core);
    expect(settings).toMatchObject(before);
    expect(settings.notifyRecoveries).toBe(true);
    expect(settings.remindAfterMinutes).toBe(0);
    expect(settings.deviceGraceMinutes).toBe(5);
    expect(accounts.map((each) => each.username)).toEqual(['ada']);

    // The new ones save beside the old ones.
    const after = await call<Settings>(core, 'updateSettings', {
      remindAfterMinutes: 60,
      deviceGraceMinutes: 15,
    });
    expect(after).toMatchObject({ ...before, remindAfterMinutes: 60, deviceGraceMinutes: 15 });
  });
});
