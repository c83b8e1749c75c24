/**
 * Every error code the client can produce, each over real HTTP (or a real failed connection),
 * and none of their messages carrying the token.
 */
import { createServer } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedUser, seededTeam, type SeededUser } from '../../tests/fake-server/seed';
import { startFakeFlowFuse, type FakeFlowFuse } from '../../tests/fake-server/server';
import {
  createSelfSignedCert,
  hasOpenssl,
  startSelfSignedHttpsServer,
  type SelfSignedServer,
} from '../../tests/fake-server/tls';
import type { AppError } from '../../common/errors';
import { clientFor, failureOf, recordingFetch } from '../../tests/support/flowfuse-client-harness';

let fake: FakeFlowFuse;
let ada: SeededUser;
let host: string;

beforeEach(async () => {
  fake = await startFakeFlowFuse();
  ada = seedUser(fake, {
    username: 'ada',
    teams: [
      { name: 'Owned', role: 50 },
      { name: 'Member', role: 30 },
    ],
  });
  host = new URL(fake.origin).host;
});

afterEach(async () => {
  await fake.close();
});

const teamId = (index: number): string => seededTeam(ada, index).id;

/** The error names the host, never the token, and never a raw system code (that is `detail`). */
function expectClear(error: AppError, code: string, where = host): void {
  expect(error.code).toBe(code);
  expect(error.message).toContain(where);
  expect(error.message).not.toContain(ada.token);
  expect(error.message).not.toMatch(/ffpat_/);
  expect(error.message).not.toMatch(/\bE[A-Z]{4,}\b|UND_ERR|ERR_[A-Z]|net::/);
}

describe('answers from the server', () => {
  it('unauthorized: revoked token', async () => {
    fake.revokeToken(ada.token);
    const error = await failureOf(clientFor(fake, ada.token).listTeams());
    expectClear(error, 'unauthorized');
    expect(error.message).toContain('token expired or revoked');
  });

  it('unauthorized: expired token', async () => {
    const expired = fake.createToken(ada.user, { expiresAt: Date.now() - 1000 });
    const error = await failureOf(clientFor(fake, expired).whoAmI());
    expectClear(error, 'unauthorized');
  });

  it('forbidden: a member renaming', async () => {
    const error = await failureOf(clientFor(fake, ada.token).renameTeam(teamId(1), 'New'));
    expectClear(error, 'forbidden');
    expect(error.message).toContain('owner');
  });

  it('not_found: a team the user is not in', async () => {
    const other = fake.addTeam({ name: 'Elsewhere' });
    const error = await failureOf(clientFor(fake, ada.token).renameTeam(other.id, 'New'));
    expectClear(error, 'not_found');
  });

  it('invalid_name: quotes the server’s short plain reason', async () => {
    fake.setFault({
      kind: 'json',
      status: 400,
      body: { code: 'invalid_request', error: 'Team name must not contain a URL' },
    });
    const error = await failureOf(clientFor(fake, ada.token).renameTeam(teamId(0), 'Fine'));
    expectClear(error, 'invalid_name');
    expect(error.message).toContain('Team name must not contain a URL');
  });

  it('invalid_name: prefers the framework’s message over "Bad Request"', async () => {
    fake.setFault({
      kind: 'json',
      status: 400,
      body: { statusCode: 400, error: 'Bad Request', message: 'body/name must be string' },
    });
    const error = await failureOf(clientFor(fake, ada.token).renameTeam(teamId(0), 'Fine'));
    expect(error.message).toContain('body/name must be string');
  });

  it('invalid_name: does not quote markup or long text', async () => {
    fake.setFault({
      kind: 'json',
      status: 400,
      body: { error: `<b>${'x'.repeat(300)}</b>` },
    });
    const error = await failureOf(clientFor(fake, ada.token).renameTeam(teamId(0), 'Fine'));
    expect(error.code).toBe('invalid_name');
    expect(error.message).not.toContain('<b>');
    expect(error.message.length).toBeLessThan(120);
  });

  it('rate_limited: 429 names the wait', async () => {
    fake.setFault({ kind: 'rate-limit', retryAfterSeconds: 60 });
    const error = await failureOf(clientFor(fake, ada.token).listTeams());
    expectClear(error, 'rate_limited');
    expect(error.message).toContain('60 s');
  });

  it.each([500, 503, 504])('server_error: %i with a JSON body', async (status) => {
    fake.setFault({ kind: 'status', status });
    const error = await failureOf(clientFor(fake, ada.token).listTeams());
    expectClear(error, 'server_error');
    expect(error.message).toContain(String(status));
  });

  it('server_error: a proxy’s 502 HTML page', async () => {
    fake.setFault({ kind: 'status', status: 502, body: 'html' });
    const error = await failureOf(clientFor(fake, ada.token).listTeams());
    expectClear(error, 'server_error');
    expect(error.message).toContain('502');
    expect(error.message).not.toContain('<');
  });
});

describe('answers the client cannot use', () => {
  it('bad_response: malformed JSON', async () => {
    fake.setFault({ kind: 'malformed-json' });
    expectClear(await failureOf(clientFor(fake, ada.token).listTeams()), 'bad_response');
  });

  it('bad_response: JSON of the wrong shape', async () => {
    fake.setFault({ kind: 'wrong-shape' });
    const error = await failureOf(clientFor(fake, ada.token).listTeams());
    expectClear(error, 'bad_response');
    expect(error.message).toContain('"teams"');
  });

  it('a team without a name is left out and named by its id, not a failure of the list', async () => {
    fake.setFault({
      kind: 'json',
      status: 200,
      body: { teams: [{ id: 'a', slug: 'a' }] },
    });
    expect(await clientFor(fake, ada.token).listTeams()).toEqual({
      teams: [],
      leftOut: { unread: ['id a'], unreadCount: 1, more: 0 },
    });
  });

  it('tolerates extra fields and odd optional ones', async () => {
    fake.setFault({
      kind: 'json',
      status: 200,
      body: {
        meta: { next_cursor: 'x' },
        teams: [
          {
            id: 'a',
            name: 'A',
            slug: 'a',
            role: 'owner',
            avatar: 42,
            brandNew: { nested: true },
            instanceCount: 2,
          },
        ],
      },
    });
    const [team] = (await clientFor(fake, ada.token).listTeams()).teams;
    expect(team).toEqual({
      id: 'a',
      name: 'A',
      slug: 'a',
      avatar: null,
      type: null,
      role: null,
      instanceCount: 2,
      memberCount: null,
      deviceCount: null,
    });
  });

  it('too_large: a streamed body over the cap (no Content-Length)', async () => {
    fake.setFault({ kind: 'huge-body', bytes: 20 * 1024 * 1024 });
    const started = performance.now();
    const error = await failureOf(
      clientFor(fake, ada.token, { timeoutMs: 5000, totalTimeoutMs: 10_000 }).listTeams(),
    );
    expectClear(error, 'too_large');
    expect(error.message).toContain('10 MB');
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('too_large: a declared Content-Length over a small cap is refused before reading', async () => {
    fake.setFault({ kind: 'huge-body', bytes: 64 * 1024, declareLength: true });
    const error = await failureOf(clientFor(fake, ada.token, { maxBodyBytes: 1024 }).listTeams());
    expectClear(error, 'too_large');
    expect(error.message).toContain('1 KB');
  });

  it('reads a body just under the cap', async () => {
    const client = clientFor(fake, ada.token, { maxBodyBytes: 2048 });
    expect((await client.listTeams()).teams).toHaveLength(2);
  });
});

describe('a web page instead of the API', () => {
  it('is worded the same for the team list as for the probe, with the page title', async () => {
    fake.setFault({ kind: 'html' });
    const probe = await failureOf(clientFor(fake, null).probe());
    const list = await failureOf(clientFor(fake, ada.token).listTeams());
    expectClear(list, 'web_page');
    expect(list.message).toBe(probe.message);
    expect(list.detail).toBe('HTTP 200, page title “Sign in”');
  });

  it('reads a 401 web page as the page in front, not as a refused token', async () => {
    fake.setFault({ kind: 'status', status: 401, body: 'html' });
    const error = await failureOf(clientFor(fake, ada.token).listTeams());
    expectClear(error, 'web_page');
    expect(error.detail).toBe('HTTP 401, no page title');
  });
});

describe('probe', () => {
  it('web_page: an HTML page (a sign-in page or a proxy), with its title as the detail', async () => {
    fake.setFault({ kind: 'html' });
    const error = await failureOf(clientFor(fake, null).probe());
    expectClear(error, 'web_page');
    expect(error.message).toContain('a sign-in page or a proxy');
    expect(error.detail).toBe('HTTP 200, page title “Sign in”');
  });

  it('not_flowfuse: no /api/json (404)', async () => {
    fake.setFault({ kind: 'status', status: 404 }, { path: '/api/json' });
    expectClear(await failureOf(clientFor(fake, null).probe()), 'not_flowfuse');
  });

  it('not_flowfuse: OpenAPI of some other product', async () => {
    fake.setFault({
      kind: 'json',
      status: 200,
      body: {
        openapi: '3.0.0',
        info: { title: 'Pet Store', version: '1.0' },
        paths: { '/pets': {} },
      },
    });
    expectClear(await failureOf(clientFor(fake, null).probe()), 'not_flowfuse');
  });

  it('accepts an older FlowForge title without the teams path', async () => {
    fake.setFault({
      kind: 'json',
      status: 200,
      body: { openapi: '3.0.3', info: { title: 'FlowForge Platform API', version: '1.0.0' } },
    });
    expect(await clientFor(fake, null).probe()).toEqual({ version: '1.0.0' });
  });

  it('server_error stays server_error', async () => {
    fake.setFault({ kind: 'status', status: 500 });
    expect((await failureOf(clientFor(fake, null).probe())).code).toBe('server_error');
  });
});

describe('connections', () => {
  it('connection_refused: nothing listens on the port', async () => {
    const port = await freePort();
    const error = await failureOf(clientFor(`http://127.0.0.1:${port}`, ada.token).listTeams());
    expectClear(error, 'connection_refused', `127.0.0.1:${port}`);
    expect(error.message).toContain('Check the port');
    expect(error.detail).toBe('ECONNREFUSED');
  });

  it('unknown_host: a name that does not resolve', async () => {
    const error = await failureOf(
      clientFor('https://teamtray-test.invalid', ada.token, { timeoutMs: 5000 }).listTeams(),
    );
    expectClear(error, 'unknown_host', 'teamtray-test.invalid');
    expect(error.message).toContain('typo');
    expect(error.detail).toMatch(/^(ENOTFOUND|EAI_AGAIN)$/);
  });

  it('unreachable: the server resets the connection', async () => {
    fake.setFault({ kind: 'reset' });
    expectClear(await failureOf(clientFor(fake, ada.token).listTeams()), 'unreachable');
  });

  it('not_http: another service answers on that port (a wrong port)', async () => {
    const sockets = new Set<Socket>();
    const ssh = createServer((socket) => {
      sockets.add(socket);
      socket.end('SSH-2.0-OpenSSH_9.2\r\n');
    });
    await new Promise<void>((resolve) => ssh.listen(0, '127.0.0.1', resolve));
    const where = `127.0.0.1:${(ssh.address() as AddressInfo).port}`;
    try {
      const error = await failureOf(clientFor(`http://${where}`, null).probe());
      expectClear(error, 'not_http', where);
      expect(error.message).toContain('not as a web server');
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => ssh.close(resolve));
    }
  });

  it('timeout: the server never answers', async () => {
    fake.setFault({ kind: 'hang' });
    const started = performance.now();
    const error = await failureOf(clientFor(fake, ada.token, { timeoutMs: 300 }).listTeams());
    const elapsed = performance.now() - started;
    expectClear(error, 'timeout');
    expect(elapsed).toBeGreaterThanOrEqual(280);
    expect(elapsed).toBeLessThan(1500);
  });

  it('timeout: headers arrive, then the body stalls', async () => {
    fake.setFault({ kind: 'hang-after-headers' });
    const started = performance.now();
    const error = await failureOf(clientFor(fake, ada.token, { timeoutMs: 300 }).listTeams());
    const elapsed = performance.now() - started;
    expectClear(error, 'timeout');
    expect(elapsed).toBeLessThan(1500);
  });

  it('timeout: the total budget bounds slow attempts', async () => {
    fake.setFault({ kind: 'latency', ms: 5000 });
    const started = performance.now();
    const error = await failureOf(
      clientFor(fake, ada.token, { timeoutMs: 5000, totalTimeoutMs: 400 }).listTeams(),
    );
    expect(error.code).toBe('timeout');
    expect(performance.now() - started).toBeLessThan(1500);
  });
});

describe('tls', () => {
  let tlsServer: SelfSignedServer;

  beforeAll(async () => {
    // The openssl CLI makes the certificate; the machines this runs on have it.
    expect(hasOpenssl()).toBe(true);
    tlsServer = await startSelfSignedHttpsServer(createSelfSignedCert());
  });

  afterAll(async () => {
    await tlsServer.close();
  });

  it('tls: a self-signed certificate is refused and nothing is sent', async () => {
    const error = await failureOf(clientFor(tlsServer.origin, ada.token).listTeams());
    expectClear(error, 'tls', new URL(tlsServer.origin).host);
    expect(error.message).toContain('self-signed');
    expect(tlsServer.handled()).toBe(0);
  });

  it('not_https: https to a plain http port', async () => {
    const error = await failureOf(clientFor(fake.origin.replace('http:', 'https:'), null).probe());
    expectClear(error, 'not_https');
    expect(error.message).toContain('may serve plain http');
    expect(error.detail).toMatch(/^ERR_SSL_/);
  });
});

describe('before any request', () => {
  it('insecure_http: plain http to a non-loopback host without consent', async () => {
    const spy = recordingFetch();
    const client = clientFor('http://ff.example.com', ada.token, { fetch: spy.fetch });
    for (const call of [client.probe(), client.whoAmI(), client.listTeams()]) {
      expect((await failureOf(call)).code).toBe('insecure_http');
    }
    expect(spy.urls).toHaveLength(0);
  });

  it('allows plain http with consent', async () => {
    const spy = recordingFetch(() => new Response('{"teams":[]}'));
    const client = clientFor('http://ff.example.com', ada.token, { fetch: spy.fetch }, true);
    expect(await client.listTeams()).toEqual({ teams: [], leftOut: null });
    expect(spy.urls).toEqual(['http://ff.example.com/api/v1/user/teams']);
  });

  it.each(['not a url', 'https://ff.example.com/some/path', 'ftp://ff.example.com'])(
    'invalid_url: %s',
    async (origin) => {
      const spy = recordingFetch();
      const error = await failureOf(clientFor(origin, ada.token, { fetch: spy.fetch }).listTeams());
      expect(error.code).toBe('invalid_url');
      expect(spy.urls).toHaveLength(0);
    },
  );
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) =>
    server.close(() => {
      resolve();
    }),
  );
  return port;
}
