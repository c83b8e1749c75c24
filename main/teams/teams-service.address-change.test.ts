/**
 * An address change while a refresh is starting, with the real registry, vault and teams service
 * over two fake FlowFuse servers and a slow cipher (safeStorage may take a while to answer): the
 * new token never reaches the old server, because the refresh reads the address and the token
 * together.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createAesCipher } from '../../tests/support/aes-cipher';
import { APP_VERSION } from '../../tests/support/app-version';
import { confStoreFactory, makeTempDir } from '../../tests/support/conf-store';
import { createMemoryLogger } from '../../tests/support/memory-logger';
import { seedUser, type SeededUser } from '../../tests/fake-server/seed';
import { startFakeFlowFuse, type FakeFlowFuse } from '../../tests/fake-server/server';
import { createClientFactory } from '../flowfuse/client';
import { createAccountRegistry } from '../store/account-registry';
import { openSettingsFile } from '../store/settings-file';
import { syncAccounts } from '../store/sync-accounts';
import { createModel } from '../model/model';
import { stateOf } from '../../tests/support/state-builders';
import type { Cipher } from '../vault/cipher';
import { openTokenVault } from '../vault/token-vault';
import { createTeamsService } from './teams-service';

const CIPHER_DELAY_MS = 40;

let dir: string;
let cleanup: () => Promise<void>;
let oldServer: FakeFlowFuse;
let newServer: FakeFlowFuse;
let atOld: SeededUser;
let atNew: SeededUser;

beforeEach(async () => {
  ({ dir, cleanup } = await makeTempDir('teamtray-address-change-'));
  [oldServer, newServer] = await Promise.all([startFakeFlowFuse(), startFakeFlowFuse()]);
  atOld = seedUser(oldServer, { username: 'ada', teams: [{ name: 'Old home', role: 50 }] });
  atNew = seedUser(newServer, { username: 'ada', teams: [{ name: 'New home', role: 50 }] });
});
afterEach(async () => {
  await Promise.all([oldServer.close(), newServer.close()]);
  await cleanup();
});

/** A real AES cipher whose every call takes a while; `onEncrypt` hears each plain text (a token bound to its server). */
function slowCipher(onEncrypt: (plainText: string) => void): Cipher {
  const inner = createAesCipher();
  return {
    availability: () => inner.availability(),
    async encrypt(plainText) {
      onEncrypt(plainText);
      await delay(CIPHER_DELAY_MS);
      return inner.encrypt(plainText);
    },
    async decrypt(cipherText) {
      await delay(CIPHER_DELAY_MS);
      return inner.decrypt(cipherText);
    },
  };
}

/** The real registry, vault, model and teams service over a settings file in the temp folder. */
async function setup() {
  const log = createMemoryLogger();
  let onEncrypt: (plainText: string) => void = () => undefined;
  const { file } = openSettingsFile(confStoreFactory(dir), { log, projectVersion: APP_VERSION });
  const vault = await openTokenVault({
    cipher: slowCipher((plainText) => {
      onEncrypt(plainText);
    }),
    secrets: file.secrets,
    log,
  });
  const clientFactory = createClientFactory({ fetch: globalThis.fetch, retry: { limit: 0 } });
  const registry = createAccountRegistry({
    store: file,
    vault,
    clientFactory,
    newId: () => 'a1',
    log,
  });
  // As the core does: the model follows the registry.
  const model = createModel(stateOf());
  registry.onChange(() => {
    syncAccounts(model, registry.list());
  });
  const teams = createTeamsService({ model, registry, clientFactory, now: Date.now, log });
  const listed = (id: string) =>
    model.state().accounts.find((account) => account.id === id)?.teams ?? [];
  return {
    registry,
    teams,
    listed,
    /** Calls `listener` with each plain text the cipher is asked to encrypt. */
    hear: (listener: (plainText: string) => void) => {
      onEncrypt = listener;
    },
  };
}

it('a refresh that starts while a new address and token are saved never sends the new token to the old server', async () => {
  const { registry, teams, listed, hear } = await setup();
  const saved = await registry.add({ url: oldServer.url, token: atOld.token, allowHttp: true });
  await teams.refresh(saved.id);
  expect(listed(saved.id).map((team) => team.name)).toEqual(['Old home']);

  // The moment the new token is being written, a refresh starts (a timer, a wake, a click).
  const refreshes: Promise<void>[] = [];
  hear((plainText) => {
    if (plainText.includes(atNew.token) && refreshes.length === 0)
      refreshes.push(teams.refresh(saved.id));
  });
  await registry.update({ id: saved.id, url: newServer.url, token: atNew.token });
  expect(refreshes).toHaveLength(1);
  await Promise.all(refreshes);

  const leaked = oldServer.requests.filter(
    (request) => request.authorization === `Bearer ${atNew.token}`,
  );
  expect(leaked.map((request) => request.path)).toEqual([]);
  // The refresh went to the new server with the new token, and says so.
  expect(
    newServer.requests.some(
      (request) =>
        request.path.startsWith('/api/v1/user/teams') &&
        request.authorization === `Bearer ${atNew.token}`,
    ),
  ).toBe(true);
  expect(listed(saved.id).map((team) => team.name)).toEqual(['New home']);
});

it('a rename that starts while the address changes goes to neither server: the team was listed by the old one', async () => {
  const { registry, teams, listed, hear } = await setup();
  const saved = await registry.add({ url: oldServer.url, token: atOld.token, allowHttp: true });
  await teams.refresh(saved.id);
  const [team] = listed(saved.id);
  if (team === undefined) throw new Error('no team listed');

  const renames: Promise<unknown>[] = [];
  hear((plainText) => {
    if (plainText.includes(atNew.token) && renames.length === 0) {
      renames.push(teams.rename(saved.id, team.id, 'Renamed').catch((error: unknown) => error));
    }
  });
  await registry.update({ id: saved.id, url: newServer.url, token: atNew.token });
  expect(renames).toHaveLength(1);
  expect(await renames[0]).toMatchObject({ code: 'invalid_request' });
  const puts = [...oldServer.requests, ...newServer.requests].filter((r) => r.method === 'PUT');
  expect(puts).toEqual([]);
});
