/**
 * Users upgrade: accounts saved with token health but before an account kept the ids listed with
 * its token and the expiry warnings told (tests/fixtures/accounts-tokens-f80a64b) open in this
 * version with nothing lost: the token known stays known (id, name, dates, scope), the one asked
 * about stays unknown, nothing is listed from before a Replace, no warning counts as told, and the
 * tokens still open.
 */
import { copyFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixedKeyCipher } from '../../tests/fixtures/settings-0.1.0/fixed-key';
import { call, state, testCore } from '../../tests/support/core-calls';
import { makeTempDir } from '../../tests/support/conf-store';
import { sanitizeAccount } from './sanitize';

const FIXTURE = join(import.meta.dirname, '../../tests/fixtures/accounts-tokens-f80a64b');

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ dir, cleanup } = await makeTempDir('teamtray-upgrade-token-memory-'));
  await copyFile(join(FIXTURE, 'config.json'), join(dir, 'config.json'));
});
afterEach(async () => {
  await cleanup();
});

interface WrittenAccount {
  readonly id: string;
  readonly origin: string;
  readonly username: string;
  readonly tokenInfo: unknown;
}

describe('upgrading accounts saved before the tokens listed and the warnings told were kept', () => {
  it('opens every account with its token as known, nothing listed and no warning told', async () => {
    const written = JSON.parse(await readFile(join(FIXTURE, 'config.json'), 'utf8')) as {
      accounts: WrittenAccount[];
    };
    expect(written.accounts.map((each) => each.tokenInfo === null)).toEqual([false, true]);
    const { core } = await testCore({ dir, cipher: fixedKeyCipher(), refreshOnStart: false });
    const { accounts } = await state(core);
    expect(accounts.map(({ id, origin, username }) => ({ id, origin, username }))).toEqual(
      written.accounts.map(({ id, origin, username }) => ({ id, origin, username })),
    );
    expect(accounts.map((account) => account.tokenInfo)).toEqual(
      written.accounts.map((account) => account.tokenInfo),
    );
    for (const raw of written.accounts) {
      const read = sanitizeAccount(raw);
      expect(read?.tokensListed ?? null).toBeNull();
      expect(read?.tokensBefore ?? null).toBeNull();
      expect(read?.tokenWarned ?? null).toBeNull();
      // Read back exactly as written: such a file is not rewritten at start.
      expect(read).toEqual(raw);
    }
    // A write by this version keeps what the old one wrote (a reorder rewrites every account).
    await call(core, 'reorderAccounts', { ids: [...accounts].reverse().map((each) => each.id) });
    const after = JSON.parse(await readFile(join(dir, 'config.json'), 'utf8')) as {
      accounts: WrittenAccount[];
      secrets: Record<string, string>;
    };
    expect(after.accounts.map((each) => each.tokenInfo)).toEqual(
      [...written.accounts].reverse().map((each) => each.tokenInfo),
    );
    expect(Object.keys(after.secrets)).toHaveLength(2);
  });
});
