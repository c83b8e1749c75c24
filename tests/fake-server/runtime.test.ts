/**
 * The fake's runtime beyond what tests/contract pins against a real server: the seeding API,
 * forced states, heartbeats, `statusOnly`, 2.32-style limited tokens on actions, counts in the
 * teams list, and the web app's page for paths FlowFuse has no route for.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LONG_AGO_MS } from './runtime-data';
import type { SeededUser } from './seed';
import { seedPlant } from './seed-plant';
import { startFakeFlowFuse, type FakeFlowFuse } from './server';

let fake: FakeFlowFuse;
let ada: SeededUser;

beforeEach(async () => {
  fake = await startFakeFlowFuse({ startDelayMs: 50 });
  ada = seedPlant(fake, [{ name: 'Empty', role: 30 }]);
});

afterEach(async () => {
  await fake.close();
});

const runtime = (index = 0) => {
  const seeded = ada.runtimes[index];
  if (seeded === undefined) throw new Error(`no runtime ${index}`);
  return seeded;
};

async function call(path: string, init: RequestInit = {}, token = ada.token) {
  const response = await fetch(`${fake.origin}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}` },
  });
  const text = await response.text();
  const json = response.headers.get('content-type')?.includes('json') === true;
  return { status: response.status, body: (json ? JSON.parse(text) : text) as unknown };
}

describe('fake FlowFuse: seeding a runtime', () => {
  it('gives back what it seeded, in order, and an empty runtime for a team without one', () => {
    const { applications, instances, devices } = runtime();
    expect(applications.map((a) => a.name)).toEqual(['Line 1']);
    expect(instances.map((i) => [i.name, i.state, i.url])).toEqual([
      ['line-1', 'running', 'http://line-1.example.com'],
      ['line-1-ui', 'suspended', 'http://line-1-ui.example.com'],
    ]);
    expect(devices.map((d) => [d.name, d.applicationId !== null])).toEqual([
      ['press-1', true],
      ['spare', false],
      ['far', false],
    ]);
    expect(runtime(1)).toEqual({ applications: [], instances: [], devices: [] });
  });

  it('counts seeded instances and devices in the teams list', async () => {
    const { body } = await call('/api/v1/user/teams');
    expect((body as { teams: unknown[] }).teams[0]).toMatchObject({
      name: 'Plant',
      instanceCount: 2,
      deviceCount: 3,
    });
  });

  it('seeds last-seen times: never, now, long ago', () => {
    const [press, spare, far] = runtime().devices;
    const now = Date.now();
    expect(spare?.lastSeenAt).toBeNull();
    expect(spare?.reportedState).toBeNull();
    expect(now - (press?.lastSeenAt ?? 0)).toBeLessThan(1000);
    expect(now - (far?.lastSeenAt ?? 0)).toBeGreaterThanOrEqual(LONG_AGO_MS);
    expect(far?.reportedState).toBe('stopped');
  });
});

describe('fake FlowFuse: changing the runtime', () => {
  it('forces any state, and a heartbeat brings a device back', async () => {
    const [flows] = runtime().instances;
    const [, spare] = runtime().devices;
    if (flows === undefined || spare === undefined) throw new Error('seed');
    fake.setInstanceState(flows, 'installing');
    fake.heartbeat(spare, 'safe');
    expect((await call(`/api/v1/projects/${flows.id}`)).body).toMatchObject({
      meta: { state: 'installing' },
    });
    expect((await call(`/api/v1/devices/${spare.id}`)).body).toMatchObject({
      status: 'safe',
      lastSeenMs: expect.any(Number) as unknown,
    });
  });

  it('answers statusOnly with every device and no names', async () => {
    const { body } = await call(`/api/v1/teams/${ada.teams[0]?.id ?? ''}/devices?statusOnly=true`);
    const devices = (body as { devices: Record<string, unknown>[] }).devices;
    expect(devices).toHaveLength(3);
    expect(Object.keys(devices[0] ?? {}).sort()).toEqual(
      ['id', 'isDeploying', 'lastSeenAt', 'lastSeenMs', 'mode', 'status'].sort(),
    );
  });

  it('refuses a malformed limit as Fastify’s schema does', async () => {
    const { status, body } = await call(`/api/v1/teams/${ada.teams[0]?.id ?? ''}/devices?limit=x`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'FST_ERR_VALIDATION' });
  });

  it('refuses actions with read-only and team-limited tokens (FlowFuse 2.32+)', async () => {
    const [flows] = runtime().instances;
    const stop = `/api/v1/projects/${flows?.id ?? ''}/actions/stop`;
    const readOnly = fake.createToken(ada.user, { readOnly: true });
    expect((await call(stop, { method: 'POST' }, readOnly)).status).toBe(403);
    const elsewhere = fake.createToken(ada.user, { teamIds: [ada.teams[1]?.id ?? ''] });
    expect((await call(stop, { method: 'POST' }, elsewhere)).status).toBe(403);
    expect(flows?.state).toBe('running');
  });

  it('clears a pending start when the server closes', async () => {
    const suspended = runtime().instances[1];
    expect(
      (await call(`/api/v1/projects/${suspended?.id ?? ''}/actions/start`, { method: 'POST' }))
        .status,
    ).toBe(200);
    expect(suspended?.state).toBe('starting');
    await fake.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(suspended?.state).toBe('starting');
    fake = await startFakeFlowFuse();
  });
});

describe('fake FlowFuse: paths it has no route for', () => {
  it('serves the web app for other pages and any unknown write, without a token check', async () => {
    for (const [path, method] of [
      ['/team/plant', 'GET'],
      ['/api', 'GET'],
      ['/api/v1/nothing', 'POST'],
      ['/api/v1/projects/x/actions/launch', 'POST'],
    ] as const) {
      const response = await fetch(`${fake.origin}${path}`, { method });
      expect(response.status, `${method} ${path}`).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
    }
  });

  it('answers an unknown API read 401 without a token and 404 not_found with one', async () => {
    expect((await fetch(`${fake.origin}/api/v1/user/notifications`)).status).toBe(401);
    expect(await call('/api/v1/user/notifications')).toEqual({
      status: 404,
      body: { code: 'not_found', error: 'Not Found' },
    });
  });
});
