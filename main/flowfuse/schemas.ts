/**
 * What we accept from a FlowFuse server. Strict about the fields we use (a team without a name
 * is a bad response), tolerant of the rest: unknown fields are dropped and an optional field of
 * an unexpected type becomes null, so a newer server never breaks the whole list.
 */
import * as v from 'valibot';
import { cleanServerText } from '../../common/text';

export const requiredId = v.pipe(v.string(), v.minLength(1), v.maxLength(200));

/** An optional field: absent, null or of another type all read as null. */
export function lenient<T extends v.GenericSchema>(schema: T) {
  return v.fallback(v.optional(v.nullable(schema), null), null);
}

/** FlowFuse stores slugs in a VARCHAR(255) column. */
const MAX_SLUG = 255;
const count = v.pipe(v.number(), v.integer(), v.minValue(0));
/** Team names have no limit on SQLite; what we keep and show need not be longer than this. */
const MAX_TEXT = 1024;
/** Text from the server, cleaned (common/text.ts) and clipped to what we keep and show. */
export const text = v.pipe(
  v.string(),
  v.transform((value) => cleanServerText(value, MAX_TEXT)),
);

/**
 * A team from `GET /api/v1/user/teams`, and the same shape read back from the teams cache: one
 * schema, so the cache can never hold what the API would refuse.
 */
export const teamSchema = v.object({
  id: requiredId,
  name: text,
  // FlowFuse's column holds 255 (Sequelize STRING); 2.4.0 lists a 230-character slug as it is.
  slug: v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_SLUG)),
  avatar: lenient(v.pipe(v.string(), v.maxLength(2048))),
  type: lenient(v.object({ id: requiredId, name: text })),
  role: lenient(v.pipe(v.number(), v.integer())),
  instanceCount: lenient(count),
  memberCount: lenient(count),
  deviceCount: lenient(count),
});

/** The list itself; each team is read on its own (list-caps.ts), so one odd team hides no other. */
export const teamListSchema = v.object({ teams: v.array(v.unknown()) });

/** FlowFuse stores a username in a VARCHAR(255) column; a longer one is clipped, not kept. */
export const MAX_USERNAME = 255;
/** A platform version such as `2.24.1`; what a server says past this is clipped. */
export const MAX_VERSION = 100;

/** Text cleaned and clipped to `max` where it is parsed, so nothing longer is kept or shown. */
const clipped = (max: number) =>
  v.pipe(
    v.string(),
    v.transform((value) => cleanServerText(value, max)),
  );

export const userSchema = v.object({
  id: requiredId,
  username: v.pipe(
    v.string(),
    v.minLength(1),
    v.transform((value) => cleanServerText(value, MAX_USERNAME)),
  ),
  name: lenient(clipped(MAX_TEXT)),
});

export const openApiSchema = v.object({
  openapi: v.pipe(v.string(), v.startsWith('3.')),
  info: v.object({
    title: lenient(v.string()),
    version: lenient(clipped(MAX_VERSION)),
  }),
  paths: v.fallback(v.optional(v.record(v.string(), v.unknown()), {}), {}),
});

export type OpenApiDocument = v.InferOutput<typeof openApiSchema>;

export type ApiTeam = Readonly<v.InferOutput<typeof teamSchema>>;
export type ApiUser = Readonly<v.InferOutput<typeof userSchema>>;

/** FlowFuse says so in its OpenAPI document: the teams route, or its name in the title. */
export function looksLikeFlowFuse(doc: OpenApiDocument): boolean {
  const paths = Object.keys(doc.paths);
  const hasTeamsRoute = paths.some((path) => /^\/api\/v1\/user\/teams\/?$/.test(path));
  return hasTeamsRoute || /flowfuse|flowforge/i.test(doc.info.title ?? '');
}

/** The first problem, in words, for a bad_response message. Never echoes values. */
export function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  const first = issues[0];
  if (first === undefined) return 'unexpected shape';
  const path = v.getDotPath(first);
  return path === null
    ? `unexpected ${first.kind} (${first.type})`
    : `field "${path}" is ${first.received === 'undefined' ? 'missing' : `not valid (${first.expected ?? first.type})`}`;
}
