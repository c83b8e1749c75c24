/**
 * A user's FlowFuse inbox, as 2.7+ serves it (read from FlowFuse's sources; 2.4.0 has none):
 * `GET /api/v1/user/notifications` newest first with cursor pages, `PUT` with `{ids, read}` to
 * mark many (answers the list again), `PUT /:id` with `{read}` to mark one. Only the user's own;
 * a read-only token (2.32+) is refused, as `user:edit` is a write permission there.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Authed } from './access';
import { newHashId } from './ids';
import { badRequest, parseBody } from './rename-route';
import { NOT_FOUND, UNAUTHORIZED, sendJson } from './respond';
import type { FakeNotification, NewNotification } from './types';

/** FlowFuse's default page: 100 notifications. */
const PAGE_SIZE = 100;

const LIST_PATH = /^\/api\/v1\/user\/notifications\/?$/;
const ONE_PATH = /^\/api\/v1\/user\/notifications\/([^/]+)$/;

export class FakeInbox {
  /** Off: the server is 2.4.0, and the routes are not there. */
  enabled: boolean;
  private readonly notifications: FakeNotification[] = [];
  private seq = 0;

  constructor(
    enabled: boolean,
    private readonly now: () => number = Date.now,
  ) {
    this.enabled = enabled;
  }

  add(userId: string, input: NewNotification): FakeNotification {
    this.seq += 1;
    const notification: FakeNotification = {
      id: newHashId(),
      seq: this.seq,
      userId,
      type: input.type,
      createdAt: new Date(this.now() - (input.msAgo ?? 0)).toISOString(),
      read: input.read ?? false,
      data: input.data ?? {},
    };
    this.notifications.push(notification);
    return notification;
  }

  /** The user's notifications, newest first. */
  of(userId: string): FakeNotification[] {
    return this.notifications.filter((n) => n.userId === userId).sort((a, b) => b.seq - a.seq);
  }

  /** A page: `limit` (default 100) older than `cursor`; `count` from the cursor on. */
  page(userId: string, limitText: string | null, cursor: string | null) {
    const limit = Number.parseInt(limitText ?? '', 10) || PAGE_SIZE;
    let rows = this.of(userId);
    if (cursor !== null && cursor !== '') {
      const at = rows.find((n) => n.id === cursor);
      rows = at === undefined ? [] : rows.filter((n) => n.seq < at.seq);
    }
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      meta: page.length === limit && last !== undefined ? { next_cursor: last.id } : {},
      count: rows.length,
      notifications: page.map(({ id, type, createdAt, read, data }) => ({
        id,
        type,
        createdAt,
        read,
        data,
      })),
    };
  }
}

/** A write this inbox answers (when enabled), so the web app does not. */
export function isInboxWrite(method: string, path: string): boolean {
  return method === 'PUT' && (LIST_PATH.test(path) || ONE_PATH.test(path));
}

/** Answers the inbox's routes and returns true; false when the inbox is off or it is another path. */
export function inboxRoute(
  inbox: FakeInbox,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  auth: Authed,
  body: string | null,
): boolean {
  const method = req.method ?? 'GET';
  const list = LIST_PATH.test(url.pathname);
  const one = ONE_PATH.exec(url.pathname)?.[1];
  if (!inbox.enabled || (!list && one === undefined)) return false;
  if (method !== 'GET' && method !== 'PUT') return false;
  if (auth.token.readOnly) {
    sendJson(res, 403, UNAUTHORIZED);
    return true;
  }
  const userId = auth.user.id;
  const page = () =>
    inbox.page(userId, url.searchParams.get('limit'), url.searchParams.get('cursor'));
  if (method === 'GET') {
    if (list) sendJson(res, 200, page());
    // `/notifications/:id` has no GET: FlowFuse's catch-all for the API answers.
    else sendJson(res, 404, NOT_FOUND);
    return true;
  }
  const parsed = parseBody(req, res, body);
  if (!parsed.ok) return true;
  const fields = parsed.body;
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) {
    badRequest(res, 'FST_ERR_VALIDATION', 'body must be object');
    return true;
  }
  const { ids, read } = fields as Record<string, unknown>;
  if (read !== undefined && typeof read !== 'boolean') {
    badRequest(res, 'FST_ERR_VALIDATION', 'body/read must be boolean');
    return true;
  }
  const mine = inbox.of(userId);
  if (list) {
    if (ids !== undefined && (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string'))) {
      badRequest(res, 'FST_ERR_VALIDATION', 'body/ids must be array');
      return true;
    }
    const wanted = new Set((ids ?? []) as string[]);
    if (read !== undefined) for (const n of mine) if (wanted.has(n.id)) n.read = read;
    sendJson(res, 200, page());
    return true;
  }
  const notification = mine.find((n) => n.id === one);
  if (notification === undefined) {
    sendJson(res, 404, NOT_FOUND);
    return true;
  }
  if (read !== undefined) notification.read = read;
  sendJson(res, 200, { status: 'okay' });
  return true;
}
