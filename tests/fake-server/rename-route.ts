/**
 * `PUT /api/v1/teams/:id`, body parsing included: FlowFuse 2.4.0 answers what Fastify's parsers
 * and its body schema (`name: string`, coerced) say before its own rules run (observed).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FakeData } from './data';
import type { Authed } from './access';
import { NOT_FOUND, UNAUTHORIZED, sendJson } from './respond';
import { teamView } from './team-views';

export interface RenameContext {
  readonly data: FakeData;
  readonly origin: string;
  readonly startedAt: string;
}

/** FlowFuse's error handler drops Fastify's `statusCode` from these bodies. */
export function badRequest(res: ServerResponse, code: string, message: string): void {
  sendJson(res, 400, { code, error: 'Bad Request', message });
}

type Parsed = { readonly ok: true; readonly body: unknown } | { readonly ok: false };

export function parseBody(req: IncomingMessage, res: ServerResponse, body: string | null): Parsed {
  const type = (req.headers['content-type'] ?? '').toLowerCase().split(';')[0]?.trim() ?? '';
  const text = body ?? '';
  if (type === 'application/json') {
    if (text === '') {
      badRequest(
        res,
        'FST_ERR_CTP_EMPTY_JSON_BODY',
        "Body cannot be empty when content-type is set to 'application/json'",
      );
      return { ok: false };
    }
    try {
      return { ok: true, body: JSON.parse(text) };
    } catch (error) {
      // Fastify passes on JSON.parse's own words, and this error has no `code`.
      sendJson(res, 400, { error: 'Bad Request', message: (error as Error).message });
      return { ok: false };
    }
  }
  if (text === '') return { ok: true, body: undefined };
  if (type === 'text/plain') return { ok: true, body: text };
  sendJson(res, 415, {
    code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE',
    error: 'Unsupported Media Type',
    message: `Unsupported Media Type: ${type === '' ? 'undefined' : type}`,
  });
  return { ok: false };
}

/** The schema's view of `name`: numbers and booleans become text, null becomes empty. */
function coerceName(value: unknown): { readonly ok: boolean; readonly name?: string } {
  if (value === undefined) return { ok: true };
  if (value === null) return { ok: true, name: '' };
  if (typeof value === 'string') return { ok: true, name: value };
  if (typeof value === 'number' || typeof value === 'boolean') {
    return { ok: true, name: String(value) };
  }
  return { ok: false };
}

export function renameRoute(
  ctx: RenameContext,
  req: IncomingMessage,
  res: ServerResponse,
  auth: Authed,
  teamId: string,
  body: string | null,
): void {
  const parsed = parseBody(req, res, body);
  if (!parsed.ok) return;
  const fields = parsed.body;
  if (
    fields !== undefined &&
    (typeof fields !== 'object' || fields === null || Array.isArray(fields))
  ) {
    badRequest(res, 'FST_ERR_VALIDATION', 'body must be object');
    return;
  }
  const name = coerceName((fields as Record<string, unknown> | undefined)?.name);
  if (!name.ok) {
    badRequest(res, 'FST_ERR_VALIDATION', 'body/name must be string');
    return;
  }
  const slug = (fields as Record<string, unknown> | undefined)?.slug;
  const outcome = ctx.data.renameTeam(auth, teamId, name.name, slug);
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
      sendJson(res, 400, { code: 'unexpected_error', error: outcome.message });
      return;
  }
}
