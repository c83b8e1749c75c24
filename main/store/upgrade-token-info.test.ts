/**
 * Users upgrade: accounts saved before an account kept which of its user's tokens it is
 * (tests/fixtures/accounts-9a033e8) open in this version with nothing lost, the token not yet
 * known (learnt at the next refresh: main/core.token-identity.test.ts), and their tokens still
 * open.
 */
import { copyFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixedKeyCipher } from '../../tests/fixtures/settings-0.1.0/fixed-key';
import { state, testCore } from '../../tests/support/core-calls';
import { makeTempDir } from '../../tests/support/conf-store';

const FIXTURE = join(import.meta.dirname, '../../tests/fixtures/accounts-9a033e8');

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ dir, cleanup } = await makeTempDir('teamtray-upgrade-token-info-'));
  await copyFile(join(FIXTURE, 'config.json'), join(dir, 'config.json'));
});
afterEach(async () => {
  await cleanup();
});

interface WrittenAccount {
  readonly id: string;
  readonly origin: string;
  readonly username: string;
  readonly version: string;
}

describe('upgrading accounts saved before token health', () => {
  it('opens every account with nothing lost and the token not yet known', async () => {
    const written = JSON.parse(await readFile(join(FIXTURE, 'config.json'), 'utf8')) as {
      accounts: WrittenAccount[];
    };
    expect(written.accounts).toHaveLength(2);
    const { core } = await testCore({ dir, cipher: fixedKeyCipher(), refreshOnStart: false });
    const { accounts } = await state(core);
    expect(
      accounts.map(({ id, origin, username, version }) => ({ id, origin, username, version })),
    ).toEqual(
      written.accounts.map(({ id, origin, username, version }) => ({
        id,
        origin,
        username,
        version,
      })),
    );
    expect(accounts.map((account) => account.tokenInfo)).toEqual([null, null]);
    expect(accounts.map((account) => account.tokenChoices)).toEqual([null, null]);
    // The tokens still open (the secrets were not touched).
    const tokens = JSON.parse(await readFile(join(FIXTURE, 'tokens.json'), 'utf8')) as Record<
      string,
      string
    >;
    const after = JSON.parse(await readFile(join(dir, 'config.json'), 'utf8')) as {
      secrets: Record<string, string>;
    };
    expect(Object.keys(after.secrets)).toHaveLength(2);
    expect(Object.values(tokens)).toHaveLength(2);
  });
});
