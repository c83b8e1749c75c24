/**
 * What we read of an instance's log and audit log and of the account's inbox (see the shared
 * notes, §4 and "Instance logs", and tests/contract/cases/activity.ts). Each list is read entry
 * by entry: an entry without what we use is left out, the rest kept. Log text is anyone's text:
 * it is kept as text, bounded in lines and length, with no control character but the line break
 * and the tab.
 */
import * as v from 'valibot';
import { cleanServerText, clipText } from '../../common/text';
import { lenient, MAX_USERNAME, requiredId, text } from './schemas';
import type { ApiActor, ApiAuditEvent, ApiLogLine, ApiNotification, ApiRef } from './types';

/** Entries that may be asked for in one read of a log; a read keeps no more than it asked. */
export const MAX_LOG_LINES = 200;
/** FlowFuse's own default, asked for explicitly. */
export const DEFAULT_LOG_LINES = 30;
/**
 * Characters kept of one log message: enough for the popover and a stack's first lines; the
 * whole message is one click away in FlowFuse (Open log). With 30 entries, a log is at most
 * about 30 k characters.
 */
export const MAX_LOG_MESSAGE = 1000;
/** Lines kept of one log message. */
export const MAX_LOG_MESSAGE_LINES = 20;
/** Audit events kept from one read. */
export const MAX_AUDIT_EVENTS = 50;
export const DEFAULT_AUDIT_EVENTS = 20;
/** Notifications kept: one of FlowFuse's pages. */
export const MAX_NOTIFICATIONS = 100;

/**
 * A message as kept: cleaned like all server text (CRLF and CR read as LF, line feeds and tabs
 * kept), at most `MAX_LOG_MESSAGE_LINES` lines and `MAX_LOG_MESSAGE` characters. Only the start
 * of a long message is looked at: a megabyte of one message is never split into lines.
 */
function logText(raw: string): { readonly msg: string; readonly clipped: boolean } {
  const head = raw.slice(0, 2 * MAX_LOG_MESSAGE);
  const lines = cleanServerText(head, MAX_LOG_MESSAGE + 1, { lines: true }).split('\n');
  const kept = lines.slice(0, MAX_LOG_MESSAGE_LINES).join('\n');
  const msg = clipText(kept, MAX_LOG_MESSAGE);
  return {
    msg,
    clipped: head !== raw || lines.length > MAX_LOG_MESSAGE_LINES || msg !== kept,
  };
}

/** A log cursor: `<ts>` forward, `-<ts>` back. Anything else is not sent, nor kept. */
export const LOG_CURSOR = /^-?\d{1,32}$/;

/** Epoch ms from a log `ts`: a launcher's has 4 digits of counter after the ms. */
function msOfTs(ts: string): number {
  return Number(ts.length >= 17 ? ts.slice(0, -4) : ts);
}

const oneLine =
  (max: number) =>
  (value: string): string =>
    cleanServerText(value, max);

/** One line of server text, cleaned (common/text.ts) and clipped. */
const shortText = (max: number) =>
  v.pipe(
    v.string(),
    v.transform((value) => cleanServerText(value, max)),
  );

/** An entry of `GET /projects/:id/logs`: `{ts, level, msg, src?}`. */
export const logEntrySchema = v.pipe(
  v.object({
    // 2.4.0 sends text; a number is read the same way.
    ts: v.pipe(
      v.union([v.string(), v.pipe(v.number(), v.integer(), v.minValue(0))]),
      v.transform(String),
      v.regex(/^\d{1,32}$/),
    ),
    level: lenient(
      v.pipe(
        v.string(),
        v.maxLength(32),
        v.transform((value) => cleanServerText(value, 32).toLowerCase()),
      ),
    ),
    msg: v.string(),
    src: lenient(shortText(200)),
  }),
  v.transform(({ ts, level, msg, src }): ApiLogLine => ({
    ts,
    at: msOfTs(ts),
    level,
    ...logText(msg),
    src,
  })),
);

export const logPageSchema = v.object({
  meta: lenient(
    v.object({
      next_cursor: lenient(v.pipe(v.string(), v.regex(LOG_CURSOR))),
      previous_cursor: lenient(v.pipe(v.string(), v.regex(LOG_CURSOR))),
    }),
  ),
  log: v.array(v.unknown()),
});

/** An ISO time as epoch ms, or null. */
function msOfIso(value: string | null): number | null {
  if (value === null) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/** An entry of `GET /projects/:id/audit-log`. */
export const auditEntrySchema = v.pipe(
  v.object({
    id: requiredId,
    event: v.pipe(v.string(), v.minLength(1), v.maxLength(100), v.transform(oneLine(100))),
    createdAt: lenient(v.string()),
    // Kept for compatibility by FlowFuse: the user's name, or "FlowFuse Platform" for its own.
    username: lenient(shortText(MAX_USERNAME)),
    // FlowFuse 2.32+ marks an entry made with a token `source: 'api'`; read when present.
    source: lenient(v.pipe(v.string(), v.maxLength(20))),
    trigger: lenient(
      v.object({ type: lenient(v.string()), name: lenient(shortText(MAX_USERNAME)) }),
    ),
    body: lenient(
      v.object({
        error: lenient(v.object({ message: lenient(shortText(500)), code: lenient(v.string()) })),
      }),
    ),
  }),
  v.transform((entry): ApiAuditEvent => {
    const type = entry.trigger?.type ?? null;
    const username = entry.trigger?.name ?? entry.username;
    let actor: ApiActor | null = null;
    if (type === 'system') actor = { kind: 'platform' };
    else if ((type === 'user' || type === null) && username !== null && username !== '') {
      actor = { kind: 'user', username };
    }
    return {
      id: entry.id,
      event: entry.event,
      at: msOfIso(entry.createdAt),
      actor,
      error: entry.body?.error?.message ?? null,
      ...(entry.source === 'api' ? { viaApi: true } : {}),
    };
  }),
);

export const auditPageSchema = v.object({ log: v.array(v.unknown()) });

const ref = lenient(
  v.pipe(
    v.object({
      id: lenient(
        v.pipe(v.union([v.pipe(v.string(), v.maxLength(200)), v.number()]), v.transform(String)),
      ),
      name: lenient(text),
    }),
    v.transform(({ id, name }): ApiRef => ({ id, name })),
  ),
);

/** A team in a notification: its slug names its pages (an accepted invitation, an ended trial). */
const teamRef = lenient(
  v.object({
    id: lenient(
      v.pipe(v.union([v.pipe(v.string(), v.maxLength(200)), v.number()]), v.transform(String)),
    ),
    name: lenient(text),
    slug: lenient(v.pipe(v.string(), v.minLength(1), v.maxLength(255))),
  }),
);

const refOf = ({ id, name }: { id: string | null; name: string | null }): ApiRef => ({ id, name });

/** A notification of `GET /user/notifications` (FlowFuse 2.7+). */
export const notificationSchema = v.pipe(
  v.object({
    id: requiredId,
    type: v.pipe(v.string(), v.minLength(1), v.maxLength(100), v.transform(oneLine(100))),
    createdAt: lenient(v.string()),
    read: v.boolean(),
    data: lenient(
      v.object({
        instance: ref,
        device: ref,
        team: teamRef,
        meta: lenient(v.object({ severity: lenient(shortText(32)) })),
        // An invitation's people, an accepted one's team slug, a platform message's words.
        invitor: lenient(v.object({ username: lenient(shortText(MAX_USERNAME)) })),
        invitee: lenient(v.object({ username: lenient(shortText(MAX_USERNAME)) })),
        title: lenient(shortText(200)),
        message: lenient(shortText(2000)),
      }),
    ),
  }),
  v.transform(({ id, type, createdAt, read, data }): ApiNotification => ({
    id,
    type,
    at: msOfIso(createdAt),
    read,
    instance: data?.instance ?? null,
    device: data?.device ?? null,
    team: data?.team === null || data?.team === undefined ? null : refOf(data.team),
    severity: data?.meta?.severity ?? null,
    invitor: data?.invitor?.username ?? null,
    invitee: data?.invitee?.username ?? null,
    teamSlug: data?.team?.slug ?? null,
    title: data?.title ?? null,
    message: data?.message ?? null,
  })),
);

export const notificationPageSchema = v.object({
  count: lenient(v.pipe(v.number(), v.integer(), v.minValue(0))),
  notifications: v.array(v.unknown()),
});
