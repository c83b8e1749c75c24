/**
 * Adding an account to a server that does not answer: the check can be cancelled (the probe is
 * aborted in main, nothing is saved), and it never waits longer than the limit the form shows.
 */
import { describe, expect, it } from 'vitest';
import { call, seedAlice, server, state, testCore } from '../../tests/support/core-calls';

/** Per call, longer than any test here waits: only a cancel or the check's limit ends it. */
const SLOW_HTTP = { timeoutMs: 60_000, totalTimeoutMs: 120_000 };

describe('the account check', () => {
  it('is cancelled from the form: the hung probe is aborted and nothing is saved', async () => {
    const fake = await server();
    const alice = seedAlice(fake);
    fake.setFault({ kind: 'hang' }, { path: '/api/json' });
    const { core } = await testCore({ http: SLOW_HTTP });
    const started = performance.now();
    const adding = core.dispatch('addAccount', { url: fake.url, token: alice.token });
    await expect
      .poll(() => fake.requests.some((request) => request.path === '/api/json'))
      .toBe(true);
    await call(core, 'cancelAccountCheck');
    const result = await adding;
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('cancelled');
    expect((await state(core)).accounts).toEqual([]);
    // Nothing else was sent after the cancel: the token never left.
    expect(fake.requests.map((request) => request.path)).toEqual(['/api/json']);
  });

  it('gives up at its limit, however long each call may take', async () => {
    const fake = await server();
    const alice = seedAlice(fake);
    fake.setFault({ kind: 'hang' }, { path: '/api/json' });
    const { core } = await testCore({ http: SLOW_HTTP, accountCheckMs: 400 });
    const started = performance.now();
    const result = await core.dispatch('addAccount', {
      url: fake.url,
      token: alice.token,
    });
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('timeout');
    expect(result.error.message).toContain('did not answer within 0.4 s');
  });
});
