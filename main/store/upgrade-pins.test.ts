/**
 * Users upgrade: the pins, snoozes and quiet hours that the code before intents saved as whole
 * lists (tests/fixtures/settings-pins-5d0a501) open in this version with nothing lost, in the
 * model at start, and the intents change them from there.
 */
import { copyFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../common/settings-defaults';
import type { Settings } from '../../common/settings';
import { fixedKeyCipher } from '../../tests/fixtures/settings-0.1.0/fixed-key';
import { call, state, testCore } from '../../tests/support/core-calls';
import { makeTempDir } from '../../tests/support/conf-store';

const FIXTURE = join(import.meta.dirname, '../../tests/fixtures/settings-pins-5d0a501');

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ dir, cleanup } = await makeTempDir('teamtray-upgrade-pins-'));
  await copyFile(join(FIXTURE, 'config.json'), join(dir, 'config.json'));
});
afterEach(async () => {
  await cleanup();
});

const written = async (): Promise<Settings> =>
  (JSON.parse(await readFile(join(FIXTURE, 'config.json'), 'utf8')) as { settings: Settings })
    .settings;

describe('upgrading a settings file with pins, snoozes and quiet hours', () => {
  it('opens with every pin, snooze and the quiet hours, and takes intents over them', async () => {
    const before = await written();
    expect(before.pins).toHaveLength(4);
    expect(Object.keys(before.snoozed)).toHaveLength(2);
    const { core } = await testCore({ dir, cipher: fixedKeyCipher() });
    const { settings } = await state(core);
    expect(settings.pins).toEqual(before.pins);
    expect(settings.snoozed).toEqual(before.snoozed);
    expect(settings.quietUntil).toBe(before.quietUntil);
    // Quiet hours on a schedule came after 5d0a501: off, and the one-off quiet still holds.
    expect(settings.quietHours).toEqual(DEFAULT_SETTINGS.quietHours);
    expect(settings.quietHours.on).toBe(false);
    expect(settings.quietOffUntil).toBeNull();

    // An intent changes only what it names: the rest of what the file held stays.
    const [first] = before.pins;
    if (first === undefined) throw new Error('fixture');
    const { accountId, kind, id } = first;
    const after = await call<Settings>(core, 'changePins', {
      kind: 'unpin',
      pin: { accountId, kind, id },
    });
    expect(after.pins).toEqual(before.pins.slice(1));
    expect(after.snoozed).toEqual(before.snoozed);
    expect(after.quietUntil).toBe(before.quietUntil);
  });
});
