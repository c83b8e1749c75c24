/**
 * Limits: response bodies are capped (10 MB by default) and memory stays bounded while a server
 * streams far more; every wait is bounded (per attempt, per body, per call, per add); retries are
 * bounded (counted on the server); and 50 accounts with 5,000 teams stay correct.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { asOrigin, asToken } from '../../common/brand';
import type { SavedAccountRef } from '../../common/contract';
import type { Renamed } from '../../common/model';
import type { Account } from '../../common/state';
import { CLIENT_DEFAULTS, createClientFactory } from '../../main/flowfuse/client';
import {
  seedUser,
  startFakeFleet,
  startFakeFlowFuse,
  type FakeFlowFuse,
  type Fault,
  type FaultScope,
  type SeededUser,
} from '../fake-server';
import { startTestCore, type TestCore } from '../support/test-core';
import { appState, call, Cleanups, ok, waitForAccount } from './harness';
import { renamePermission } from '../../common/roles';

const cleanups = new Cleanups();
afterEach(async () => {
  await cleanups.run();
});

interface Listed {
  readonly fake: FakeFlowFuse;
  readonly alice: SeededUser;
  readonly tc: TestCore;
  readonly view: Account;
}

/** A server with one user, a core (default limits unless `http` is given), the account listed. */
async function listed(
  http?: { timeoutMs: number; totalTimeoutMs: number },
  tasks: Cleanups = cleanups,
): Promise<Listed> {
  const fake = await startFakeFlowFuse();
  tasks.add(() => fake.close());
  const alice = seedUser(fake, { username: 'alice', teams: [{ name: 'Owned', role: 50 }] });
  const tc = await startTestCore(http === undefined ? {} : { http });
  tasks.add(() => tc.close());
  const added = await ok<SavedAccountRef>(tc.core, 'addAccount', {
    url: fake.url,
    token: alice.token,
  });
  const view = await waitForAccount(tc.core, added.id, (candidate) => candidate.status === 'ok');
  return { fake, alice, tc, view };
}

/** Refreshes the account and resolves with its settled view and how long that took. */
async function refreshed(target: Listed): Promise<{ view: Account; ms: number }> {
  const started = performance.now();
  await ok(target.tc.core, 'refresh', { accountId: target.view.id });
  const view = await waitForAccount(
    target.tc.core,
    target.view.id,
    (candidate) => candidate.status !== 'loading',
    60_000,
  );
  return { view, ms: performance.now() - started };
}

function requestsTo(fake: FakeFlowFuse, method: string, path: string): number {
  return fake.requests.filter((request) => request.method === method && request.path === path)
    .length;
}

describe('response bodies are capped', () => {
  it('fails a 20 MB team list with too_large under the default 10 MB cap', async () => {
    expect(CLIENT_DEFAULTS.maxBodyBytes).toBe(10 * 1024 * 1024);
    const target = await listed();
    target.fake.setFault(
      { kind: 'huge-body', bytes: 20 * 1024 * 1024 },
      { path: '/api/v1/user/teams' },
    );
    const { view } = await refreshed(target);
    expect(view.error?.code).toBe('too_large');
    expect(view.error?.message).toContain('10 MB');
    expect(view.teams).toHaveLength(1);
  });

  it('keeps memory bounded while a server streams 256 MB', { timeout: 30_000 }, async () => {
    const target = await listed();
    target.fake.setFault(
      { kind: 'huge-body', bytes: 256 * 1024 * 1024 },
      { path: '/api/v1/user/teams' },
    );
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    const { view, ms } = await refreshed(target).finally(() => {
      clearInterval(sampler);
    });
    peak = Math.max(peak, process.memoryUsage().rss);
    const grewMb = (peak - baseline) / (1024 * 1024);
    console.log(
      `limits: a 256 MB body was refused in ${Math.round(ms)} ms; RSS grew ${grewMb.toFixed(1)} MB at most`,
    );
    expect(view.error?.code).toBe('too_large');
    // Reading stops at the cap: far less than the body, with room for the test's own noise.
    expect(grewMb).toBeLessThan(128);
  });
});

describe('every wait is bounded', () => {
  const http = { timeoutMs: 500, totalTimeoutMs: 1_500 };

  it('a server that never answers: one attempt, then timeout', async () => {
    const target = await listed(http);
    target.fake.setFault({ kind: 'hang' }, { path: '/api/v1/user/teams' });
    const { view, ms } = await refreshed(target);
    expect(view.error?.code).toBe('timeout');
    expect(ms).toBeLessThan(http.timeoutMs + 700);
  });

  it('slow attempts that would be retried stop at the total budget', async () => {
    const target = await listed(http);
    // Each attempt takes 400 ms and fails with a retryable 503 that asks for 1 s more.
    target.fake.addFault({ kind: 'latency', ms: 400 }, { path: '/api/v1/user/teams' });
    target.fake.addFault(
      { kind: 'json', status: 503, body: { error: 'busy' }, headers: { 'retry-after': '1' } },
      { path: '/api/v1/user/teams' },
    );
    const { view, ms } = await refreshed(target);
    expect(['timeout', 'server_error']).toContain(view.error?.code);
    expect(ms).toBeLessThan(http.totalTimeoutMs + 700);
  });

  it('adding a server whose token check hangs is bounded too', async () => {
    const fake = await startFakeFlowFuse();
    cleanups.add(() => fake.close());
    const alice = seedUser(fake, { username: 'alice' });
    const tc = await startTestCore({ http });
    cleanups.add(() => tc.close());
    fake.setFault({ kind: 'hang' }, { path: '/api/v1/user' });
    const started = performance.now();
    const result = await call(tc.core, 'addAccount', { url: fake.url, token: alice.token });
    expect(result.ok ? 'ok' : result.error.code).toBe('timeout');
    expect(performance.now() - started).toBeLessThan(2 * http.totalTimeoutMs);
  });

  it('a body that trickles a byte at a time, never stalling, is cut at the deadline', async () => {
    // Headers at once, then one byte every 50 ms forever: no idle timeout would ever fire.
    const server: Server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"meta":{},"count":0,"teams":[');
      const timer = setInterval(() => res.write(' '), 50);
      res.on('close', () => {
        clearInterval(timer);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.add(
      () =>
        new Promise<void>((resolve) => {
          server.close(() => {
            resolve();
          });
          server.closeAllConnections();
        }),
    );
    const { port } = server.address() as AddressInfo;
    const client = createClientFactory({ fetch: globalThis.fetch, ...http })({
      origin: asOrigin(`http://127.0.0.1:${port}`),
      token: asToken('ffpat_trickle'),
      allowHttp: false,
    });
    const started = performance.now();
    await expect(client.listTeams()).rejects.toMatchObject({ code: 'timeout' });
    expect(performance.now() - started).toBeLessThan(http.timeoutMs + 700);
  });

  it('the defaults bound one call: per attempt, in total, and the longest wait a server may ask', () => {
    expect(CLIENT_DEFAULTS.timeoutMs).toBeLessThanOrEqual(CLIENT_DEFAULTS.totalTimeoutMs);
    expect(CLIENT_DEFAULTS.totalTimeoutMs).toBeLessThanOrEqual(30_000);
    expect(CLIENT_DEFAULTS.maxRetryAfterMs).toBeLessThan(CLIENT_DEFAULTS.totalTimeoutMs);
    expect(CLIENT_DEFAULTS.retryLimit).toBeLessThanOrEqual(3);
    expect(CLIENT_DEFAULTS.maxRedirects).toBeLessThanOrEqual(5);
  });
});

describe('retries are bounded (counted on the server, default limits)', () => {
  const limit = CLIENT_DEFAULTS.retryLimit;
  const cases: readonly {
    readonly name: string;
    readonly fault: Fault;
    readonly attempts: number;
    readonly code: string;
  }[] = [
    {
      name: 'a persistent 503',
      fault: { kind: 'status', status: 503 },
      attempts: 1 + limit,
      code: 'server_error',
    },
    {
      name: 'a connection reset every time',
      fault: { kind: 'reset' },
      attempts: 1 + limit,
      code: 'unreachable',
    },
    {
      name: 'a 429 asking to wait 1 s, every time',
      fault: { kind: 'rate-limit', retryAfterSeconds: 1 },
      attempts: 1 + limit,
      code: 'rate_limited',
    },
    {
      name: 'a 429 asking to wait longer than the cap',
      fault: { kind: 'rate-limit', retryAfterSeconds: 3600 },
      attempts: 1,
      code: 'rate_limited',
    },
    {
      name: 'a 500 (not worth repeating)',
      fault: { kind: 'status', status: 500 },
      attempts: 1,
      code: 'server_error',
    },
    {
      name: 'a same-origin redirect loop',
      fault: { kind: 'redirect', location: '/api/v1/user/teams' },
      attempts: 1 + CLIENT_DEFAULTS.maxRedirects,
      code: 'bad_response',
    },
  ];

  for (const each of cases) {
    it.concurrent(
      `list: ${each.name} → ${each.attempts} requests, ${each.code}`,
      { timeout: 20_000 },
      async ({ expect }) => {
        // Concurrent: each test cleans up after itself, not through the shared afterEach.
        const own = new Cleanups();
        try {
          const target = await listed(undefined, own);
          const scope: FaultScope = { path: '/api/v1/user/teams' };
          target.fake.setFault(each.fault, scope);
          const before = requestsTo(target.fake, 'GET', '/api/v1/user/teams');
          const { view } = await refreshed(target);
          expect(view.error?.code).toBe(each.code);
          expect(requestsTo(target.fake, 'GET', '/api/v1/user/teams') - before).toBe(each.attempts);
        } finally {
          await own.run();
        }
      },
    );
  }

  it('rename: a persistent 503 → 1 + limit PUTs, and the name is put back', async () => {
    const target = await listed();
    const team = target.view.teams[0];
    if (team === undefined) throw new Error('no team');
    target.fake.setFault({ kind: 'status', status: 503 }, { method: 'PUT' });
    const result = await call<Renamed>(target.tc.core, 'renameTeam', {
      accountId: target.view.id,
      teamId: team.id,
      name: 'Again and again',
    });
    expect(result.ok ? 'ok' : result.error.code).toBe('server_error');
    expect(target.fake.requests.filter((request) => request.method === 'PUT')).toHaveLength(
      1 + limit,
    );
    expect((await appState(target.tc.core)).accounts[0]?.teams[0]?.name).toBe('Owned');
  });
});

describe('50 accounts and 5,000 teams', () => {
  it(
    'lists every team of every account, correctly, and serves them all from the cache after a restart',
    { timeout: 60_000 },
    async () => {
      const fleet = await startFakeFleet(50, 100);
      cleanups.add(() => fleet.close());
      const tc = await startTestCore();
      cleanups.add(() => tc.close());

      const started = performance.now();
      const added = await Promise.all(
        fleet.members.map((member) =>
          ok<SavedAccountRef>(tc.core, 'addAccount', {
            url: member.server.url,
            token: member.token,
          }),
        ),
      );
      const addMs = performance.now() - started;
      await Promise.all(
        added.map((view) =>
          waitForAccount(tc.core, view.id, (candidate) => candidate.status === 'ok', 30_000),
        ),
      );
      const listedMs = performance.now() - started;

      const check = (accounts: readonly Account[]): void => {
        expect(accounts).toHaveLength(50);
        const allTeams = accounts.flatMap((account) => account.teams);
        const keys = accounts.flatMap((account) =>
          account.teams.map(({ id }) => `${account.id}/${id}`),
        );
        expect(keys).toHaveLength(5_000);
        expect(new Set(keys).size).toBe(5_000);
        for (const [index, member] of fleet.members.entries()) {
          const view = accounts.find((account) => account.id === added[index]?.id);
          // Each account shows exactly its own server's teams, with the right roles.
          expect((view?.teams ?? []).map((team) => team.name).sort()).toEqual(
            member.teams.map((team) => team.name).sort(),
          );
          const renamable = view?.teams.filter((team) => renamePermission(team.role).allowed);
          expect(renamable).toHaveLength(40);
          expect(view?.username).toBe(member.user.username);
        }
        // A search by name finds each team exactly once among all 5,000.
        const byName = new Map<string, number>();
        for (const team of allTeams) byName.set(team.name, (byName.get(team.name) ?? 0) + 1);
        for (const member of fleet.members) {
          for (const team of member.teams) expect(byName.get(team.name)).toBe(1);
        }
      };

      const live = await appState(tc.core);
      check(live.accounts);
      expect(live.accounts.every((account) => account.status === 'ok' && !account.stale)).toBe(
        true,
      );
      const stateBytes = JSON.stringify(live).length;

      const refreshStarted = performance.now();
      await tc.core.refreshAll();
      const refreshMs = performance.now() - refreshStarted;
      check((await appState(tc.core)).accounts);

      const again = await tc.restart();
      const cached = await appState(again);
      check(cached.accounts);
      expect(cached.accounts.every((account) => account.stale)).toBe(true);
      console.log(
        `limits: 50 accounts added in ${Math.round(addMs)} ms, all 5,000 teams listed after ${Math.round(listedMs)} ms, a refresh of all in ${Math.round(refreshMs)} ms; getState is ${(stateBytes / 1024).toFixed(0)} KB; all 5,000 served from the cache after a restart.`,
      );
    },
  );
});
