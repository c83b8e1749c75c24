/**
 * The runtime routes of FlowFuse 2.4.0 that Teamtray reads or calls: a team's instances,
 * applications and their bulk status, one instance, its actions, a team's devices (cursor
 * pagination) and one device. Status codes and bodies as a real 2.4.0 answers them.
 */
import type { ServerResponse } from 'node:http';
import { teamAccess, ROLE, type Access, type AccessRule, type Authed } from './access';
import type { FakeData } from './data';
import { NOT_FOUND, UNAUTHORIZED, sendJson } from './respond';
import type { FakeRuntime } from './runtime-data';
import type { InstanceAction } from './runtime-types';
import {
  applicationStatusView,
  applicationView,
  deviceStatus,
  deviceView,
  instanceSummary,
  instanceView,
  type ViewContext,
} from './runtime-views';

export interface RuntimeRouteContext {
  readonly data: FakeData;
  readonly runtime: FakeRuntime;
  readonly origin: string;
}

const READ: AccessRule = { minRole: ROLE.viewer };
const ACT: AccessRule = { minRole: ROLE.owner, write: true };
const READ_DEVICE: AccessRule = { minRole: ROLE.viewer, outsider: 'forbidden' };

export const ACTION_PATH = /^\/api\/v1\/projects\/([^/]+)\/actions\/(start|stop|restart|suspend)$/;

/** Answers when the path is one of these routes and returns true; false leaves it to others. */
export function runtimeRoute(
  ctx: RuntimeRouteContext,
  res: ServerResponse,
  method: string,
  url: URL,
  auth: Authed,
): boolean {
  const path = url.pathname;
  const view: ViewContext = { ...ctx, now: Date.now() };
  const refuse = (access: Exclude<Access, 'ok'>): void => {
    sendJson(
      res,
      access === 'not_found' ? 404 : 403,
      access === 'not_found' ? NOT_FOUND : UNAUTHORIZED,
    );
  };

  const action = ACTION_PATH.exec(path);
  if (method === 'POST' && action?.[1] !== undefined && action[2] !== undefined) {
    const instance = ctx.runtime.instances.get(action[1]);
    const access =
      instance === undefined ? 'not_found' : teamAccess(ctx.data, auth, instance.teamId, ACT);
    if (instance === undefined || access !== 'ok') refuse(access === 'ok' ? 'not_found' : access);
    else if (
      ctx.runtime.act(instance, action[2] as InstanceAction, {
        id: auth.user.id,
        username: auth.user.username,
      }).kind === 'suspended'
    ) {
      sendJson(res, 400, { code: 'project_suspended', error: 'Project suspended' });
    } else sendJson(res, 200, { status: 'okay' });
    return true;
  }
  if (method !== 'GET') return false;

  const team =
    /^\/api\/v1\/teams\/([^/]+)\/(projects|applications|applications\/status|devices\/?)$/.exec(
      path,
    );
  if (team?.[1] !== undefined && team[2] !== undefined) {
    const teamId = team[1];
    const access = teamAccess(ctx.data, auth, teamId, READ);
    if (access !== 'ok') {
      refuse(access);
      return true;
    }
    switch (team[2]) {
      case 'projects': {
        // `includeMeta`, `limit` and `page` are newer (2.19, 2.31); 2.4.0 ignores them.
        const projects = ctx.runtime.instancesOf(teamId).map((i) => instanceSummary(view, i));
        sendJson(res, 200, { count: projects.length, projects });
        return true;
      }
      case 'applications':
      case 'applications/status': {
        const render = team[2] === 'applications' ? applicationView : applicationStatusView;
        const applications = ctx.runtime.applicationsOf(teamId).map((a) => render(view, a));
        sendJson(res, 200, { count: applications.length, applications });
        return true;
      }
      default:
        teamDevices(view, res, url, teamId);
        return true;
    }
  }

  const project = /^\/api\/v1\/projects\/([^/]+)$/.exec(path);
  if (project?.[1] !== undefined) {
    const instance = ctx.runtime.instances.get(project[1]);
    const access =
      instance === undefined ? 'not_found' : teamAccess(ctx.data, auth, instance.teamId, READ);
    if (instance === undefined || access !== 'ok') refuse(access === 'ok' ? 'not_found' : access);
    else sendJson(res, 200, instanceView(view, instance));
    return true;
  }

  const device = /^\/api\/v1\/devices\/([^/]+)$/.exec(path);
  if (device?.[1] !== undefined) {
    const found = ctx.runtime.devices.get(device[1]);
    const access =
      found === undefined ? 'not_found' : teamAccess(ctx.data, auth, found.teamId, READ_DEVICE);
    if (found === undefined || access !== 'ok') refuse(access === 'ok' ? 'not_found' : access);
    else sendJson(res, 200, deviceView(view, found));
    return true;
  }
  return false;
}

function teamDevices(view: ViewContext, res: ServerResponse, url: URL, teamId: string): void {
  const limitText = url.searchParams.get('limit');
  const limit = limitText === null || limitText === '' ? 100 : Number(limitText);
  if (!Number.isFinite(limit)) {
    // Fastify's query-string schema check, in FlowFuse's error body.
    sendJson(res, 400, {
      code: 'FST_ERR_VALIDATION',
      error: 'Bad Request',
      message: 'querystring/limit must be number',
    });
    return;
  }
  if (url.searchParams.get('statusOnly') === 'true') {
    const devices = view.runtime.devicesOf(teamId).map((d) => deviceStatus(view, d));
    sendJson(res, 200, { meta: {}, count: devices.length, devices });
    return;
  }
  const page = view.runtime.devicePage(teamId, Math.trunc(limit), url.searchParams.get('cursor'));
  sendJson(res, 200, {
    meta: page.nextCursor === null ? {} : { next_cursor: page.nextCursor },
    count: page.count,
    devices: page.devices.map((d) => deviceView(view, d)),
  });
}
