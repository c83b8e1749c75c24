/**
 * The calls about why and who: an instance's log and audit log, and the account's FlowFuse inbox.
 * Built by the client (client.ts) over the same requester and token rules as the others. A
 * suspended instance's log and a server without an inbox are answers, not failures.
 */
import * as v from 'valibot';
import { AppError } from '../../common/errors';
import type { Token } from '../../common/brand';
import { CHANGE_ENTRIES, CHANGE_EVENTS, PROBLEM_EVENTS } from './change-calls';
import { leftOutOf, nameOfUnread, readList } from './list-caps';
import {
  auditEntrySchema,
  auditPageSchema,
  DEFAULT_AUDIT_EVENTS,
  DEFAULT_LOG_LINES,
  LOG_CURSOR,
  logEntrySchema,
  logPageSchema,
  MAX_AUDIT_EVENTS,
  MAX_LOG_LINES,
  MAX_NOTIFICATIONS,
  notificationPageSchema,
  notificationSchema,
} from './activity-schemas';
import type { Requester } from './request';
import type { ActivityCalls, ApiLogLine, Inbox, InstanceLogOptions } from './types';

/** The events that say whether an instance runs, and who made it so. */
const ACTION_EVENTS = ['started', 'stopped', 'restarted', 'suspended', 'start-failed'].map(
  (event) => `project.${event}`,
);
/** Ids sent in one mark-read call. */
const MAX_IDS_PER_CALL = 100;
const NOTIFICATION_ID = /^[\w-]{1,200}$/;

export interface ActivityCallDeps {
  readonly send: Requester;
  readonly requireToken: () => Token;
}

/** A whole number in [1, max], `fallback` when absent. */
function bounded(value: number | undefined, fallback: number, max: number): number {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(1, Math.trunc(value)));
}

/**
 * The newest `limit` entries that can be read (what was asked: a server that sends more is not
 * believed), oldest first, and what was left out.
 */
function readLog(raw: readonly unknown[], limit: number) {
  const lines: ApiLogLine[] = [];
  const unread: string[] = [];
  let unreadCount = 0;
  let more = 0;
  for (let index = raw.length - 1; index >= 0; index -= 1) {
    if (lines.length === limit) {
      // Full: the older entries are counted, not read.
      more += index + 1;
      break;
    }
    const parsed = v.safeParse(logEntrySchema, raw[index]);
    if (!parsed.success) {
      unreadCount += 1;
      if (unread.length < 3) unread.push(nameOfUnread(raw[index], index));
    } else lines.push(parsed.output);
  }
  return { lines: lines.reverse(), leftOut: leftOutOf(unread.reverse(), unreadCount, more) };
}

export function activityCalls(deps: ActivityCallDeps): ActivityCalls {
  const { send, requireToken } = deps;
  const project = (id: string): string => `/api/v1/projects/${encodeURIComponent(id)}`;

  const auditLog = async (instanceId: string, limit: number, events: readonly string[] = []) => {
    const token = requireToken();
    const query = new URLSearchParams({ limit: String(limit) });
    for (const event of events) query.append('event', event);
    const body = await send({
      operation: 'instanceAuditLog',
      method: 'get',
      path: `${project(instanceId)}/audit-log?${query.toString()}`,
      token,
      schema: auditPageSchema,
    });
    const { items, leftOut } = readList(auditEntrySchema, body.log, limit);
    return { events: items, leftOut };
  };

  return {
    async instanceLog(instanceId, options: InstanceLogOptions = {}) {
      const token = requireToken();
      const limit = bounded(options.limit, DEFAULT_LOG_LINES, MAX_LOG_LINES);
      const query = new URLSearchParams({ limit: String(limit) });
      if (options.cursor !== undefined) {
        if (!LOG_CURSOR.test(options.cursor)) {
          throw new AppError('invalid_request', 'That is not a place in an instance’s log.');
        }
        query.set('cursor', options.cursor);
      }
      let body;
      try {
        body = await send({
          operation: 'instanceLog',
          method: 'get',
          path: `${project(instanceId)}/logs?${query.toString()}`,
          token,
          schema: logPageSchema,
        });
      } catch (error) {
        if (error instanceof AppError && error.detail === 'project_suspended') {
          return { kind: 'suspended' };
        }
        throw error;
      }
      // FlowFuse gives one more than asked when paging back (a cursor `-<ts>`).
      const back = options.cursor?.startsWith('-') === true;
      const { lines, leftOut } = readLog(body.log, back ? limit + 1 : limit);
      return {
        kind: 'log',
        lines,
        olderCursor: body.meta?.previous_cursor ?? null,
        newerCursor: body.meta?.next_cursor ?? null,
        leftOut,
      };
    },

    instanceAuditLog(instanceId, options = {}) {
      return auditLog(instanceId, bounded(options.limit, DEFAULT_AUDIT_EVENTS, MAX_AUDIT_EVENTS));
    },

    async lastAction(instanceId) {
      const { events } = await auditLog(instanceId, 1, ACTION_EVENTS);
      return events[0] ?? null;
    },

    async recentChanges(instanceId) {
      const { events } = await auditLog(instanceId, CHANGE_ENTRIES, [
        ...CHANGE_EVENTS,
        ...PROBLEM_EVENTS,
      ]);
      return events;
    },

    async userNotifications(): Promise<Inbox> {
      const token = requireToken();
      let body;
      try {
        body = await send({
          operation: 'userNotifications',
          method: 'get',
          path: `/api/v1/user/notifications?limit=${MAX_NOTIFICATIONS}`,
          token,
          schema: notificationPageSchema,
        });
      } catch (error) {
        // FlowFuse before 2.7 has no such route: its API's catch-all answers 404.
        if (error instanceof AppError && error.code === 'not_found') return { kind: 'none' };
        throw error;
      }
      const { items, leftOut } = readList(
        notificationSchema,
        body.notifications,
        MAX_NOTIFICATIONS,
      );
      return { kind: 'inbox', notifications: items, total: body.count, leftOut };
    },

    async markNotificationsRead(ids) {
      const wanted = [...new Set(ids)];
      if (wanted.length === 0) return;
      if (!wanted.every((id) => NOTIFICATION_ID.test(id))) {
        throw new AppError('invalid_request', 'That is not a notification of this account.');
      }
      const token = requireToken();
      const [only] = wanted;
      if (wanted.length === 1 && only !== undefined) {
        await send({
          operation: 'markNotificationsRead',
          method: 'put',
          path: `/api/v1/user/notifications/${encodeURIComponent(only)}`,
          token,
          json: { read: true },
          schema: v.object({}),
        });
        return;
      }
      for (let start = 0; start < wanted.length; start += MAX_IDS_PER_CALL) {
        await send({
          operation: 'markNotificationsRead',
          method: 'put',
          path: '/api/v1/user/notifications',
          token,
          json: { ids: wanted.slice(start, start + MAX_IDS_PER_CALL), read: true },
          // It answers the inbox again; the caller reads it anew when it wants it.
          schema: v.object({}),
        });
      }
    },
  };
}
