/**
 * The calls about a team's runtime: its instances and their state, its devices, and an
 * instance's actions. Built by the client (client.ts) over the same requester and token rules.
 */
import * as v from 'valibot';
import type { Token } from '../../common/brand';
import type { InstanceAction } from '../../common/runtime';
import type { LeftOut } from '../../common/left-out';
import {
  addLeftOut,
  leftOutOf,
  MAX_DEVICES_PER_TEAM,
  MAX_INSTANCES_PER_TEAM,
  readList,
} from './list-caps';
import type { Requester } from './request';
import {
  applicationStatusSchema,
  devicePageSchema,
  deviceItemSchema,
  instanceItemSchema,
  instanceStateSchema,
  projectsSchema,
  statusItemSchema,
  validItems,
  type DeviceItem,
} from './runtime-schemas';
import type { ApiDevice, ApiInstance, RuntimeCalls } from './types';

/** FlowFuse pages devices 100 at a time. */
const DEVICE_PAGE_SIZE = 100;
/** Enough pages for the cap, and one more for a cursor that repeats a row. */
const MAX_DEVICE_PAGES = Math.ceil(MAX_DEVICES_PER_TEAM / DEVICE_PAGE_SIZE) + 1;

export interface RuntimeCallDeps {
  readonly send: Requester;
  readonly requireToken: () => Token;
  readonly now: () => number;
}

export function runtimeCalls(deps: RuntimeCallDeps): RuntimeCalls {
  const { send, requireToken, now } = deps;
  const team = (teamId: string): string => `/api/v1/teams/${encodeURIComponent(teamId)}`;
  const project = (id: string): string => `/api/v1/projects/${encodeURIComponent(id)}`;

  return {
    async listInstances(teamId) {
      const token = requireToken();
      // `includeMeta` (2.19+) adds each instance's state; 2.4 ignores it and sends no `meta`.
      const body = await send({
        operation: 'listInstances',
        method: 'get',
        path: `${team(teamId)}/projects?includeMeta=true`,
        token,
        schema: projectsSchema,
      });
      const { items, leftOut } = readList(
        instanceItemSchema,
        body.projects,
        MAX_INSTANCES_PER_TEAM,
      );
      const instances: ApiInstance[] = items.map((item) => ({
        id: item.id,
        name: item.name,
        url: item.url,
        application: item.application?.name ?? null,
        state: item.meta?.state ?? null,
      }));
      return {
        instances,
        withState: items.some((item) => item.meta?.state != null),
        leftOut,
      };
    },

    async instanceStates(teamId) {
      const token = requireToken();
      const body = await send({
        operation: 'instanceStates',
        method: 'get',
        path: `${team(teamId)}/applications/status`,
        token,
        schema: applicationStatusSchema,
      });
      const states = new Map<string, string>();
      for (const application of body.applications) {
        for (const item of validItems(statusItemSchema, application.instances).items) {
          states.set(item.id, item.meta?.state ?? 'unknown');
        }
      }
      return states;
    },

    async listDevices(teamId) {
      const token = requireToken();
      const devices: ApiDevice[] = [];
      const seen = new Set<string>();
      let leftOut: LeftOut | null = null;
      let cursor: string | null = null;
      for (let page = 0; page < MAX_DEVICE_PAGES; page += 1) {
        const query = new URLSearchParams({ limit: String(DEVICE_PAGE_SIZE) });
        if (cursor !== null) query.set('cursor', cursor);
        const read = now();
        const body = await send({
          operation: 'listDevices',
          method: 'get',
          path: `${team(teamId)}/devices?${query.toString()}`,
          token,
          schema: devicePageSchema,
        });
        const list = readList(deviceItemSchema, body.devices, Number.POSITIVE_INFINITY);
        leftOut = addLeftOut(leftOut, list.leftOut);
        let past = 0;
        for (const item of list.items) {
          // The cursor is the last row's id, so a full last page is followed by an empty one.
          if (seen.has(item.id)) continue;
          seen.add(item.id);
          if (devices.length < MAX_DEVICES_PER_TEAM) devices.push(toDevice(item, read));
          else past += 1;
        }
        const next = body.meta?.next_cursor ?? null;
        const done = next === null || next === cursor || body.devices.length === 0;
        if (devices.length >= MAX_DEVICES_PER_TEAM && (past > 0 || !done)) {
          // `count` is every device of the team: the pages not read are counted, not fetched.
          const unread = leftOut?.unreadCount ?? 0;
          const more = Math.max(past, (body.count ?? 0) - devices.length - unread);
          leftOut = addLeftOut(leftOut, leftOutOf([], 0, more));
          break;
        }
        if (done) break;
        cursor = next;
      }
      return { devices, leftOut };
    },

    async instanceState(instanceId) {
      const token = requireToken();
      const body = await send({
        operation: 'instanceState',
        method: 'get',
        path: project(instanceId),
        token,
        schema: instanceStateSchema,
      });
      return body.meta?.state ?? 'unknown';
    },

    async instanceAction(instanceId, action: InstanceAction) {
      const token = requireToken();
      await send({
        operation: 'instanceAction',
        method: 'post',
        path: `${project(instanceId)}/actions/${action}`,
        token,
        schema: actionAnswerSchema,
      });
    },
  };
}

/** `{"status":"okay"}`: any object will do. */
const actionAnswerSchema = v.object({});

/**
 * When the agent last called home, on this machine's clock: `lastSeenMs` is the server's own
 * "how long ago" (so clocks that disagree do not matter); `lastSeenAt` is the fallback.
 */
function toDevice(item: DeviceItem, readAt: number): ApiDevice {
  let lastSeenAt: number | null = null;
  if (item.lastSeenMs !== null) lastSeenAt = readAt - item.lastSeenMs;
  else if (item.lastSeenAt !== null) {
    const parsed = Date.parse(item.lastSeenAt);
    lastSeenAt = Number.isNaN(parsed) ? null : parsed;
  }
  const { activeSnapshot: active, targetSnapshot: target } = item;
  // FlowFuse's own word when it gives one; else a target that is not the snapshot it runs.
  const notOnTarget =
    item.isDeploying ?? (target?.id != null && target.id !== (active?.id ?? null));
  return {
    id: item.id,
    name: item.name,
    lastSeenAt,
    state: item.status,
    onlineStatus: item.onlineStatus,
    mode: item.mode,
    activeSnapshot: active?.name ?? null,
    targetSnapshot: target?.name ?? null,
    notOnTargetSince: notOnTarget ? readAt : null,
  };
}
