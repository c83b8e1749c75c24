/**
 * The routes of a FlowFuse 2.4 server that Teamtray uses, with the status codes and error bodies
 * a real server sends (BRIEF.md section 1, shared/flowfuse-instances-devices.md; the contract
 * suite in tests/contract checks them against a real 2.4.0).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FakeData } from './data';
import { activityRoute } from './activity-routes';
import { inboxRoute, isInboxWrite, type FakeInbox } from './inbox';
import { API_EXPLORER_HTML, WEB_APP_HTML, openApiDocument } from './openapi';
import type { RateLimiter } from './rate-limit';
import { renameRoute } from './rename-route';
import { NOT_FOUND, UNAUTHORIZED, sendHtml, sendJson, sendRateLimited } from './respond';
import type { FakeRuntime } from './runtime-data';
import { ACTION_PATH, runtimeRoute } from './runtime-routes';
import { deviceRoute, isDeviceWrite, type DeviceRouteOptions } from './device-routes';
import { teamListView, teamView, userView } from './team-views';

export interface RouteContext {
  readonly data: FakeData;
  readonly runtime: FakeRuntime;
  readonly inbox: FakeInbox;
  readonly origin: string;
  readonly title: string;
  readonly version: string;
  readonly limiter: RateLimiter | null;
  readonly startedAt: string;
  readonly devices: DeviceRouteOptions;
}

const TEAM_PATH = /^\/api\/v1\/teams\/([^/]+)\/?$/;

/**
 * The routes that take a body. FlowFuse serves its web app for any other non-GET request, with
 * 200 and no token check (its not-found handler is the single-page app's).
 */
function isKnownWrite(method: string, path: string): boolean {
  return (
    (method === 'PUT' && TEAM_PATH.test(path)) ||
    (method === 'POST' && ACTION_PATH.test(path)) ||
    isDeviceWrite(method, path)
  );
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

  if (method === 'GET' && path === '/api/') {
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
  const isApi = path.startsWith('/api/v1/');
  const knownWrite =
    isKnownWrite(method, path) || (ctx.inbox.enabled && isInboxWrite(method, path));
  if ((method === 'GET' && !isApi) || (method !== 'GET' && !knownWrite)) {
    sendHtml(res, 200, WEB_APP_HTML);
    return;
  }

  const auth = ctx.data.authenticate(req.headers.authorization);
  if (!auth.ok) {
    sendJson(res, 401, UNAUTHORIZED);
    return;
  }

  if (inboxRoute(ctx.inbox, req, res, url, auth, body)) return;
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
  if (method === 'GET' && path === '/api/v1/user/tokens') {
    const tokens = ctx.data.tokensOf(auth.user.id);
    sendJson(res, 200, { count: tokens.length, tokens });
    return;
  }

  const teamMatch = TEAM_PATH.exec(path);
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
  if (activityRoute(ctx, res, method, url, auth)) return;
  if (runtimeRoute(ctx, res, method, url, auth)) return;
  if (deviceRoute(ctx, res, method, path, auth, body)) return;
  // FlowFuse's catch-all for the API, reached after the token check: newer endpoints
  // (`/projects/:id/status`, `/user/notifications` unless the inbox is on) answer this on 2.4.0.
  sendJson(res, 404, NOT_FOUND);
}

function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}
