/**
 * The fake's instance logs and audit logs beyond what tests/contract pins against a real
 * server: a log that follows the instance's state, more entries than one page, a log set by a
 * test, the owner as the default author, and the launcher's `ts`.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SeededUser } from './seed';
import { seedPlant } from './seed-plant';
import { startFakeFlowFuse, type FakeFlowFuse } from './server';

let fake: FakeFlowFuse;
let ada: SeededUser;

beforeEach(async () => {
  fake = await startFakeFlowFuse({ startDelayMs: 50 });
  ada = seedPlant(fake);
});

afterEach(async () => {
  await fake.close();
});

interface LogAnswer {
  readonly meta: { readonly next_cursor?: string; readonly previous_cursor?: string };
  readonly log: readonly { ts: string; level: string; msg: string; src?: string }[];
}
interface AuditAnswer {
  readonly count: number;
  readonly log: readonly { event: string; username: string }[];
}

async function get(path: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${fake.origin}${path}`, {
    headers: { authorization: `Bearer ${ada.token}` },
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

function instances() {
  const [line1, ui] = ada.runtimes[0]?.instances ?? [];
  if (line1 === undefined || ui === undefined) throw new Error('seed');
  return { line1, ui };
}

const logOf = async (id: string, query = '') =>
  (await get(`/api/v1/projects/${id}/logs${query}`)).body as LogAnswer;
const auditOf = async (id: string) =>
  (await get(`/api/v1/projects/${id}/audit-log`)).body as AuditAnswer;

describe('fake FlowFuse: an instance’s log', () => {
  it('follows the state: a crash leaves a multi-line error, a start from suspended a new log', async () => {
    const { line1, ui } = instances();
    const before = (await logOf(line1.id)).log;
    expect(before.map((entry) => entry.level)).not.toContain('error');
    fake.setInstanceState(line1, 'crashed');
    const after = (await logOf(line1.id)).log;
    expect(after.slice(0, before.length)).toEqual(before);
    const error = after.find((entry) => entry.level === 'error');
    expect(error?.msg.split('\n').length).toBeGreaterThan(1);
    expect(after.at(-1)).toMatchObject({ level: 'system', src: 'launcher' });

    const start = await fetch(`${fake.origin}/api/v1/projects/${ui.id}/actions/start`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ada.token}` },
    });
    expect(start.status).toBe(200);
    const fresh = (await logOf(ui.id)).log;
    expect(fresh[0]).toMatchObject({ level: 'system', msg: 'Starting Node-RED' });
  });

  it('keeps the launcher’s ts (ms and a counter), oldest first, and pages 30 at a time', async () => {
    const { line1 } = instances();
    fake.setInstanceLog(
      line1,
      Array.from({ length: 45 }, (_, i) => ({ level: 'info', msg: `line ${i}`, msAgo: 1000 })),
    );
    const newest = await logOf(line1.id);
    expect(newest.log).toHaveLength(30);
    expect(newest.log[0]?.msg).toBe('line 15');
    expect(newest.log.at(-1)?.msg).toBe('line 44');
    expect(newest.log.every((entry) => /^\d{17}$/.test(entry.ts))).toBe(true);
    expect(new Set(newest.log.map((entry) => entry.ts)).size).toBe(30);
    expect(newest.meta.next_cursor).toBe(newest.log.at(-1)?.ts);
    const older = await logOf(
      line1.id,
      `?cursor=${encodeURIComponent(newest.meta.previous_cursor ?? '')}&limit=100`,
    );
    // Back from the cursor: the entries before it (2.4.0 gives up to limit + 1 of them).
    expect(older.log.map((entry) => entry.msg)).toEqual(
      Array.from({ length: 15 }, (_, i) => `line ${i}`),
    );
    expect(older.meta.previous_cursor).toBeUndefined();
    expect((await logOf(line1.id, '?limit=0')).log).toHaveLength(45);
  });

  it('refuses a malformed limit as Fastify’s schema does', async () => {
    const { line1 } = instances();
    const answer = await get(`/api/v1/projects/${line1.id}/logs?limit=lots`);
    expect(answer).toEqual({
      status: 400,
      body: expect.objectContaining({ code: 'FST_ERR_VALIDATION' }) as unknown,
    });
  });
});

describe('fake FlowFuse: an instance’s audit log', () => {
  it('names the team’s owner as the author of a seeded instance, and the actor of an action', async () => {
    const { line1, ui } = instances();
    expect((await auditOf(ui.id)).log).toEqual([
      expect.objectContaining({ event: 'project.suspended', username: 'ada' }),
      expect.objectContaining({ event: 'project.created', username: 'ada' }),
    ]);
    const team = ada.teams[0];
    if (team === undefined) throw new Error('seed');
    const bob = fake.addUser({ username: 'bob' });
    fake.setRole(team, bob, 50);
    const stop = await fetch(`${fake.origin}/api/v1/projects/${line1.id}/actions/stop`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fake.createToken(bob)}` },
    });
    expect(stop.status).toBe(200);
    const audit = await auditOf(line1.id);
    expect(audit.count).toBe(2);
    expect(audit.log[0]).toMatchObject({ event: 'project.stopped', username: 'bob' });
  });

  it('says a failed start is the platform’s, and suspends the instance', async () => {
    const { line1 } = instances();
    fake.failStart(line1);
    expect(line1.state).toBe('suspended');
    expect((await auditOf(line1.id)).log[0]).toMatchObject({
      event: 'project.start-failed',
      username: 'FlowFuse Platform',
    });
    expect((await get(`/api/v1/projects/${line1.id}/logs`)).status).toBe(400);
  });
});
