/**
 * Token health, part one: which of the user's tokens an account is. Learnt from
 * `GET /api/v1/user/tokens` when the account lists: taken where the list makes it certain (one
 * token, or on a Replace the one created since the list seen with the token it replaced), asked
 * once otherwise ("Which of your tokens is this?"), never guessed. What is saved is the token's
 * id, name, dates and scope and the ids listed, never the token; it survives a restart.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seedUser } from '../tests/fake-server';
import { call, server, state, testCore, waitForAccount } from '../tests/support/core-calls';

async function until(done: () => boolean, timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function lastTokenRead(fake: Awaited<ReturnType<typeof server>>) {
  return fake.requests.findLast((each) => each.path.startsWith('/api/v1/user/tokens'));
}

const IN_TWO_DAYS = Date.now() + 2 * 24 * 60 * 60 * 1000;

async function aliceWith(extraTokens: number) {
  const fake = await server();
  const alice = seedUser(fake, {
    username: 'alice',
    teams: [{ name: 'Owned', role: 50 }],
    token: { name: 'teamtray-laptop', expiresAt: IN_TWO_DAYS },
  });
  const others = Array.from({ length: extraTokens }, (_, index) =>
    fake.createToken(alice.user, { name: `ci-${String(index)}` }),
  );
  const started = await testCore();
  const added = await call<{ id: string }>(started.core, 'addAccount', {
    url: fake.url,
    token: alice.token,
  });
  return { fake, alice, others, started, added };
}

describe('core: which token an account is', () => {
  it('takes the only token listed, saves its id, name and expiry (never the token), and keeps it across a restart', async () => {
    const { fake, alice, started, added } = await aliceWith(0);
    const view = await waitForAccount(started.core, added.id, (each) => each.tokenInfo !== null);
    const listed = fake.tokensOfUser(alice.user)[0];
    expect(view.tokenInfo).toEqual({
      id: listed?.id,
      name: 'teamtray-laptop',
      createdAt: null,
      expiresAt: new Date(listed?.expiresAt ?? '').getTime(),
      readOnly: null,
      teams: null,
    });
    expect(view.tokenChoices).toBeNull();
    const file = await readFile(join(started.dir, 'config.json'), 'utf8');
    expect(file).toContain('teamtray-laptop');
    expect(file).not.toContain(alice.token);
    const again = await started.restart();
    expect((await state(again)).accounts[0]?.tokenInfo).toEqual(view.tokenInfo);
  });

  it('asks which one when the user has several, and saves the one chosen among them only', async () => {
    const { fake, alice, started, added } = await aliceWith(2);
    const view = await waitForAccount(started.core, added.id, (each) => each.tokenChoices !== null);
    expect(view.tokenInfo).toBeNull();
    expect(view.tokenChoices?.map((each) => each.name)).toEqual([
      'teamtray-laptop',
      'ci-0',
      'ci-1',
    ]);
    // An id that was not among them is refused, and nothing is saved.
    await expect(
      call(started.core, 'chooseToken', { accountId: added.id, tokenId: 'not-listed' }),
    ).rejects.toMatchObject({ code: 'not_found' });
    expect((await state(started.core)).accounts[0]?.tokenInfo).toBeNull();

    const mine = fake.tokensOfUser(alice.user).find((each) => each.name === 'teamtray-laptop');
    await call(started.core, 'chooseToken', { accountId: added.id, tokenId: mine?.id });
    const chosen = await waitForAccount(started.core, added.id, (each) => each.tokenInfo !== null);
    expect(chosen.tokenInfo?.name).toBe('teamtray-laptop');
    expect(chosen.tokenChoices).toBeNull();
    const again = await started.restart();
    const reopened = (await state(again)).accounts[0];
    expect(reopened?.tokenInfo?.id).toBe(mine?.id);
    expect(reopened?.tokenChoices).toBeNull();
  });

  it('learns it again when the token is replaced', async () => {
    const { fake, alice, started, added } = await aliceWith(0);
    await waitForAccount(
      started.core,
      added.id,
      (each) => each.tokenInfo?.name === 'teamtray-laptop',
    );
    const fresh = fake.createToken(alice.user, { name: 'teamtray-new' });
    fake.revokeToken(alice.token);
    await call(started.core, 'updateAccount', { id: added.id, token: fresh });
    const view = await waitForAccount(
      started.core,
      added.id,
      (each) => each.tokenInfo?.name === 'teamtray-new',
    );
    expect(view.tokenInfo?.expiresAt).toBeNull();
  });

  it('takes, on a Replace, the one token created since the list it replaced, without asking', async () => {
    // Alice has two tokens: the account asked which. She makes a new one and pastes it.
    const { fake, alice, started, added } = await aliceWith(1);
    await waitForAccount(started.core, added.id, (each) => each.tokenChoices !== null);
    const fresh = fake.createToken(alice.user, { name: 'teamtray-2027' });
    await call(started.core, 'updateAccount', { id: added.id, token: fresh });
    const view = await waitForAccount(
      started.core,
      added.id,
      (each) => each.tokenInfo !== null || each.tokenChoices?.length === 3,
    );
    expect(view.tokenInfo?.name).toBe('teamtray-2027');
    expect(view.tokenChoices).toBeNull();
    // Kept across a restart, with the ids it listed (never a token).
    const file = await readFile(join(started.dir, 'config.json'), 'utf8');
    expect(file).not.toContain(fresh);
    const again = await started.restart();
    expect((await state(again)).accounts[0]?.tokenInfo?.name).toBe('teamtray-2027');
  });

  it('withdraws the question at once on a Replace, and refuses a choice from it until the new list is read', async () => {
    // Alice was asked which of two tokens; she makes a new one and pastes it. Her tokens are
    // slow to list this time: the moment before the new list is read is the one that matters.
    const { fake, alice, started, added } = await aliceWith(1);
    await waitForAccount(started.core, added.id, (each) => each.tokenChoices?.length === 2);
    fake.addFault({ kind: 'latency', ms: 1_500 }, { method: 'GET', path: '/api/v1/user/tokens' });
    const fresh = fake.createToken(alice.user, { name: 'teamtray-2027' });
    await call(started.core, 'updateAccount', { id: added.id, token: fresh });
    expect((await state(started.core)).accounts[0]?.tokenChoices).toBeNull();
    // A choice from the old question (the old token, say) is refused and saves nothing.
    const old = fake.tokensOfUser(alice.user).find((each) => each.name === 'teamtray-laptop');
    await expect(
      call(started.core, 'chooseToken', { accountId: added.id, tokenId: old?.id }),
    ).rejects.toMatchObject({
      code: 'invalid_request',
      message: expect.stringContaining('token was replaced') as unknown,
    });
    expect((await state(started.core)).accounts[0]?.tokenInfo).toBeNull();
    // The new list says which: the one created since.
    const view = await waitForAccount(started.core, added.id, (each) => each.tokenInfo !== null);
    expect(view.tokenInfo?.name).toBe('teamtray-2027');
    expect(view.tokenChoices).toBeNull();
  });

  it('ignores a list read with the token a Replace took away: the old token is not brought back', async () => {
    // Known as teamtray-laptop. In the morning's run its list is slow to answer (held 2 s); she
    // pastes a new token meanwhile. The old read's answer is about the old token: it must neither
    // name it again nor spend the list the Replace compares with.
    const { fake, alice, started, added } = await aliceWith(0);
    await waitForAccount(started.core, added.id, (each) => each.tokenInfo !== null);
    fake.addFault(
      { kind: 'latency', ms: 2_000 },
      { method: 'GET', path: '/api/v1/user/tokens', times: 1 },
    );
    const tokenReads = (): number =>
      fake.requests.filter((each) => each.path.startsWith('/api/v1/user/tokens')).length;
    const readsBefore = tokenReads();
    const morning = await started.restart();
    await call(morning, 'refresh', { accountId: added.id });
    await until(() => tokenReads() > readsBefore);
    const fresh = fake.createToken(alice.user, { name: 'teamtray-morning' });
    await call(morning, 'updateAccount', { id: added.id, token: fresh });
    await waitForAccount(morning, added.id, (each) => each.tokenInfo?.name === 'teamtray-morning');
    // The old read answers now.
    await until(() => Date.now() - (lastTokenRead(fake)?.at ?? 0) > 2_300, 4_000);
    const view = (await state(morning)).accounts[0];
    expect(view?.tokenInfo?.name).toBe('teamtray-morning');
    expect(view?.tokenChoices).toBeNull();
  });

  it('remembers the list across a restart: a Replace after it still knows the new token', async () => {
    // The old token expired overnight: the morning's run cannot list with it (401).
    const { fake, alice, started, added } = await aliceWith(1);
    await waitForAccount(started.core, added.id, (each) => each.tokenChoices !== null);
    const morning = await started.restart();
    fake.revokeToken(alice.token);
    const fresh = fake.createToken(alice.user, { name: 'teamtray-morning' });
    await call(morning, 'updateAccount', { id: added.id, token: fresh });
    const view = await waitForAccount(
      morning,
      added.id,
      (each) => each.tokenInfo !== null || each.tokenChoices?.length === 2,
    );
    expect(view.tokenInfo?.name).toBe('teamtray-morning');
  });

  it('asks, on a Replace, when more than one token was created since: it never guesses', async () => {
    const { fake, alice, started, added } = await aliceWith(1);
    await waitForAccount(started.core, added.id, (each) => each.tokenChoices !== null);
    const fresh = fake.createToken(alice.user, { name: 'teamtray-2027' });
    fake.createToken(alice.user, { name: 'ci-2027' });
    await call(started.core, 'updateAccount', { id: added.id, token: fresh });
    const view = await waitForAccount(
      started.core,
      added.id,
      (each) => each.tokenInfo !== null || each.tokenChoices?.length === 4,
    );
    expect(view.tokenInfo).toBeNull();
    expect(view.tokenChoices?.map((each) => each.name)).toEqual([
      'teamtray-laptop',
      'ci-0',
      'teamtray-2027',
      'ci-2027',
    ]);
  });
});
