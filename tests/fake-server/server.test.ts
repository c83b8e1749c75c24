import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeFleet } from './fleet';
import { SAMPLE_TOKEN, SAMPLE_USER, XSS_TEAM_NAME, seedSample } from './sample-data';
import { seedUser, seededTeam, type SeededUser } from './seed';
import { startFakeFlowFuse, type FakeFlowFuse } from './server';
import type { FakeTeam } from './types';

let fake: FakeFlowFuse;
let ada: SeededUser;

beforeEach(async () => {
  fake = await startFakeFlowFuse();
  ada = seedUser(fake, {
    username: 'ada',
    teams: [
      { name: 'Owned', role: 50 },
      { name: 'Member', role: 30 },
      { name: 'Viewer', role: 10 },
    ],
  });
});

afterEach(async () => {
  await fake.close();
});

// Matchers typed as unknown: vitest types them as any.
const anyString: unknown = expect.any(String);
const openApi3: unknown = expect.stringMatching(/^3\.0/);

const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });

async function getJson(path: string, token?: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${fake.origin}${path}`, {
    headers: token === undefined ? {} : bearer(token),
    redirect: 'manual',
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
}

async function rename(
  teamId: string,
  body: string,
  token = ada.token,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${fake.origin}/api/v1/teams/${teamId}`, {
    method: 'PUT',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    body,
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

const team = (index: number): FakeTeam => seededTeam(ada, index);

describe('fake FlowFuse: reading', () => {
  it('lists the token owner’s teams in FlowFuse’s shape', async () => {
    const { status, body } = await getJson('/api/v1/user/teams', ada.token);
    expect(status).toBe(200);
    expect(body).toMatchObject({ meta: {}, count: 3 });
    const teams = (body as { teams: Record<string, unknown>[] }).teams;
    expect(teams.map((t) => [t.name, t.role])).toEqual([
      ['Owned', 50],
      ['Member', 30],
      ['Viewer', 10],
    ]);
    const first = teams[0];
    expect(first).toMatchObject({
      id: team(0).id,
      slug: 'owned',
      type: { id: anyString, name: 'Starter' },
      instanceCount: 0,
      memberCount: 1,
      deviceCount: 0,
      links: { self: `${fake.origin}/api/v1/teams/${team(0).id}` },
    });
    expect(first?.avatar).toMatch(/^\/\/www\.gravatar\.com\/avatar\/[0-9a-f]{32}/);
  });

  it('does not show other users’ teams', async () => {
    const bob = seedUser(fake, { username: 'bob', teams: [{ name: 'Bob only', role: 50 }] });
    const { body } = await getJson('/api/v1/user/teams', bob.token);
    expect((body as { count: number }).count).toBe(1);
  });

  it('answers who am I', async () => {
    const { status, body } = await getJson('/api/v1/user', ada.token);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: ada.user.id,
      username: 'ada',
      name: 'ada',
      email: 'ada@example.com',
      admin: false,
    });
  });

  it('makes tokens in FlowFuse’s format', () => {
    expect(ada.token).toMatch(/^ffpat_[A-Za-z0-9_-]{43}$/);
  });

  it('redirects /api/ to the HTML explorer and serves OpenAPI JSON at /api/json without a token', async () => {
    const explorer = await fetch(`${fake.origin}/api/`, { redirect: 'manual' });
    expect(explorer.status).toBe(302);
    expect(explorer.headers.get('location')).toBe('/api/static/index.html');
    const page = await fetch(`${fake.origin}/api/`);
    expect(page.headers.get('content-type')).toContain('text/html');

    const { status, body } = await getJson('/api/json');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      openapi: openApi3,
      info: { title: 'FlowFuse Platform API', version: '2.4.0' },
    });
    expect(Object.keys((body as { paths: object }).paths)).toContain('/api/v1/user/teams');
  });

  it('reports a configured version', async () => {
    const other = await startFakeFlowFuse({ version: '2.33.0' });
    try {
      const body = (await (await fetch(`${other.origin}/api/json`)).json()) as {
        info: { version: string };
      };
      expect(body.info.version).toBe('2.33.0');
    } finally {
      await other.close();
    }
  });
});

describe('fake FlowFuse: tokens', () => {
  it.each([
    ['missing', undefined],
    ['wrong', 'ffpat_wrongwrongwrongwrongwrongwrongwrongwrongwro'],
  ])('answers 401 for a %s token', async (_label, token) => {
    const { status, body } = await getJson('/api/v1/user/teams', token);
    expect(status).toBe(401);
    expect(body).toEqual({ code: 'unauthorized', error: 'unauthorized' });
  });

  it('answers 401 once a token is revoked', async () => {
    expect(fake.revokeToken(ada.token)).toBe(true);
    expect((await getJson('/api/v1/user', ada.token)).status).toBe(401);
  });

  it('deletes an expired token on first use', async () => {
    const token = fake.createToken(ada.user, { expiresAt: Date.now() - 1 });
    expect(fake.state.tokens.has(token)).toBe(true);
    expect((await getJson('/api/v1/user', token)).status).toBe(401);
    expect(fake.state.tokens.has(token)).toBe(false);
  });

  it('records every request with its Authorization header', async () => {
    await getJson('/api/json');
    await getJson('/api/v1/user', ada.token);
    expect(fake.requests.map((r) => [r.method, r.path, r.authorization])).toEqual([
      ['GET', '/api/json', null],
      ['GET', '/api/v1/user', `Bearer ${ada.token}`],
    ]);
    fake.clearRequests();
    expect(fake.requests).toHaveLength(0);
  });
});

describe('fake FlowFuse: rename', () => {
  it('lets an owner rename and answers the updated team', async () => {
    const { status, body } = await rename(team(0).id, JSON.stringify({ name: 'Renamed' }));
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: team(0).id, name: 'Renamed', slug: 'owned' });
    expect(fake.state.teams.get(team(0).id)?.name).toBe('Renamed');
  });

  it.each([
    [1, 'member'],
    [2, 'viewer'],
  ])('refuses team %i (%s) with 403', async (index) => {
    const { status, body } = await rename(team(index).id, JSON.stringify({ name: 'X' }));
    expect(status).toBe(403);
    expect(body).toEqual({ code: 'unauthorized', error: 'unauthorized' });
  });

  it('lets an owner change the slug, and lists the team with it', async () => {
    const slug = 'x'.repeat(230);
    const { status, body } = await rename(team(0).id, JSON.stringify({ slug }));
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: team(0).id, slug });
    const listed = await getJson('/api/v1/user/teams', ada.token);
    expect((listed.body as { teams: { slug: string }[] }).teams[0]?.slug).toBe(slug);
  });

  it('answers 404 for an unknown team and for a team the user is not in', async () => {
    const other = fake.addTeam({ name: 'Elsewhere' });
    for (const id of ['nope123456', other.id]) {
      const { status, body } = await rename(id, JSON.stringify({ name: 'X' }));
      expect(status).toBe(404);
      expect(body).toEqual({ code: 'not_found', error: 'Not Found' });
    }
  });

  it('accepts an empty name and changes nothing; stores an untrimmed name as is', async () => {
    const empty = await rename(team(0).id, JSON.stringify({ name: '' }));
    expect(empty.status).toBe(200);
    expect(fake.state.teams.get(team(0).id)?.name).toBe('Owned');
    await rename(team(0).id, JSON.stringify({ name: '   ' }));
    expect(fake.state.teams.get(team(0).id)?.name).toBe('   ');
  });

  it('refuses a name with :// with {code, error}, in the words of its database layer', async () => {
    const { status, body } = await rename(team(0).id, JSON.stringify({ name: 'http://x' }));
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'unexpected_error', error: anyString });
  });

  it('refuses a body that is not JSON in the framework’s shape', async () => {
    const { status, body } = await rename(team(0).id, '{name:');
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: 'Bad Request', message: anyString });
  });

  it('honours read-only and team-limited tokens', async () => {
    const readOnly = fake.createToken(ada.user, { readOnly: true });
    expect((await rename(team(0).id, '{"name":"A"}', readOnly)).status).toBe(403);
    const limited = fake.createToken(ada.user, { teamIds: [team(1).id] });
    expect((await rename(team(0).id, '{"name":"A"}', limited)).status).toBe(403);
  });

  it('records the request body', async () => {
    await rename(team(0).id, '{"name":"Recorded"}');
    expect(fake.requests.at(-1)?.body).toBe('{"name":"Recorded"}');
    expect(fake.requests.at(-1)?.contentType).toBe('application/json');
  });
});

describe('fake FlowFuse: rate limiting', () => {
  it('answers 429 with retry-after past the limit', async () => {
    const limited = await startFakeFlowFuse({ rateLimit: { max: 2, windowMs: 60_000 } });
    try {
      const statuses: number[] = [];
      let last: Response | null = null;
      for (let i = 0; i < 3; i += 1) {
        last = await fetch(`${limited.origin}/api/json`);
        statuses.push(last.status);
      }
      expect(statuses).toEqual([200, 200, 429]);
      expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await last?.json()).toMatchObject({ statusCode: 429 });
    } finally {
      await limited.close();
    }
  });
});

describe('fake FlowFuse: faults', () => {
  it('applies a scoped fault N times, then answers normally', async () => {
    fake.setFault({ kind: 'status', status: 503 }, { path: '/api/v1/user', times: 2 });
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await getJson('/api/v1/user', ada.token)).status);
    expect(statuses).toEqual([503, 503, 200]);
    expect((await getJson('/api/json')).status).toBe(200);
  });

  it('adds odd items to the end of a list and lets the route answer', async () => {
    fake.setFault(
      { kind: 'extra-items', key: 'teams', items: [{ id: 'odd' }, 'junk'] },
      { path: '/api/v1/user/teams' },
    );
    const { status, body } = await getJson('/api/v1/user/teams', ada.token);
    expect(status).toBe(200);
    const teams = (body as { teams: unknown[] }).teams;
    expect(teams.slice(-2)).toEqual([{ id: 'odd' }, 'junk']);
    expect(teams).toHaveLength(5);
    // A body without that list is left as it is.
    expect((await getJson('/api/v1/user', ada.token)).body).toMatchObject({ username: 'ada' });
  });

  it('adds latency and still answers', async () => {
    fake.setFault({ kind: 'latency', ms: 150 });
    const started = performance.now();
    expect((await getJson('/api/json')).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('hangs until the client gives up', async () => {
    fake.setFault({ kind: 'hang' });
    await expect(
      fetch(`${fake.origin}/api/json`, { signal: AbortSignal.timeout(200) }),
    ).rejects.toThrow();
  });

  it('resets the connection', async () => {
    fake.setFault({ kind: 'reset' });
    await expect(fetch(`${fake.origin}/api/json`)).rejects.toThrow('fetch failed');
  });

  it('sends a 502 HTML page, an HTML 200, malformed JSON and a wrong shape', async () => {
    fake.setFault({ kind: 'status', status: 502, body: 'html' }, { times: 1 });
    const bad = await fetch(`${fake.origin}/api/json`);
    expect(bad.status).toBe(502);
    expect(await bad.text()).toContain('<h1>502 Bad Gateway</h1>');

    fake.setFault({ kind: 'html' }, { times: 1 });
    expect((await fetch(`${fake.origin}/api/json`)).headers.get('content-type')).toContain('html');

    fake.setFault({ kind: 'malformed-json' }, { times: 1 });
    await expect((await fetch(`${fake.origin}/api/json`)).json()).rejects.toThrow();

    fake.setFault({ kind: 'wrong-shape' }, { times: 1 });
    expect(await (await fetch(`${fake.origin}/api/json`)).json()).toEqual({ items: [] });
  });

  it('streams a huge body', async () => {
    fake.setFault({ kind: 'huge-body', bytes: 3 * 1024 * 1024 + 7 });
    const body = await (await fetch(`${fake.origin}/api/json`)).arrayBuffer();
    expect(body.byteLength).toBe(3 * 1024 * 1024 + 7);
  });

  it('sends headers and then stalls the body', async () => {
    fake.setFault({ kind: 'hang-after-headers' });
    const controller = new AbortController();
    const response = await fetch(`${fake.origin}/api/json`, { signal: controller.signal });
    expect(response.status).toBe(200);
    const reading = response.text();
    setTimeout(() => {
      controller.abort();
    }, 150);
    await expect(reading).rejects.toThrow();
  });

  it('rate limits and redirects on demand', async () => {
    fake.setFault({ kind: 'rate-limit', retryAfterSeconds: 7 }, { times: 1 });
    const limited = await fetch(`${fake.origin}/api/json`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');

    fake.setFault({ kind: 'redirect', location: 'http://127.0.0.1:1/elsewhere' }, { times: 1 });
    const moved = await fetch(`${fake.origin}/api/json`, { redirect: 'manual' });
    expect(moved.status).toBe(302);
    expect(moved.headers.get('location')).toBe('http://127.0.0.1:1/elsewhere');
  });

  it('answers an arbitrary JSON status', async () => {
    fake.setFault({ kind: 'json', status: 418, body: { teapot: true }, headers: { 'x-a': 'b' } });
    const response = await fetch(`${fake.origin}/api/json`);
    expect(response.status).toBe(418);
    expect(response.headers.get('x-a')).toBe('b');
    expect(await response.json()).toEqual({ teapot: true });
  });

  it('clears faults with setFault(null)', async () => {
    fake.setFault({ kind: 'status', status: 500 });
    fake.setFault(null);
    expect((await getJson('/api/json')).status).toBe(200);
  });
});

describe('sample data and fleets', () => {
  it('seeds a realistic user with every role and a markup name', async () => {
    const sample = await startFakeFlowFuse();
    try {
      const seeded = seedSample(sample, { markup: true });
      expect(seeded.user.username).toBe(SAMPLE_USER.username);
      const response = await fetch(`${sample.origin}/api/v1/user/teams`, {
        headers: bearer(seeded.token),
      });
      const body = (await response.json()) as { teams: { name: string; role: number }[] };
      expect(body.teams.length).toBeGreaterThanOrEqual(6);
      expect(new Set(body.teams.map((t) => t.role))).toEqual(new Set([5, 10, 30, 50]));
      expect(body.teams.map((t) => t.name)).toContain(XSS_TEAM_NAME);
      const states = new Set([...sample.runtime.instances.values()].map((i) => i.state));
      expect([...states]).toEqual(
        expect.arrayContaining(['running', 'stopped', 'crashed', 'suspended', 'starting']),
      );
      const seen = [...sample.runtime.devices.values()].map((d) => d.lastSeenAt);
      expect(seen).toContain(null);
    } finally {
      await sample.close();
    }
  });

  it('starts a fleet of servers with latency', async () => {
    const fleet = await startFakeFleet(3, 4, 50);
    try {
      expect(fleet.members).toHaveLength(3);
      expect(new Set(fleet.members.map((m) => m.server.origin)).size).toBe(3);
      const member = fleet.members[2];
      if (member === undefined) throw new Error('no member');
      const started = performance.now();
      const response = await fetch(`${member.server.origin}/api/v1/user/teams`, {
        headers: bearer(member.token),
      });
      expect(performance.now() - started).toBeGreaterThanOrEqual(45);
      expect(((await response.json()) as { count: number }).count).toBe(4);
    } finally {
      await fleet.close();
    }
  });
});

describe('the sample server', () => {
  it('accepts the same token on every start, and keeps the markup team for the tests only', async () => {
    const first = await startFakeFlowFuse();
    const second = await startFakeFlowFuse();
    try {
      const demo = seedSample(first);
      const tests = seedSample(second, { markup: true });
      expect(demo.token).toBe(SAMPLE_TOKEN);
      expect(tests.token).toBe(SAMPLE_TOKEN);
      expect(demo.teams.map((team) => team.name)).not.toContain(XSS_TEAM_NAME);
      expect(tests.teams.map((team) => team.name)).toContain(XSS_TEAM_NAME);
      const answer = await fetch(`${first.origin}/api/v1/user`, {
        headers: { authorization: `Bearer ${SAMPLE_TOKEN}` },
      });
      expect(answer.status).toBe(200);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
