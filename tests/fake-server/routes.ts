/**
 * The routes of a FlowFuse 2.4 server that Teamtray uses, with the status codes and error bodies
 * a real server sends (see BRIEF.md section 1).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FakeData } from './data';
import { API_EXPLORER_HTML, openApiDocument } from './openapi';
import type { RateLimiter } from './rate-limit';
import { NOT_FOUND, UNAUTHORIZED, sendHtml, sendJson, sendRateLimited } from './respond';
import type { FakeRole, FakeTeam, FakeUser } from './types';

export interface RouteContext {
  readonly data: FakeData;
  readonly origin: string;
  readonly title: string;
  readonly version: string;
  readonly limiter: RateLimiter | null;
  readonly startedAt: string;
}

export function route(
  ctx: RouteContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  body: string | null,
): void {
  const method = req.method ?? 'GET';
  const path = url.pathname;

  if (ctx.limiter !== null) {
    const key = req.headers.authorization ?? req.socket.remoteAddress ?? 'anonymous';
    const wait = ctx.limiter.hit(key);
    if (wait !== null) {
      sendRateLimited(res, wait);
      return;
    }
  }

  if (method === 'GET' && (path === '/api' || path === '/api/')) {
    res.writeHead(302, { location: '/api/static/index.html', 'content-length': '0' });
    res.end();
    return;
  }
  if (method === 'GET' && path === '/api/static/index.html') {
    sendHtml(res, 200, API_EXPLORER_HTML);
    return;
  }
  if (method === 'GET' && path === '/api/json') {
    sendJson(res, 200, openApiDocument(ctx.title, ctx.version));
    return;
  }
  if (method === 'GET' && path === '/') {
    sendHtml(res, 200, '<!doctype html><html><head><title>FlowFuse</title></head></html>');
    return;
  }
  if (!path.startsWith('/api/v1/')) {
    notFoundRoute(res, method, path);
    return;
  }

  const auth = ctx.data.authenticate(req.headers.authorization);
  if (!auth.ok) {
    sendJson(res, 401, UNAUTHORIZED);
    return;
  }

  if (method === 'GET' && (path === '/api/v1/user' || path === '/api/v1/user/')) {
    sendJson(res, 200, userView(ctx, auth.user));
    return;
  }
  if (method === 'GET' && path === '/api/v1/user/teams') {
    const teams = ctx.data
      .teamsOf(auth.user.id)
      .map(({ team, role }) => teamListView(ctx, team, role));
    sendJson(res, 200, { meta: {}, count: teams.length, teams });
    return;
  }

  const teamMatch = /^\/api\/v1\/teams\/([^/]+)\/?$/.exec(path);
  const teamId = teamMatch?.[1] === undefined ? undefined : safeDecode(teamMatch[1]);
  if (teamId !== undefined && method === 'GET') {
    const team = ctx.data.teams.get(teamId);
    const role = ctx.data.roleOf(teamId, auth.user.id);
    if (team === undefined || (role === null && !auth.user.admin)) sendJson(res, 404, NOT_FOUND);
    else sendJson(res, 200, teamView(ctx, team));
    return;
  }
  if (teamId !== undefined && method === 'PUT') {
    renameRoute(ctx, req, res, auth, teamId, body);
    return;
  }
  notFoundRoute(res, method, path);
}

function renameRoute(
  ctx: RouteContext,
  req: IncomingMessage,
  res: ServerResponse,
  auth: Parameters<FakeData['renameTeam']>[0],
  teamId: string,
  body: string | null,
): void {
  let parsed: unknown = {};
  const isJson = (req.headers['content-type'] ?? '').toLowerCase().includes('application/json');
  if (isJson && body !== null && body !== '') {
    try {
      parsed = JSON.parse(body);
    } catch {
      sendJson(res, 400, {
        statusCode: 400,
        code: 'FST_ERR_CTP_INVALID_JSON_BODY',
        error: 'Bad Request',
        message: "Body is not valid JSON but content-type is set to 'application/json'",
      });
      return;
    }
  } else if (!isJson && body !== null && body !== '') {
    sendJson(res, 415, {
      statusCode: 415,
      code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE',
      error: 'Unsupported Media Type',
      message: `Unsupported Media Type: ${req.headers['content-type'] ?? 'none'}`,
    });
    return;
  }
  const name = isRecord(parsed) ? parsed.name : undefined;
  if (name !== undefined && typeof name !== 'string') {
    sendJson(res, 400, {
      statusCode: 400,
      code: 'FST_ERR_VALIDATION',
      error: 'Bad Request',
      message: 'body/name must be string',
    });
    return;
  }
  const outcome = ctx.data.renameTeam(auth, teamId, name);
  switch (outcome.kind) {
    case 'ok':
      sendJson(res, 200, teamView(ctx, outcome.team));
      return;
    case 'not_found':
      sendJson(res, 404, NOT_FOUND);
      return;
    case 'forbidden':
      sendJson(res, 403, UNAUTHORIZED);
      return;
    case 'invalid':
      sendJson(res, 400, { code: 'invalid_request', error: outcome.message });
      return;
  }
}

function notFoundRoute(res: ServerResponse, method: string, path: string): void {
  sendJson(res, 404, {
    message: `Route ${method}:${path} not found`,
    error: 'Not Found',
    statusCode: 404,
  });
}

function userView(ctx: RouteContext, user: FakeUser): unknown {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    email: user.email,
    email_verified: true,
    sso_enabled: false,
    mfa_enabled: false,
    avatar: ctx.data.avatarOfUser(user),
    admin: user.admin,
    createdAt: ctx.startedAt,
    suspended: false,
  };
}

function teamListView(ctx: RouteContext, team: FakeTeam, role: FakeRole): unknown {
  return {
    id: team.id,
    name: team.name,
    type: { id: team.type.id, name: team.type.name },
    slug: team.slug,
    avatar: ctx.data.avatarOfTeam(team),
    suspended: false,
    role,
    instanceCount: team.instanceCount,
    memberCount: ctx.data.memberCount(team.id),
    deviceCount: team.deviceCount,
    links: { self: `${ctx.origin}/api/v1/teams/${team.id}` },
  };
}

/** The full team view: what `PUT /api/v1/teams/:id` answers (no `role`). */
function teamView(ctx: RouteContext, team: FakeTeam): unknown {
  return {
    id: team.id,
    name: team.name,
    type: { ...team.type, active: true, order: 1, description: '', properties: {} },
    properties: {},
    slug: team.slug,
    avatar: ctx.data.avatarOfTeam(team),
    suspended: false,
    instanceCount: team.instanceCount,
    memberCount: ctx.data.memberCount(team.id),
    deviceCount: team.deviceCount,
    brokerCount: 0,
    createdAt: ctx.startedAt,
    updatedAt: new Date().toISOString(),
    links: { self: `${ctx.origin}/api/v1/teams/${team.id}` },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}
