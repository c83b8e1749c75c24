/**
 * An instance's log and audit log, as FlowFuse 2.4.0 answers them: `GET /projects/:id/logs`
 * (viewer; 400 `project_suspended` while suspended) and `GET /projects/:id/audit-log` (viewer),
 * with FlowFuse's paging (activity.ts) and its entry shapes.
 */
import type { ServerResponse } from 'node:http';
import { ROLE, teamAccess, type Authed } from './access';
import { AUDIT_PAGE_SIZE, LOG_PAGE_SIZE } from './activity';
import { NOT_FOUND, UNAUTHORIZED, sendJson } from './respond';
import type { RuntimeRouteContext } from './runtime-routes';
import type { FakeAuditEntry } from './runtime-types';

const PATH = /^\/api\/v1\/projects\/([^/]+)\/(logs|audit-log)$/;

/** Who FlowFuse names for its own entries (a failed start). */
const PLATFORM = 'FlowFuse Platform';

/** Answers when the path is one of these routes and returns true. */
export function activityRoute(
  ctx: RuntimeRouteContext,
  res: ServerResponse,
  method: string,
  url: URL,
  auth: Authed,
): boolean {
  const match = PATH.exec(url.pathname);
  if (method !== 'GET' || match?.[1] === undefined || match[2] === undefined) return false;
  const instance = ctx.runtime.instances.get(match[1]);
  const access =
    instance === undefined
      ? 'not_found'
      : teamAccess(ctx.data, auth, instance.teamId, { minRole: ROLE.viewer });
  if (instance === undefined || access !== 'ok') {
    const forbidden = access === 'forbidden';
    sendJson(res, forbidden ? 403 : 404, forbidden ? UNAUTHORIZED : NOT_FOUND);
    return true;
  }
  const limit = readLimit(url);
  if (limit === 'invalid') {
    // Fastify's query-string schema check, in FlowFuse's error body.
    sendJson(res, 400, {
      code: 'FST_ERR_VALIDATION',
      error: 'Bad Request',
      message: 'querystring/limit must be number',
    });
    return true;
  }
  const cursor = url.searchParams.get('cursor');
  const activity = ctx.runtime.activity;
  if (match[2] === 'logs') {
    // The database's state: a start from suspended is `running` there while it shows `starting`.
    if (instance.state === 'suspended') {
      sendJson(res, 400, { code: 'project_suspended', error: 'Project suspended' });
    } else sendJson(res, 200, activity.logPage(instance.id, limit ?? LOG_PAGE_SIZE, cursor));
    return true;
  }
  // `parseInt(limit) || 1000`: 0 means the default too.
  const events = url.searchParams.getAll('event');
  const page = activity.auditPage(instance.id, limit || AUDIT_PAGE_SIZE, cursor, events);
  sendJson(res, 200, { ...page, log: page.log.map((entry) => auditView(entry, instance.id)) });
  return true;
}

/** `limit` as FlowFuse's query schema reads it: a number, or absent. */
function readLimit(url: URL): number | null | 'invalid' {
  const text = url.searchParams.get('limit');
  if (text === null || text === '') return null;
  const limit = Number(text);
  return Number.isFinite(limit) ? Math.trunc(limit) : 'invalid';
}

/** An audit entry as FlowFuse's view sends it: `username` for compatibility, `trigger` for all. */
function auditView(entry: FakeAuditEntry, instanceId: string) {
  return {
    id: entry.id,
    createdAt: entry.createdAt,
    username: entry.actor === 'system' ? PLATFORM : entry.actor.username,
    event: entry.event,
    scope: { id: instanceId, type: 'project' },
    trigger:
      entry.actor === 'system'
        ? { id: 'system', type: 'system', name: PLATFORM }
        : { id: entry.actor.id, type: 'user', name: entry.actor.username },
    body: entry.body,
    ...(entry.source === undefined ? {} : { source: entry.source }),
  };
}
