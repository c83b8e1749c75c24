import { readFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../common/errors';
import { createAesCipher, unavailableCipher } from '../../tests/support/aes-cipher';
import { APP_VERSION } from '../../tests/support/app-version';
import { confStoreFactory, makeTempDir } from '../../tests/support/conf-store';
import { FakeFlowFuse, user } from '../../tests/support/fake-flowfuse-client';
import { createMemoryLogger } from '../../tests/support/memory-logger';
import type { Cipher } from '../vault/cipher';
import { openTokenVault, type KeytarVault } from '../vault/token-vault';
import { createAccountRegistry } from './account-registry';
import { openSettingsFile, type AccountListStore, type SettingsFile } from './settings-file';
import { TOKEN_REFUSED_MESSAGE } from './account-checks';
import type { AccountRegistry } from './types';

const WORK = 'https://ff.example.com';
const CLOUD = 'https://app.flowfuse.com';
const ALICE_TOKEN = 'ffpat_aliceAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
const ALICE_TOKEN_2 = 'ffpat_aliceBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB';
const BOB_TOKEN = 'ffpat_bobCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCC';

let dir: string;
let cleanup: () => Promise<void>;
let flowfuse: FakeFlowFuse;
let file: SettingsFile;
let changes: number;

beforeEach(async () => {
  ({ dir, cleanup } = await makeTempDir('teamtray-registry-'));
  flowfuse = new FakeFlowFuse()
    .serve(WORK, {
      version: '2.4.0',
      users: {
        [ALICE_TOKEN]: user('u-alice', 'alice'),
        [ALICE_TOKEN_2]: user('u-alice', 'alice'),
        [BOB_TOKEN]: user('u-bob', 'bob'),
      },
    })
    .serve(CLOUD, { version: '2.33.0', users: { [ALICE_TOKEN]: user('u-cloud', 'alice') } });
  file = openSettingsFile(confStoreFactory(dir), {
    log: createMemoryLogger(),
    projectVersion: APP_VERSION,
  }).file;
  changes = 0;
});
afterEach(async () => {
  await cleanup();
});

interface Setup {
  readonly cipher?: Cipher;
  readonly vault?: KeytarVault;
  readonly store?: AccountListStore;
}

async function makeRegistry(setup: Setup = {}): Promise<AccountRegistry> {
  let next = 0;
  const vault =
    setup.vault ??
    (await openTokenVault({
      cipher: setup.cipher ?? createAesCipher(),
      secrets: file.secrets,
      log: createMemoryLogger(),
    }));
  const registry = createAccountRegistry({
    store: setup.store ?? file,
    vault,
    clientFactory: flowfuse.factory,
    newId: () => `id-${++next}`,
    log: createMemoryLogger(),
  });
  registry.onChange(() => {
    changes += 1;
  });
  return registry;
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => new Error('expected a failure'),
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw error;
  return error;
}

function expectNothingSaved(registry: AccountRegistry): void {
  expect(registry.list()).toEqual([]);
  expect(file.readAccounts()).toEqual([]);
  expect(file.secrets.read()).toEqual({});
  expect(changes).toBe(0);
}

describe('add', () => {
  it('probes, verifies the token, then saves the account and the token', async () => {
    const cipher = createAesCipher();
    const registry = await makeRegistry({ cipher });

    const saved = await registry.add({
      url: 'ff.example.com/team/dev',
      token: ` ${ALICE_TOKEN}\n`,
    });

    expect(saved).toEqual({
      id: 'id-1',
      label: '',
      origin: WORK,
      allowHttp: false,
      userId: 'u-alice',
      username: 'alice',
      version: '2.4.0',
      tokenInfo: null,
    });
    expect(flowfuse.calls.map((call) => [call.method, call.token])).toEqual([
      ['probe', null],
      ['whoAmI', ALICE_TOKEN],
    ]);
    expect(registry.list()).toEqual([saved]);
    expect(file.readAccounts()).toEqual([saved]);
    expect(await registry.tokenFor('id-1')).toBe(ALICE_TOKEN);
    expect(changes).toBe(1);
    expect(await readFile(file.path, 'utf8')).not.toContain(ALICE_TOKEN);
    expect(Object.keys(file.secrets.read())).toEqual(['teamtray/id-1']);

    // A restart over the same file and keychain finds both.
    const again = createAccountRegistry({
      store: openSettingsFile(confStoreFactory(dir), {
        log: createMemoryLogger(),
        projectVersion: APP_VERSION,
      }).file,
      vault: await openTokenVault({ cipher, secrets: file.secrets, log: createMemoryLogger() }),
      clientFactory: flowfuse.factory,
      newId: () => 'unused',
      log: createMemoryLogger(),
    });
    expect(again.list()).toEqual([saved]);
    expect(await again.tokenFor('id-1')).toBe(ALICE_TOKEN);
  });

  it('saves no label when none is given, and keeps a label the user gave', async () => {
    const registry = await makeRegistry();
    expect((await registry.add({ url: CLOUD, token: ALICE_TOKEN })).label).toBe('');
    expect((await registry.add({ url: WORK, token: BOB_TOKEN, label: '  Work  ' })).label).toBe(
      'Work',
    );
  });

  it.each([
    ['an empty address', { url: '  ', token: ALICE_TOKEN }, 'invalid_url'],
    [
      'plain http without consent',
      { url: 'http://ff.example.com', token: ALICE_TOKEN },
      'insecure_http',
    ],
    ['an empty token', { url: WORK, token: '  \n' }, 'invalid_token'],
    ['a token with a space inside', { url: WORK, token: 'ffpat_abc def' }, 'invalid_token'],
    ['a token far too long', { url: WORK, token: `ffpat_${'a'.repeat(600)}` }, 'invalid_token'],
  ])('refuses %s before any network call', async (_name, input, code) => {
    const registry = await makeRegistry();
    expect((await failure(registry.add(input))).code).toBe(code);
    expect(flowfuse.calls).toEqual([]);
    expectNothingSaved(registry);
  });

  it('refuses a server that is not FlowFuse without sending the token', async () => {
    flowfuse.serve('https://blog.example.com', { notFlowFuse: true });
    const registry = await makeRegistry();
    const error = await failure(registry.add({ url: 'blog.example.com', token: ALICE_TOKEN }));
    expect(error.code).toBe('not_flowfuse');
    expect(flowfuse.calls.every((call) => call.token === null)).toBe(true);
    expectNothingSaved(registry);
  });

  it('passes on an unreachable server', async () => {
    const registry = await makeRegistry();
    const error = await failure(registry.add({ url: 'nowhere.example.com', token: ALICE_TOKEN }));
    expect(error.code).toBe('unreachable');
    expectNothingSaved(registry);
  });

  it('says the token was refused when whoAmI answers 401', async () => {
    const registry = await makeRegistry();
    const error = await failure(
      registry.add({ url: WORK, token: 'ffpat_revokedRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR' }),
    );
    expect(error.code).toBe('unauthorized');
    expect(error.message).toBe(TOKEN_REFUSED_MESSAGE);
    expectNothingSaved(registry);
  });

  it('lets a token of another shape try, and hints at the shape when it is refused', async () => {
    const registry = await makeRegistry();
    const error = await failure(registry.add({ url: WORK, token: 'my-password' }));
    expect(error.code).toBe('unauthorized');
    expect(error.message).toBe(`${TOKEN_REFUSED_MESSAGE} FlowFuse tokens start with "ffpat_".`);
    expect(flowfuse.callsTo('whoAmI')).toHaveLength(1);
    expectNothingSaved(registry);
  });

  it('turns an unexpected client failure into an internal error', async () => {
    flowfuse.serve('https://odd.example.com', { failure: new TypeError('boom') });
    const registry = await makeRegistry();
    const error = await failure(registry.add({ url: 'odd.example.com', token: ALICE_TOKEN }));
    expect(error.code).toBe('internal');
    expect(error.message).not.toContain('boom');
    expectNothingSaved(registry);
  });

  it('refuses the same account on the same server twice, naming the saved label', async () => {
    const registry = await makeRegistry();
    await registry.add({ url: WORK, token: ALICE_TOKEN, label: 'Work' });
    changes = 0;
    const error = await failure(registry.add({ url: `${WORK}/`, token: ALICE_TOKEN_2 }));
    expect(error.code).toBe('duplicate_account');
    expect(error.message).toContain('"Work"');
    expect(registry.list()).toHaveLength(1);
    expect(Object.keys(file.secrets.read())).toEqual(['teamtray/id-1']);
    expect(await registry.tokenFor('id-1')).toBe(ALICE_TOKEN);
    expect(changes).toBe(0);

    // Another user on that server, or the same user name on another server, is fine.
    await registry.add({ url: WORK, token: BOB_TOKEN });
    await registry.add({ url: CLOUD, token: ALICE_TOKEN });
    expect(registry.list()).toHaveLength(3);
  });

  it('lets only one of two simultaneous adds of one account through', async () => {
    const registry = await makeRegistry();
    const results = await Promise.allSettled([
      registry.add({ url: WORK, token: ALICE_TOKEN }),
      registry.add({ url: WORK, token: ALICE_TOKEN_2 }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(registry.list()).toHaveLength(1);
    expect(Object.keys(file.secrets.read())).toHaveLength(1);
  });

  it('keeps the token for this session only when the keychain stops encrypting (never on disk)', async () => {
    const failing: Cipher = {
      availability: () => Promise.resolve({ available: true }),
      encrypt: () => Promise.reject(new Error('keychain locked')),
      decrypt: () => Promise.reject(new Error('keychain locked')),
    };
    const registry = await makeRegistry({ cipher: failing });
    const saved = await registry.add({ url: WORK, token: ALICE_TOKEN });
    expect(await registry.tokenFor(saved.id)).toBe(ALICE_TOKEN);
    expect(file.secrets.read()).toEqual({});
    expect(await readFile(file.path, 'utf8')).not.toContain(ALICE_TOKEN);
  });

  it('takes the token back out when the list cannot be written', async () => {
    const store: AccountListStore = {
      readAccounts: () => file.readAccounts(),
      writeAccounts: () => {
        throw Object.assign(new Error('read-only file system'), { code: 'EROFS' });
      },
    };
    const registry = await makeRegistry({ store });
    const error = await failure(registry.add({ url: WORK, token: ALICE_TOKEN }));
    expect(error.code).toBe('storage_unavailable');
    expectNothingSaved(registry);
  });

  it('keeps the token in memory only when there is no keychain', async () => {
    const registry = await makeRegistry({ cipher: unavailableCipher('basic_text') });
    const saved = await registry.add({ url: WORK, token: ALICE_TOKEN });
    expect(await registry.tokenFor(saved.id)).toBe(ALICE_TOKEN);
    expect(file.secrets.read()).toEqual({});
    expect(await readFile(file.path, 'utf8')).not.toContain(ALICE_TOKEN);
  });
});

describe('update', () => {
  async function withWork(): Promise<AccountRegistry> {
    const registry = await makeRegistry();
    await registry.add({ url: WORK, token: ALICE_TOKEN });
    flowfuse.calls.length = 0;
    changes = 0;
    return registry;
  }

  it('changes a label without any network call', async () => {
    const registry = await withWork();
    const updated = await registry.update({ id: 'id-1', label: ' Office ' });
    expect(updated.label).toBe('Office');
    expect(flowfuse.calls).toEqual([]);
    expect(file.readAccounts()[0]?.label).toBe('Office');
    expect(changes).toBe(1);
    expect((await registry.update({ id: 'id-1', label: '' })).label).toBe('');
  });

  it('verifies a new token before replacing the old one', async () => {
    const registry = await withWork();
    const updated = await registry.update({ id: 'id-1', token: BOB_TOKEN });
    expect(flowfuse.calls.map((call) => [call.method, call.token])).toEqual([
      ['probe', null],
      ['whoAmI', BOB_TOKEN],
    ]);
    expect(updated.userId).toBe('u-bob');
    expect(await registry.tokenFor('id-1')).toBe(BOB_TOKEN);
  });

  it('keeps the old token and account when the new token is refused', async () => {
    const registry = await withWork();
    const before = registry.list();
    const error = await failure(
      registry.update({ id: 'id-1', token: 'ffpat_wrongWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW' }),
    );
    expect(error.code).toBe('unauthorized');
    expect(error.message).toBe(TOKEN_REFUSED_MESSAGE);
    expect(registry.list()).toEqual(before);
    expect(await registry.tokenFor('id-1')).toBe(ALICE_TOKEN);
    expect(changes).toBe(0);
  });

  it('never sends the saved token to a new host: it must be pasted again', async () => {
    const moved = 'https://flowfuse.example.org';
    flowfuse.serve(moved, { version: '2.5.0', users: { [ALICE_TOKEN]: user('u-alice', 'alice') } });
    const registry = await withWork();
    flowfuse.calls.length = 0;
    const error = await failure(registry.update({ id: 'id-1', url: 'flowfuse.example.org' }));
    expect(error.code).toBe('invalid_token');
    expect(flowfuse.calls).toEqual([]);
    expect(registry.get('id-1')?.origin).toBe(WORK);
  });

  it('verifies a new address with a new token, keeping no label as no label', async () => {
    const moved = 'https://flowfuse.example.org';
    flowfuse.serve(moved, { version: '2.5.0', users: { [ALICE_TOKEN]: user('u-alice', 'alice') } });
    const registry = await withWork();
    flowfuse.calls.length = 0;
    const updated = await registry.update({
      id: 'id-1',
      url: 'flowfuse.example.org',
      token: ALICE_TOKEN,
    });
    expect(flowfuse.calls.map((call) => [call.origin, call.method, call.token])).toEqual([
      [moved, 'probe', null],
      [moved, 'whoAmI', ALICE_TOKEN],
    ]);
    expect(updated).toMatchObject({
      origin: moved,
      label: '',
      version: '2.5.0',
    });
    expect(file.readAccounts()[0]?.origin).toBe(moved);
  });

  it('refuses a new address that would duplicate another saved account', async () => {
    const registry = await withWork();
    await registry.add({ url: CLOUD, token: ALICE_TOKEN, label: 'Cloud' });
    const before = registry.list();
    const error = await failure(registry.update({ id: 'id-1', url: CLOUD, token: ALICE_TOKEN }));
    expect(error.code).toBe('duplicate_account');
    expect(error.message).toContain('"Cloud"');
    expect(registry.list()).toEqual(before);
  });

  it('saves a different user found at a new address', async () => {
    const other = 'https://other.example.com';
    flowfuse.serve(other, { users: { [ALICE_TOKEN]: user('u-other', 'al') } });
    const registry = await withWork();
    const updated = await registry.update({
      id: 'id-1',
      url: other,
      label: 'Other',
      token: ALICE_TOKEN,
    });
    expect(updated).toMatchObject({
      origin: other,
      userId: 'u-other',
      username: 'al',
      label: 'Other',
    });
  });

  it('refuses an unknown id, and withdrawing http consent from an http address', async () => {
    flowfuse.serve('http://ff.lan', { users: { [ALICE_TOKEN]: user('u-lan') } });
    const registry = await withWork();
    expect((await failure(registry.update({ id: 'nope', label: 'x' }))).code).toBe(
      'unknown_account',
    );
    const lan = await registry.add({ url: 'http://ff.lan', token: ALICE_TOKEN, allowHttp: true });
    expect(lan.allowHttp).toBe(true);
    expect((await failure(registry.update({ id: lan.id, allowHttp: false }))).code).toBe(
      'insecure_http',
    );
  });

  it('keeps the token through its address’s move to https, bound to the new address', async () => {
    flowfuse.serve('http://ff.lan', { users: { [ALICE_TOKEN]: user('u-lan') } });
    flowfuse.serve('https://ff.lan', { users: { [ALICE_TOKEN]: user('u-lan') } });
    const registry = await withWork();
    const lan = await registry.add({ url: 'http://ff.lan', token: ALICE_TOKEN, allowHttp: true });
    await registry.update({ id: lan.id, url: 'https://ff.lan' });
    expect(await registry.credentialsFor(lan.id)).toMatchObject({
      account: { origin: 'https://ff.lan' },
      token: ALICE_TOKEN,
    });
  });

  it('asks for the token again to move an account whose token is not held', async () => {
    const memoryOnly = await openTokenVault({
      cipher: unavailableCipher('basic_text'),
      secrets: file.secrets,
      log: createMemoryLogger(),
    });
    const first = await makeRegistry({ vault: memoryOnly });
    await first.add({ url: WORK, token: ALICE_TOKEN });
    // A restart in session mode: the list survives, the token does not.
    const restarted = await makeRegistry({ cipher: unavailableCipher('basic_text') });
    flowfuse.calls.length = 0;
    const error = await failure(restarted.update({ id: 'id-1', url: CLOUD }));
    expect(error.code).toBe('invalid_token');
    expect(flowfuse.calls).toEqual([]);
    expect(restarted.get('id-1')?.origin).toBe(WORK);
  });

  it('changes nothing when the new token cannot be stored', async () => {
    const registry = await withWork();
    const before = registry.list();
    const vault = await openTokenVault({
      cipher: createAesCipher(),
      secrets: file.secrets,
      log: createMemoryLogger(),
    });
    const refusing: KeytarVault = {
      getPassword: (s, a) => vault.getPassword(s, a),
      deletePassword: (s, a) => vault.deletePassword(s, a),
      setPassword: () => Promise.reject(new Error('keychain locked')),
    };
    const second = await makeRegistry({ vault: refusing });
    expect(second.list()).toEqual(before);
    const error = await failure(second.update({ id: 'id-1', token: BOB_TOKEN }));
    expect(error.code).toBe('storage_unavailable');
    expect(file.readAccounts()).toEqual(before);
  });

  it('puts the old token back when the list cannot be written', async () => {
    const registry = await withWork();
    const before = registry.list();
    const cipher = createAesCipher();
    const vault = await openTokenVault({
      cipher,
      secrets: file.secrets,
      log: createMemoryLogger(),
    });
    await vault.setPassword('teamtray', 'id-1', ALICE_TOKEN);
    const store: AccountListStore = {
      readAccounts: () => file.readAccounts(),
      writeAccounts: () => {
        throw new Error('disk full');
      },
    };
    const second = await makeRegistry({ vault, store });
    const error = await failure(second.update({ id: 'id-1', token: BOB_TOKEN }));
    expect(error.code).toBe('storage_unavailable');
    expect(await second.tokenFor('id-1')).toBe(ALICE_TOKEN);
    expect(second.list()).toEqual(before);
  });
});

describe('remove, reorder, tokenFor', () => {
  async function withThree(): Promise<AccountRegistry> {
    const registry = await makeRegistry();
    await registry.add({ url: WORK, token: ALICE_TOKEN });
    await registry.add({ url: WORK, token: BOB_TOKEN });
    await registry.add({ url: CLOUD, token: ALICE_TOKEN });
    changes = 0;
    return registry;
  }

  it('removes the account and deletes its token', async () => {
    const registry = await withThree();
    await registry.remove('id-2');
    expect(registry.list().map((account) => account.id)).toEqual(['id-1', 'id-3']);
    expect(file.readAccounts().map((account) => account.id)).toEqual(['id-1', 'id-3']);
    expect(Object.keys(file.secrets.read()).sort()).toEqual(['teamtray/id-1', 'teamtray/id-3']);
    expect(await registry.tokenFor('id-2')).toBeNull();
    expect(changes).toBe(1);
    expect((await failure(registry.remove('id-2'))).code).toBe('unknown_account');
  });

  it('reorders by a permutation of the saved ids and persists it', async () => {
    const registry = await withThree();
    registry.reorder(['id-3', 'id-1', 'id-2']);
    expect(registry.list().map((account) => account.id)).toEqual(['id-3', 'id-1', 'id-2']);
    expect(file.readAccounts().map((account) => account.id)).toEqual(['id-3', 'id-1', 'id-2']);
    expect(changes).toBe(1);
    registry.reorder(['id-3', 'id-1', 'id-2']);
    expect(changes).toBe(1);
  });

  it.each([
    ['a missing id', ['id-1', 'id-2']],
    ['a repeated id', ['id-1', 'id-1', 'id-2']],
    ['an unknown id', ['id-1', 'id-2', 'id-9']],
    ['an extra id', ['id-1', 'id-2', 'id-3', 'id-4']],
    ['nothing', []],
  ])('refuses an order with %s', async (_name, ids) => {
    const registry = await withThree();
    expect(() => {
      registry.reorder(ids);
    }).toThrow(expect.objectContaining({ code: 'invalid_request' }));
    expect(registry.list().map((account) => account.id)).toEqual(['id-1', 'id-2', 'id-3']);
    expect(changes).toBe(0);
  });

  it('gives no token for an id that is not saved', async () => {
    const registry = await withThree();
    expect(await registry.tokenFor('id-9')).toBeNull();
    expect(await registry.tokenFor('id-3')).toBe(ALICE_TOKEN);
  });

  it('gives a client that sends the account’s token to its saved address, and none without one', async () => {
    const registry = await withThree();
    const held = await registry.clientFor('id-3');
    expect(held?.account).toBe(registry.get('id-3'));
    flowfuse.calls.length = 0;
    await held?.client.whoAmI();
    expect(flowfuse.calls).toEqual([{ origin: CLOUD, token: ALICE_TOKEN, method: 'whoAmI' }]);
    expect(await registry.clientFor('id-9')).toBeNull();
    // A token saved for another address is refused, here as no client (nothing is sent).
    file.secrets.write({
      ...file.secrets.read(),
      'teamtray/id-2': file.secrets.read()['teamtray/id-3'] as string,
    });
    await expect(registry.credentialsFor('id-2')).rejects.toMatchObject({
      code: 'storage_unavailable',
    });
    expect(await registry.clientFor('id-2')).toBeNull();
  });

  it('stops calling a listener after it unsubscribes', async () => {
    const registry = await withThree();
    let calls = 0;
    const off = registry.onChange(() => {
      calls += 1;
    });
    registry.reorder(['id-2', 'id-1', 'id-3']);
    off();
    registry.reorder(['id-1', 'id-2', 'id-3']);
    expect(calls).toBe(1);
  });

  it('keeps a change and tells the other listeners when one listener throws', async () => {
    const registry = await withThree();
    let calls = 0;
    registry.onChange(() => {
      throw new Error('a broken listener');
    });
    registry.onChange(() => {
      calls += 1;
    });
    registry.reorder(['id-2', 'id-1', 'id-3']);
    expect(registry.list().map((account) => account.id)).toEqual(['id-2', 'id-1', 'id-3']);
    expect(calls).toBe(1);
  });

  it('tells a listener added during a change only of the changes after it', async () => {
    const registry = await withThree();
    let late = 0;
    const off = registry.onChange(() => {
      off();
      registry.onChange(() => {
        late += 1;
      });
    });
    registry.reorder(['id-2', 'id-1', 'id-3']);
    expect(late).toBe(0);
    registry.reorder(['id-1', 'id-2', 'id-3']);
    expect(late).toBe(1);
  });
});
