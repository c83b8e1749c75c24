/**
 * Retries: a short Retry-After is honoured (measured), a long one fails fast with the wait in
 * words, transient failures are retried for GET and the idempotent PUT, deterministic ones not.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedUser, seededTeam, type SeededUser } from '../../tests/fake-server/seed';
import { startFakeFlowFuse, type FakeFlowFuse } from '../../tests/fake-server/server';
import { clientFor, failureOf } from '../../tests/support/flowfuse-client-harness';

let fake: FakeFlowFuse;
let ada: SeededUser;

beforeEach(async () => {
  fake = await startFakeFlowFuse();
  ada = seedUser(fake, { username: 'ada', teams: [{ name: 'Owned', role: 50 }] });
});

afterEach(async () => {
  await fake.close();
});

const retrying = {
  timeoutMs: 2000,
  totalTimeoutMs: 8000,
  retry: { limit: 2, maxRetryAfterMs: 2000 },
};

const ownedTeamId = (): string => seededTeam(ada).id;

describe('Retry-After', () => {
  it('waits as asked when within the cap, then succeeds', async () => {
    fake.setFault({ kind: 'rate-limit', retryAfterSeconds: 1 }, { times: 1 });
    const started = performance.now();
    const { teams } = await clientFor(fake, ada.token, retrying).listTeams();
    const elapsed = performance.now() - started;
    expect(teams).toHaveLength(1);
    expect(fake.requests).toHaveLength(2);
    expect(elapsed).toBeGreaterThanOrEqual(950);
    expect(elapsed).toBeLessThan(2000);
  });

  it('fails fast with rate_limited when the wait is over the cap', async () => {
    fake.setFault({ kind: 'rate-limit', retryAfterSeconds: 120 });
    const started = performance.now();
    const error = await failureOf(clientFor(fake, ada.token, retrying).listTeams());
    expect(error.code).toBe('rate_limited');
    expect(error.message).toContain('2 min');
    expect(fake.requests).toHaveLength(1);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('gives up after the retry limit and reports rate_limited', async () => {
    fake.setFault({ kind: 'rate-limit', retryAfterSeconds: 0 });
    const error = await failureOf(clientFor(fake, ada.token, retrying).listTeams());
    expect(error.code).toBe('rate_limited');
    expect(fake.requests).toHaveLength(3);
  });
});

describe('transient failures', () => {
  it.each([502, 503, 504, 408])('retries a GET after %i', async (status) => {
    fake.setFault({ kind: 'status', status }, { times: 1 });
    expect((await clientFor(fake, ada.token, retrying).listTeams()).teams).toHaveLength(1);
    expect(fake.requests).toHaveLength(2);
  });

  it('retries the idempotent rename PUT after a 503', async () => {
    fake.setFault({ kind: 'status', status: 503 }, { method: 'PUT', times: 1 });
    const team = await clientFor(fake, ada.token, retrying).renameTeam(ownedTeamId(), 'Again');
    expect(team.name).toBe('Again');
    expect(fake.requests.map((r) => r.method)).toEqual(['PUT', 'PUT']);
  });

  it('retries after a reset connection', async () => {
    fake.setFault({ kind: 'reset' }, { times: 1 });
    expect(await clientFor(fake, ada.token, retrying).whoAmI()).toMatchObject({ username: 'ada' });
    expect(fake.requests).toHaveLength(2);
  });

  it.each([500, 401, 403, 404])('does not retry %i', async (status) => {
    fake.setFault({ kind: 'status', status });
    await failureOf(clientFor(fake, ada.token, retrying).listTeams());
    expect(fake.requests).toHaveLength(1);
  });

  it('does not retry a timeout', async () => {
    fake.setFault({ kind: 'hang' });
    const error = await failureOf(
      clientFor(fake, ada.token, { ...retrying, timeoutMs: 200 }).listTeams(),
    );
    expect(error.code).toBe('timeout');
    expect(fake.requests).toHaveLength(1);
  });

  it('does not retry an unknown host', async () => {
    let calls = 0;
    const counting: typeof globalThis.fetch = (input, init) => {
      calls += 1;
      return globalThis.fetch(input, init);
    };
    const error = await failureOf(
      clientFor('https://teamtray-retry.invalid', ada.token, {
        ...retrying,
        fetch: counting,
        timeoutMs: 5000,
      }).listTeams(),
    );
    expect(error.code).toBe('unknown_host');
    expect(calls).toBe(1);
  });
});

describe('Electron net.fetch errors', () => {
  /** A fetch that fails like Electron's net.fetch the first time, then answers. */
  function failingOnce(message: string): { fetch: typeof globalThis.fetch; calls: () => number } {
    let calls = 0;
    const fetch: typeof globalThis.fetch = (input, init) => {
      calls += 1;
      if (calls === 1) return Promise.reject(new Error(message));
      return globalThis.fetch(input, init);
    };
    return { fetch, calls: () => calls };
  }

  it('retries net::ERR_CONNECTION_RESET, which ky does not know as a network error', async () => {
    const electron = failingOnce('net::ERR_CONNECTION_RESET');
    const user = await clientFor(fake, ada.token, { ...retrying, fetch: electron.fetch }).whoAmI();
    expect(user.username).toBe('ada');
    expect(electron.calls()).toBe(2);
  });

  it.each([
    ['net::ERR_NAME_NOT_RESOLVED', 'unknown_host'],
    ['net::ERR_CERT_AUTHORITY_INVALID', 'tls'],
    ['net::ERR_SSL_PROTOCOL_ERROR', 'not_https'],
    ['net::ERR_INVALID_HTTP_RESPONSE', 'not_http'],
  ])('does not retry %s and reports %s', async (message, code) => {
    const electron = failingOnce(message);
    const error = await failureOf(
      clientFor(fake, ada.token, { ...retrying, fetch: electron.fetch }).listTeams(),
    );
    expect(error.code).toBe(code);
    // Words for the user; Chromium's code only as the detail.
    expect(error.message).not.toContain('net::');
    expect(error.detail).toBe(message);
    expect(electron.calls()).toBe(1);
  });
});
