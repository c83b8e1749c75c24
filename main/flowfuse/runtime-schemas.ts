/**
 * What we read about a team's runtime, as FlowFuse 2.4.0 and newer send it (see the shared notes:
 * `GET /teams/:id/projects`, `/applications/status`, `/devices`, `/projects/:id`). The lists are
 * read item by item: an item without what we use (an id, a name) is left out, the rest is kept,
 * and any field may be missing or of another type on another version.
 */
import * as v from 'valibot';
import { cleanServerText } from '../../common/text';
import { lenient, requiredId as id, text } from './schemas';

const state = v.pipe(
  v.string(),
  v.maxLength(64),
  v.transform((value) => cleanServerText(value, 64)),
);

/**
 * `value` when it is a URL of printable ASCII; one with any other character as the URL parser
 * writes it (controls and bidi percent-encoded); null when it is no URL.
 */
function webAddress(value: string): string | null {
  try {
    const { href } = new URL(value);
    return /^[\x21-\x7e]*$/.test(value) ? value : href;
  } catch {
    return null;
  }
}
const meta = lenient(v.object({ state: lenient(state) }));

/** An item of `GET /teams/:id/projects` (with `meta` only where `includeMeta` is understood). */
export const instanceItemSchema = v.object({
  id,
  name: text,
  // An address only as a URL parses it (controls and bidi percent-encoded); null otherwise.
  url: lenient(v.pipe(v.string(), v.maxLength(2048), v.transform(webAddress))),
  application: lenient(v.object({ id: lenient(v.string()), name: lenient(text) })),
  meta,
});

/** `GET /teams/:id/applications/status`: each application's instances, with their state. */
export const statusItemSchema = v.object({ id, meta });

export const applicationStatusSchema = v.object({
  applications: v.array(
    v.object({
      instances: v.fallback(v.optional(v.array(v.unknown()), []), []),
    }),
  ),
});

/** An item of `GET /teams/:id/devices`. */
export const deviceItemSchema = v.object({
  id,
  name: text,
  lastSeenAt: lenient(v.string()),
  lastSeenMs: lenient(v.pipe(v.number(), v.minValue(0))),
  status: lenient(state),
  onlineStatus: lenient(state),
  mode: lenient(state),
});
export type DeviceItem = v.InferOutput<typeof deviceItemSchema>;

export const devicePageSchema = v.object({
  meta: lenient(v.object({ next_cursor: lenient(v.string()) })),
  /** Every device of the team, not only this page's. */
  count: lenient(v.pipe(v.number(), v.integer(), v.minValue(0))),
  devices: v.array(v.unknown()),
});

export const projectsSchema = v.object({ projects: v.array(v.unknown()) });

/** `GET /projects/:id`: the state is `meta.state` (there is no top-level state). */
export const instanceStateSchema = v.object({ id, meta });

/** Keeps the items that pass `schema`; reports how many did not. */
export function validItems<S extends v.GenericSchema>(
  schema: S,
  items: readonly unknown[],
): { readonly items: v.InferOutput<S>[]; readonly dropped: number } {
  const valid: v.InferOutput<S>[] = [];
  for (const item of items) {
    const parsed = v.safeParse(schema, item);
    if (parsed.success) valid.push(parsed.output);
  }
  return { items: valid, dropped: items.length - valid.length };
}
