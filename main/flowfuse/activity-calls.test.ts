/**
 * An instance's log and last action, and the account's FlowFuse inbox, read over real HTTP from
 * the fake FlowFuse (2.4.0 by default; with its 2.7+ inbox switched on where a test says so).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeFlowFuse, type FakeFlowFuse } from '../../tests/fake-server';
import type { SeededUser } from '../../tests/fake-server/seed';
import { seedPlant } from '../../tests/fake-server/seed-plant';
import { clientFor, failureOf } from '../../tests/support/flowfuse-client-harness';
import {
  DEFAULT_LOG_LINES,
  MAX_LOG_LINES,
  MAX_LOG_MESSAGE,
  MAX_LOG_MESSAGE_LINES,
} from './activity-schemas';
import type { InstanceLog } from './types';

let fake: FakeFlowFuse | null = null;
afterEach(async () => {
  await fake?.close();
  fake = null;
});

async function start(
  notifications = false,
): Promise<{ fake: FakeFlowFuse; ada: SeededUser; line1: string; ui: string }> {
  fake = await startFakeFlowFuse({ startDelayMs: 50, notifications });
  const ada = seedPlant(fake);
  const [line1, ui] = ada.runtimes[0]?.instances ?? [];
  if (line1 === undefined || ui === undefined) throw new Error('seed');
  return { fake, ada, line1: line1.id, ui: ui.id };
}

function instance(server: FakeFlowFuse, id: string) {
  const found = server.runtime.instances.get(id);
  if (found === undefined) throw new Error(`no instance ${id}`);
  return found;
}

function linesOf(log: InstanceLog) {
  if (log.kind !== 'log') throw new Error(`no log: ${log.kind}`);
  return log;
}

describe('an instance’s log', () => {
  it('reads a crashed instance’s last lines, oldest first, with levels, sources and times', async () => {
    const { fake: server, ada, line1 } = await start();
    server.setInstanceState(instance(server, line1), 'crashed');
    const before = Date.now();
    const log = linesOf(await clientFor(server, ada.token).instanceLog(line1));
    expect(log.lines.length).toBeGreaterThan(3);
    expect(log.lines.map((line) => line.level).slice(-3)).toEqual(['warn', 'error', 'system']);
    const error = log.lines.find((line) => line.level === 'error');
    expect(error?.msg.split('\n')).toEqual([
      'Uncaught Exception:',
      "TypeError: Cannot read properties of undefined (reading 'value')",
      '    at Function node:Parse reading [line 4:27]',
    ]);
    expect(log.lines.at(-1)?.src).toBe('launcher');
    expect(log.lines[1]?.src).toBeNull();
    // The launcher's ts is ms and a 4-digit counter: `at` is the ms.
    expect(Math.abs((error?.at ?? 0) - before)).toBeLessThan(5 * 60_000);
    const ats = log.lines.map((line) => line.at);
    expect([...ats].sort((a, b) => a - b)).toEqual(ats);
    expect(log.olderCursor).toBeNull();
    expect(log.newerCursor).toBe(log.lines.at(-1)?.ts);
    expect(log.leftOut).toBeNull();
    expect(server.requests.at(-1)?.path).toBe(`/api/v1/projects/${line1}/logs?limit=30`);
  });

  it('reads the newest 30, then the ones before them with the cursor it gave', async () => {
    const { fake: server, ada, line1 } = await start();
    server.setInstanceLog(
      instance(server, line1),
      Array.from({ length: 45 }, (_, i) => ({ level: 'info', msg: `line ${i}` })),
    );
    const client = clientFor(server, ada.token);
    const newest = linesOf(await client.instanceLog(line1));
    expect(newest.lines.map((line) => line.msg)).toEqual(
      Array.from({ length: 30 }, (_, i) => `line ${i + 15}`),
    );
    expect(newest.olderCursor).toMatch(/^-\d+$/);
    const older = linesOf(
      await client.instanceLog(line1, { cursor: newest.olderCursor ?? '', limit: 10 }),
    );
    // FlowFuse 2.4.0 gives one more than asked when paging back.
    expect(older.lines.map((line) => line.msg)).toEqual(
      Array.from({ length: 11 }, (_, i) => `line ${i + 4}`),
    );
    const few = linesOf(await client.instanceLog(line1, { limit: 5000 }));
    expect(few.lines).toHaveLength(45);
    expect(server.requests.at(-1)?.path).toContain(`limit=${MAX_LOG_LINES}`);
    expect(await failureOf(client.instanceLog(line1, { cursor: '../../user' }))).toMatchObject({
      code: 'invalid_request',
    });
  });

  it('says a suspended instance has no log (400 project_suspended), not that it failed', async () => {
    const { fake: server, ada, ui } = await start();
    expect(await clientFor(server, ada.token).instanceLog(ui)).toEqual({ kind: 'suspended' });
  });

  it('reads FlowFuse’s stub entries (ts in plain ms) and leaves out an odd one among them', async () => {
    const { fake: server, ada, line1 } = await start();
    const now = Date.now();
    server.addFault(
      {
        kind: 'json',
        status: 200,
        body: {
          meta: { next_cursor: String(now) },
          log: [
            { level: 'system', msg: 'Fake Log Entry', ts: String(now - 360_000), src: 'one' },
            { level: 'info', msg: 42, ts: String(now - 1000) },
            { level: 'INFO', msg: '\n\nMulti Line Message\n===================\n', ts: now - 500 },
            { level: 'error', msg: 'Captain Scarlet is indestructible', ts: String(now) },
          ],
        },
      },
      { path: `/api/v1/projects/${line1}/logs` },
    );
    const log = linesOf(await clientFor(server, ada.token).instanceLog(line1));
    expect(log.lines.map((line) => [line.level, line.at])).toEqual([
      ['system', now - 360_000],
      ['info', now - 500],
      ['error', now],
    ]);
    expect(log.lines[1]?.msg).toBe('\n\nMulti Line Message\n===================\n');
    expect(log.leftOut).toEqual({ unread: ['number 2 in the list'], unreadCount: 1, more: 0 });
  });

  it('keeps a log line as bounded text: line breaks kept, control characters and length not', async () => {
    const { fake: server, ada, line1 } = await start();
    const many = Array.from({ length: 500 }, (_, i) => `row ${i}`).join('\r\n');
    server.setInstanceLog(instance(server, line1), [
      { level: 'error', msg: `\u001b[31mred\u001b[0m\u0000 <b>bold</b>\r\nnext` },
      { level: 'info', msg: many },
      { level: 'info', msg: 'x'.repeat(MAX_LOG_MESSAGE * 3) },
    ]);
    const [coloured, long, wide] = linesOf(
      await clientFor(server, ada.token).instanceLog(line1),
    ).lines;
    expect(coloured?.msg).toBe(' [31mred [0m  <b>bold</b>\nnext');
    expect(coloured?.clipped).toBe(false);
    expect(long?.msg.split('\n')).toHaveLength(MAX_LOG_MESSAGE_LINES);
    expect(long?.clipped).toBe(true);
    expect(wide?.msg).toHaveLength(MAX_LOG_MESSAGE);
    expect(wide?.clipped).toBe(true);
  });

  it('keeps the newest entries when a server sends more than it may, and counts the rest', async () => {
    const { fake: server, ada, line1 } = await start();
    const now = Date.now();
    server.addFault(
      {
        kind: 'json',
        status: 200,
        body: {
          meta: {},
          log: Array.from({ length: 1000 }, (_, i) => ({
            level: 'info',
            msg: `entry ${i}`,
            ts: String(now - 1000 + i),
          })),
        },
      },
      { path: `/api/v1/projects/${line1}/logs` },
    );
    const client = clientFor(server, ada.token);
    const log = linesOf(await client.instanceLog(line1, { limit: MAX_LOG_LINES }));
    expect(log.lines).toHaveLength(MAX_LOG_LINES);
    expect(log.lines.at(-1)?.msg).toBe('entry 999');
    expect(log.leftOut).toEqual({ unread: [], unreadCount: 0, more: 1000 - MAX_LOG_LINES });
    // What was asked is what is kept: 30 by default, whatever the server sends.
    const asked = linesOf(await client.instanceLog(line1));
    expect(asked.lines).toHaveLength(DEFAULT_LOG_LINES);
    expect(asked.lines.at(-1)?.msg).toBe('entry 999');
    expect(asked.leftOut).toEqual({ unread: [], unreadCount: 0, more: 1000 - DEFAULT_LOG_LINES });
  });

  it('refuses a dashboard-only role and an instance that is gone, in words', async () => {
    const { fake: server, ada, line1 } = await start();
    const team = ada.teams[0];
    if (team === undefined) throw new Error('seed');
    const dee = server.addUser({ username: 'dee' });
    server.setRole(team, dee, 5);
    const refused = await failureOf(clientFor(server, server.createToken(dee)).instanceLog(line1));
    expect(refused.code).toBe('forbidden');
    const gone = await failureOf(clientFor(server, ada.token).instanceLog('no-such-instance'));
    expect(gone).toMatchObject({ code: 'not_found' });
    expect(gone.message).toContain('no longer');
  });
});

describe('an instance’s last action', () => {
  it('names who stopped or suspended it, the platform for a failed start, and none for a new one', async () => {
    const { fake: server, ada, line1, ui } = await start();
    const client = clientFor(server, ada.token);
    expect(await client.lastAction(line1)).toBeNull();
    expect(server.requests.at(-1)?.path).toBe(
      `/api/v1/projects/${line1}/audit-log?limit=1&event=project.started&event=project.stopped&event=project.restarted&event=project.suspended&event=project.start-failed`,
    );
    expect(await client.lastAction(ui)).toMatchObject({
      event: 'project.suspended',
      actor: { kind: 'user', username: 'ada' },
      error: null,
    });
    server.failStart(instance(server, line1));
    const failed = await client.lastAction(line1);
    expect(failed).toMatchObject({ event: 'project.start-failed', actor: { kind: 'platform' } });
    expect(failed?.error).toContain('failing to start project');
    expect(Math.abs((failed?.at ?? 0) - Date.now())).toBeLessThan(60_000);
  });

  it('lists the audit log newest first and leaves out an entry it cannot read', async () => {
    const { fake: server, ada, ui } = await start();
    server.addFault(
      { kind: 'extra-items', key: 'log', items: [{ id: 'odd', event: ['not', 'text'] }] },
      { path: `/api/v1/projects/${ui}/audit-log` },
    );
    const { events, leftOut } = await clientFor(server, ada.token).instanceAuditLog(ui);
    expect(events.map((event) => event.event)).toEqual(['project.suspended', 'project.created']);
    expect(leftOut).toEqual({ unread: ['id odd'], unreadCount: 1, more: 0 });
  });
});

describe('the FlowFuse inbox', () => {
  it('says a 2.4 server has none (its 404), without an error', async () => {
    const { fake: server, ada } = await start();
    expect(await clientFor(server, ada.token).userNotifications()).toEqual({ kind: 'none' });
  });

  it('reads a 2.7+ inbox newest first, with what each is about, and leaves out an odd one', async () => {
    const { fake: server, ada, line1 } = await start(true);
    server.addNotification(ada.user, {
      type: 'team-invite',
      data: { team: { id: 'T1', name: 'Other <team>' } },
      msAgo: 60_000,
    });
    server.setInstanceState(instance(server, line1), 'crashed');
    server.addFault(
      { kind: 'extra-items', key: 'notifications', items: [{ id: 'n-odd', type: 'x' }] },
      { path: '/api/v1/user/notifications' },
    );
    const inbox = await clientFor(server, ada.token).userNotifications();
    if (inbox.kind !== 'inbox') throw new Error('no inbox');
    expect(inbox.notifications.map((n) => [n.type, n.read])).toEqual([
      ['instance-crashed', false],
      ['team-invite', false],
    ]);
    expect(inbox.notifications[0]).toMatchObject({
      instance: { id: line1, name: 'line-1' },
      severity: 'error',
      device: null,
    });
    expect(inbox.notifications[1]?.team).toEqual({ id: 'T1', name: 'Other <team>' });
    // The server's own count: every notification it holds, read or not.
    expect(inbox.total).toBe(2);
    expect(inbox.leftOut).toEqual({ unread: ['id n-odd'], unreadCount: 1, more: 0 });
  });

  it('keeps what an invitation and a platform message say: people, team slug, title and words', async () => {
    const { fake: server, ada } = await start(true);
    server.addNotification(ada.user, {
      type: 'team-invite-accepted-invitor',
      data: {
        team: { id: 'T1', name: 'Plant', slug: 'plant' },
        invitee: { id: 'u2', username: 'bob' },
        invitor: { id: 'u1', username: 'ada' },
        role: 30,
      },
    });
    server.addNotification(ada.user, {
      type: 'announcement',
      data: {
        title: 'Maintenance',
        message: 'Down at <b>noon</b>\u0007',
        to: 'https://evil.example',
      },
    });
    const inbox = await clientFor(server, ada.token).userNotifications();
    if (inbox.kind !== 'inbox') throw new Error('no inbox');
    expect(inbox.notifications[0]).toMatchObject({
      type: 'announcement',
      title: 'Maintenance',
      message: 'Down at <b>noon</b> ',
      invitor: null,
      teamSlug: null,
    });
    expect(inbox.notifications[1]).toMatchObject({
      team: { id: 'T1', name: 'Plant' },
      teamSlug: 'plant',
      invitee: 'bob',
      invitor: 'ada',
      title: null,
    });
  });

  it('marks one read with its own call, many with one call, and none with no call', async () => {
    const { fake: server, ada } = await start(true);
    const [a, b, c] = ['team-invite', 'device-crashed', 'instance-crashed'].map((type) =>
      server.addNotification(ada.user, { type }),
    );
    if (a === undefined || b === undefined || c === undefined) throw new Error('seed');
    const client = clientFor(server, ada.token);
    server.clearRequests();
    await client.markNotificationsRead([a.id]);
    expect(server.requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ['PUT', `/api/v1/user/notifications/${a.id}`, '{"read":true}'],
    ]);
    await client.markNotificationsRead([b.id, c.id]);
    expect(server.requests.at(-1)?.path).toBe('/api/v1/user/notifications');
    expect([a.read, b.read, c.read]).toEqual([true, true, true]);
    server.clearRequests();
    await client.markNotificationsRead([]);
    expect(server.requests).toEqual([]);
  });

  it('says in words that a read-only token may not read the inbox (2.32+)', async () => {
    const { fake: server, ada } = await start(true);
    const readOnly = server.createToken(ada.user, { readOnly: true });
    const error = await failureOf(clientFor(server, readOnly).userNotifications());
    expect(error.code).toBe('forbidden');
    expect(error.message).toContain('notifications');
  });
});
