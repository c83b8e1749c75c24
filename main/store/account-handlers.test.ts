/**
 * The accounts area through a real core: real HTTP to a fake FlowFuse server, real files, a real
 * cipher, every call through dispatch as the renderer makes it.
 */
import { describe, expect, it } from 'vitest';
import type { SavedAccountRef } from '../../common/contract';
import { seedUser } from '../../tests/fake-server';
import {
  call,
  replicaOf,
  seedAlice,
  server,
  state,
  testCore,
  waitForAccount,
  withAlice,
} from '../../tests/support/core-calls';
import { CALL_LIMITS } from '../ipc/call-limits';

describe('account handlers', () => {
  it('adds an account, lists its teams and never hands out the token', async () => {
    const fake = await server();
    const alice = seedAlice(fake);
    const { core } = await testCore();
    const responses: string[] = [];
    core.onEvent((_event, payload) => responses.push(JSON.stringify(payload)));

    const added = await call<SavedAccountRef>(core, 'addAccount', {
      url: `${fake.url}/team/owned`,
      token: `  ${alice.token}  `,
      label: 'Local',
    });
    // The answer is the new account's id; the account itself comes as patches.
    expect(Object.keys(added)).toEqual(['id']);
    const listed = await waitForAccount(core, added.id, (view) => view.status === 'ok');
    expect(listed).toMatchObject({ label: 'Local', origin: fake.origin, username: 'alice' });
    expect(listed.teams.map((team) => team.name).sort()).toEqual(['Joined', 'Owned']);
    expect(listed.version).toBe('2.4.0');

    responses.push(JSON.stringify(added), JSON.stringify(await state(core)));
    for (const text of responses) expect(text).not.toContain(alice.token);
  });

  it('marks a revoked token for replacement, then keeps the account with a new one', async () => {
    const { core, fake, alice, added } = await withAlice();

    fake.revokeToken(alice.token);
    await core.refreshAll();
    const refused = await waitForAccount(core, added.id, (view) => view.status === 'unauthorized');
    expect(refused.error?.code).toBe('unauthorized');
    expect(refused.teams).toHaveLength(2);
    expect(core.trayStatus()).toBe('attention');

    const fresh = fake.createToken(alice.user);
    await call(core, 'updateAccount', { id: added.id, token: fresh });
    await waitForAccount(core, added.id, (view) => view.status === 'ok');
    expect(core.trayStatus()).toBe('ok');
    expect((await state(core)).accounts).toHaveLength(1);
  });

  it('reorders and removes accounts: the model, and the replica its patches keep, follow', async () => {
    const { core, fake, added: first } = await withAlice();
    const bob = seedUser(fake, { username: 'bob', teams: [{ name: 'Bobs', role: 50 }] });
    const second = await call<SavedAccountRef>(core, 'addAccount', {
      url: fake.url,
      token: bob.token,
      label: 'Bob',
    });
    const replica = await replicaOf(core);
    const order = async () => (await state(core)).accounts.map((account) => account.id);
    expect(await order()).toEqual([first.id, second.id]);
    await call(core, 'reorderAccounts', { ids: [second.id, first.id] });
    expect(await order()).toEqual([second.id, first.id]);
    await call(core, 'removeAccount', { id: second.id });
    expect(await order()).toEqual([first.id]);
    expect(replica.current()).toEqual(await state(core));
    await expect(call(core, 'reorderAccounts', { ids: [second.id] })).rejects.toMatchObject({
      code: 'invalid_request',
    });
  });

  it('opens the token page of a typed address once per click, not tab after tab', async () => {
    const { core, shell } = await testCore({ limits: CALL_LIMITS });
    await call(core, 'openTokenPage', { url: 'ff.example.com' });
    await expect(call(core, 'openTokenPage', { url: 'other.example.com' })).rejects.toMatchObject({
      code: 'rate_limited',
    });
    expect(shell.opened).toEqual(['https://ff.example.com/account/security/tokens']);
  });

  it('refuses a link-local or metadata address before sending anything', async () => {
    const { core } = await testCore();
    for (const url of ['169.254.169.254', 'http://metadata.google.internal', '[fe80::1]:3000']) {
      await expect(
        call(core, 'addAccount', { url, token: 'ffpat_x', allowHttp: true }),
      ).rejects.toMatchObject({ code: 'invalid_url' });
      await expect(call(core, 'openTokenPage', { url, allowHttp: true })).rejects.toMatchObject({
        code: 'invalid_url',
      });
    }
  });

  it('tries at most 10 servers a minute', async () => {
    const { core } = await testCore({ limits: CALL_LIMITS });
    const codes: string[] = [];
    for (let index = 0; index < 11; index += 1) {
      const result = await core.dispatch('addAccount', { url: `127.0.0.1:9`, token: 'ffpat_x' });
      codes.push(result.ok ? 'ok' : result.error.code);
    }
    expect(codes.slice(0, 10).every((code) => code !== 'rate_limited')).toBe(true);
    expect(codes[10]).toBe('rate_limited');
  });
});
