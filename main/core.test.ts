/**
 * The composition root's wiring in Node: pushes per account as each answers, the cache served after
 * a restart, consistency across a removal. Real HTTP to fake servers, real files, a real cipher.
 */
import { describe, expect, it } from 'vitest';
import type { SavedAccountRef } from '../common/contract';
import { seedUser } from '../tests/fake-server';
import {
  call,
  replicaOf,
  server,
  state,
  testCore,
  waitForAccount,
  withAlice,
} from '../tests/support/core-calls';
import { createAesCipher } from '../tests/support/aes-cipher';
import type { Cipher } from './vault/cipher';
import { STOPPED_ANSWERING } from './vault/token-vault';

describe('core', () => {
  it('publishes nine accounts at once while the tenth hangs', async () => {
    const fakes = await Promise.all(Array.from({ length: 10 }, () => server()));
    const { core } = await testCore({ http: { timeoutMs: 3_000, totalTimeoutMs: 3_000 } });
    const ids: string[] = [];
    for (const [index, fake] of fakes.entries()) {
      const user = seedUser(fake, {
        username: `u${index}`,
        teams: [{ name: `T${index}`, role: 50 }],
      });
      ids.push(
        (await call<SavedAccountRef>(core, 'addAccount', { url: fake.url, token: user.token })).id,
      );
    }
    await Promise.all(ids.map((id) => waitForAccount(core, id, (view) => view.status === 'ok')));
    fakes[0]?.setFault({ kind: 'hang' });

    // The renderer's replica, and when each account turned ok again after this refresh began.
    const replica = await replicaOf(core);
    const okAt = new Map<string, number>();
    const refreshing = new Set<string>();
    const started = Date.now();
    core.onEvent(() => {
      for (const account of replica.current().accounts) {
        if (account.refreshing) refreshing.add(account.id);
        else if (account.status === 'ok' && refreshing.has(account.id) && !okAt.has(account.id)) {
          okAt.set(account.id, Date.now() - started);
        }
      }
    });
    const refreshed = core.refreshAll();
    await Promise.all(ids.slice(1).map((id) => waitForAccount(core, id, () => okAt.has(id))));
    const othersMs = Math.max(...okAt.values());
    expect(okAt.size).toBe(9);
    expect(othersMs).toBeLessThan(2_000);
    expect((await state(core)).accounts[0]?.status).toBe('loading');

    await refreshed;
    const hung = await waitForAccount(core, ids[0] ?? '', (view) => view.status !== 'loading');
    expect(hung.status).toBe('unreachable');
    expect(hung.error?.code).toBe('timeout');
    expect(hung.stale).toBe(true);
    expect(hung.teams).toHaveLength(1);
    expect(core.trayStatus()).toBe('ok');
  });

  it('serves the last-known teams at once after a restart', async () => {
    const alice = await withAlice();
    const { fake } = alice;
    fake.setFault({ kind: 'hang' });

    const again = await alice.restart();
    const cached = (await state(again)).accounts[0];
    expect(cached?.stale).toBe(true);
    expect(cached?.teams).toHaveLength(2);
    expect(cached?.lastSuccessAt).not.toBeNull();
  });

  it("tells the popover when the keychain stops answering: the model's vault turns to this session only", async () => {
    const aes = createAesCipher();
    let answering = true;
    const cipher: Cipher = {
      availability: () => aes.availability(),
      encrypt: (plain) =>
        answering ? aes.encrypt(plain) : Promise.reject(new Error('keychain locked')),
      decrypt: (bytes) => aes.decrypt(bytes),
    };
    const fake = await server();
    const bob = seedUser(fake, { username: 'bob', teams: [{ name: 'B', role: 50 }] });
    const { core } = await testCore({ cipher });
    const replica = await replicaOf(core);
    expect(replica.current().vault.mode).toBe('persistent');

    answering = false;
    await call<SavedAccountRef>(core, 'addAccount', { url: fake.url, token: bob.token });
    // What the banner draws from: the model's vault, through the pushes the replica applies.
    expect(replica.current().vault).toEqual({ mode: 'session', reason: STOPPED_ANSWERING });
    expect((await state(core)).vault.mode).toBe('session');
  });

  it('knows the saved origins without asking the renderer side (client certificates use it)', async () => {
    const { core, fake, added } = await withAlice();
    expect(core.savedOrigins()).toEqual([fake.origin]);
    await call(core, 'removeAccount', { id: added.id });
    expect(core.savedOrigins()).toEqual([]);
  });

  it('ends consistent when an account is removed while its refresh is in flight', async () => {
    const { core, fake, added } = await withAlice();
    fake.setFault({ kind: 'latency', ms: 300 }, { path: '/api/v1/user/teams', times: 1 });
    const pending = core.refreshAll();
    await call(core, 'removeAccount', { id: added.id });
    await pending;
    expect((await state(core)).accounts).toEqual([]);
  });
});
