/**
 * The fake's inbox: absent as on 2.4.0 unless switched on, then FlowFuse 2.7+'s routes (a page
 * newest first, marking one or many read, only the user's own, read-only tokens refused) and
 * 2.8+'s notice of a crash to the team's members and owners.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { SeededUser } from './seed';
import { seedPlant } from './seed-plant';
import { startFakeFlowFuse, type FakeFlowFuse } from './server';

let fake: FakeFlowFuse | null = null;

afterEach(async () => {
  await fake?.close();
  fake = null;
});

async function start(notifications?: boolean): Promise<{ fake: FakeFlowFuse; ada: SeededUser }> {
  fake = await startFakeFlowFuse(notifications === undefined ? {} : { notifications });
  return { fake, ada: seedPlant(fake) };
}

async function call(
  server: FakeFlowFuse,
  token: string,
  path: string,
  json?: unknown,
): Promise<{ status: number; type: string; body: unknown }> {
  const response = await fetch(`${server.origin}${path}`, {
    method: json === undefined ? 'GET' : 'PUT',
    headers: {
      authorization: `Bearer ${token}`,
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });
  const type = response.headers.get('content-type') ?? '';
  const text = await response.text();
  return { status: response.status, type, body: type.includes('json') ? JSON.parse(text) : text };
}

interface Page {
  readonly meta: { readonly next_cursor?: string };
  readonly count: number;
  readonly notifications: readonly { id: string; type: string; read: boolean }[];
}

const NOTIFICATIONS = '/api/v1/user/notifications';

describe('fake FlowFuse: the inbox', () => {
  it('is absent by default, as on 2.4.0: a read is 404, a write gets the web app', async () => {
    const { fake: server, ada } = await start();
    server.addNotification(ada.user, { type: 'team-invite' });
    expect(await call(server, ada.token, NOTIFICATIONS)).toMatchObject({
      status: 404,
      body: { code: 'not_found', error: 'Not Found' },
    });
    const write = await call(server, ada.token, NOTIFICATIONS, { ids: [], read: true });
    expect(write.status).toBe(200);
    expect(write.type).toContain('text/html');
  });

  it('lists the user’s own notifications newest first, in pages', async () => {
    const { fake: server, ada } = await start(true);
    const other = server.addUser({ username: 'other' });
    server.addNotification(other, { type: 'team-invite' });
    for (const type of ['team-invite', 'instance-crashed', 'device-crashed']) {
      server.addNotification(ada.user, { type, data: { note: type } });
    }
    const all = (await call(server, ada.token, NOTIFICATIONS)).body as Page;
    expect(all.meta).toEqual({});
    expect(all.count).toBe(3);
    expect(all.notifications.map((n) => n.type)).toEqual([
      'device-crashed',
      'instance-crashed',
      'team-invite',
    ]);
    expect(Object.keys(all.notifications[0] ?? {}).sort()).toEqual(
      ['createdAt', 'data', 'id', 'read', 'type'].sort(),
    );
    const first = (await call(server, ada.token, `${NOTIFICATIONS}?limit=2`)).body as Page;
    expect(first.notifications).toHaveLength(2);
    const cursor = first.meta.next_cursor ?? '';
    expect(cursor).toBe(first.notifications[1]?.id);
    const rest = (await call(server, ada.token, `${NOTIFICATIONS}?limit=2&cursor=${cursor}`))
      .body as Page;
    expect(rest).toMatchObject({ meta: {}, count: 1 });
    expect(rest.notifications.map((n) => n.type)).toEqual(['team-invite']);
  });

  it('marks many read (answering the list) or one (okay); another user’s is not found', async () => {
    const { fake: server, ada } = await start(true);
    const other = server.addUser({ username: 'other' });
    const theirs = server.addNotification(other, { type: 'team-invite' });
    const a = server.addNotification(ada.user, { type: 'instance-crashed' });
    const b = server.addNotification(ada.user, { type: 'device-crashed' });
    const c = server.addNotification(ada.user, { type: 'team-invite' });
    const bulk = await call(server, ada.token, NOTIFICATIONS, { ids: [a.id, b.id], read: true });
    expect(bulk.status).toBe(200);
    expect((bulk.body as Page).notifications.map((n) => [n.id, n.read])).toEqual([
      [c.id, false],
      [b.id, true],
      [a.id, true],
    ]);
    expect(await call(server, ada.token, `${NOTIFICATIONS}/${c.id}`, { read: true })).toMatchObject(
      { status: 200, body: { status: 'okay' } },
    );
    expect(c.read).toBe(true);
    expect(
      (await call(server, ada.token, `${NOTIFICATIONS}/${theirs.id}`, { read: true })).status,
    ).toBe(404);
    expect(theirs.read).toBe(false);
    expect((await call(server, ada.token, NOTIFICATIONS, { ids: 'all' })).status).toBe(400);
  });

  it('refuses a read-only token (2.32+: `user:edit` is a write)', async () => {
    const { fake: server, ada } = await start(true);
    const readOnly = server.createToken(ada.user, { readOnly: true });
    expect((await call(server, readOnly, NOTIFICATIONS)).status).toBe(403);
  });

  it('notifies the team’s members and owners of a crash, not its viewers', async () => {
    const { fake: server, ada } = await start(true);
    const team = ada.teams[0];
    const instance = ada.runtimes[0]?.instances[0];
    if (team === undefined || instance === undefined) throw new Error('seed');
    const viewer = server.addUser({ username: 'vic' });
    server.setRole(team, viewer, 10);
    server.setInstanceState(instance, 'crashed');
    expect(server.inbox.of(ada.user.id)).toEqual([
      expect.objectContaining({
        type: 'instance-crashed',
        read: false,
        data: { instance: { id: instance.id, name: 'line-1' }, meta: { severity: 'error' } },
      }),
    ]);
    expect(server.inbox.of(viewer.id)).toEqual([]);
    server.inbox.enabled = false;
    server.setInstanceState(instance, 'safe');
    expect(server.inbox.of(ada.user.id)).toHaveLength(1);
  });
});
