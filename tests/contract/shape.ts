/**
 * Shapes: what a response body must look like, tolerant of fields the client does not use and
 * strict about the ones it does. A plain object lists the keys that matter (others may come and
 * go); a literal must be equal; `is.*` matchers say the rest. Checking returns every mismatch,
 * each with its path, so a report can say exactly what differs.
 */
import { resolveRef, type Ref } from './refs';
import type { SeededWorld } from './world-spec';

export interface Mismatch {
  readonly path: string;
  readonly expected: string;
  readonly actual: string;
}

export interface ShapeContext {
  readonly world: SeededWorld;
}

type Test = (value: unknown, path: string, ctx: ShapeContext) => Mismatch[];

export class Matcher {
  constructor(
    readonly description: string,
    readonly test: Test,
    /** The key may be missing from its object (optional, absent). */
    readonly allowsMissing = false,
    /** For reports: the shapes of a list's items, so only their checked keys are shown. */
    readonly items: readonly Shape[] = [],
  ) {}
}

export type Shape = Matcher | string | number | boolean | null | { readonly [key: string]: Shape };

export function show(value: unknown): string {
  if (value === undefined) return 'missing';
  const text = JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

function describeShape(shape: Shape): string {
  if (shape instanceof Matcher) return shape.description;
  if (typeof shape !== 'object' || shape === null) return JSON.stringify(shape);
  const keys = Object.entries(shape).map(([key, value]) => `${key}: ${describeShape(value)}`);
  return `{${keys.join(', ')}}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function check(value: unknown, shape: Shape, path: string, ctx: ShapeContext): Mismatch[] {
  if (shape instanceof Matcher) return shape.test(value, path, ctx);
  if (typeof shape !== 'object' || shape === null) {
    return Object.is(value, shape) ? [] : [{ path, expected: show(shape), actual: show(value) }];
  }
  if (!isRecord(value)) return [{ path, expected: 'an object', actual: show(value) }];
  return Object.entries(shape).flatMap(([key, inner]) => {
    const at = `${path}.${key}`;
    if (!(key in value)) {
      const missingOk = inner instanceof Matcher && inner.allowsMissing;
      return missingOk ? [] : [{ path: at, expected: describeShape(inner), actual: 'missing' }];
    }
    return check(value[key], inner, at, ctx);
  });
}

const simple = (description: string, ok: (value: unknown) => boolean): Matcher =>
  new Matcher(description, (value, path) =>
    ok(value) ? [] : [{ path, expected: description, actual: show(value) }],
  );

const ISO_DATE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

export const is = {
  string: () => simple('a string', (v) => typeof v === 'string'),
  text: () => simple('a non-empty string', (v) => typeof v === 'string' && v.length > 0),
  matching: (pattern: RegExp) =>
    simple(`text matching ${String(pattern)}`, (v) => typeof v === 'string' && pattern.test(v)),
  count: () => simple('a whole number ≥ 0', (v) => Number.isInteger(v) && (v as number) >= 0),
  below: (limit: number) =>
    simple(`a number below ${limit}`, (v) => typeof v === 'number' && v < limit),
  above: (limit: number) =>
    simple(`a number above ${limit}`, (v) => typeof v === 'number' && v > limit),
  isoDate: () => simple('an ISO date', (v) => typeof v === 'string' && ISO_DATE.test(v)),
  object: () => simple('an object', isRecord),
  oneOf: (...values: readonly (string | number)[]) =>
    simple(`one of ${values.map((v) => JSON.stringify(v)).join(' | ')}`, (v) =>
      values.some((allowed) => Object.is(allowed, v)),
    ),
  /** The id (or token) seeding gave this thing, e.g. `ref('team.alpha')`. */
  ref: (ref: Ref) =>
    new Matcher(`<${ref}>`, (value, path, ctx) => {
      const wanted = resolveRef(ctx.world, ref);
      return value === wanted ? [] : [{ path, expected: `<${ref}>`, actual: show(value) }];
    }),
  nullable: (shape: Shape) =>
    new Matcher(`null or ${describeShape(shape)}`, (value, path, ctx) =>
      value === null ? [] : check(value, shape, path, ctx),
    ),
  /** Missing, or present and like `shape` (e.g. a field a newer server adds). */
  optional: (shape: Shape) =>
    new Matcher(
      `${describeShape(shape)} or missing`,
      (value, path, ctx) => (value === undefined ? [] : check(value, shape, path, ctx)),
      true,
    ),
  /** The key must not be there: how a client tells an older server by its answer. */
  absent: () =>
    new Matcher(
      'no such key',
      (value, path) =>
        value === undefined ? [] : [{ path, expected: 'no such key', actual: show(value) }],
      true,
    ),
  arrayOf: (shape: Shape, length?: number) =>
    new Matcher(
      `${length === undefined ? '' : `${length} × `}[${describeShape(shape)}]`,
      (value, path, ctx) => {
        if (!Array.isArray(value)) return [{ path, expected: 'an array', actual: show(value) }];
        const sized =
          length === undefined || value.length === length
            ? []
            : [{ path: `${path}.length`, expected: String(length), actual: String(value.length) }];
        return [...sized, ...value.flatMap((item, i) => check(item, shape, `${path}[${i}]`, ctx))];
      },
      false,
      [shape],
    ),
  /** Each shape is matched by some item; other items may be there too, in any order. */
  arrayWith: (...shapes: readonly Shape[]) =>
    new Matcher(
      `[…${shapes.map(describeShape).join(', ')}…]`,
      (value, path, ctx) => {
        if (!Array.isArray(value)) return [{ path, expected: 'an array', actual: show(value) }];
        return shapes.flatMap((shape) => closestMiss(value, shape, path, ctx));
      },
      false,
      shapes,
    ),
  /** The first items are like `shapes`, in this order (a list that is newest first). */
  startsWith: (...shapes: readonly Shape[]) =>
    new Matcher(
      `[${shapes.map(describeShape).join(', ')}, …]`,
      (value, path, ctx) => {
        if (!Array.isArray(value)) return [{ path, expected: 'an array', actual: show(value) }];
        return shapes.flatMap((shape, i) =>
          i < value.length
            ? check(value[i], shape, `${path}[${i}]`, ctx)
            : [{ path: `${path}[${i}]`, expected: describeShape(shape), actual: 'missing' }],
        );
      },
      false,
      shapes,
    ),
  /** No item is like `shape`: something that must be gone. */
  arrayWithout: (shape: Shape) =>
    new Matcher(
      `[no item like ${describeShape(shape)}]`,
      (value, path, ctx) => {
        if (!Array.isArray(value)) return [{ path, expected: 'an array', actual: show(value) }];
        const at = value.findIndex((item) => check(item, shape, path, ctx).length === 0);
        return at === -1
          ? []
          : [
              {
                path: `${path}[${at}]`,
                expected: `no item like ${describeShape(shape)}`,
                actual: show(value[at]),
              },
            ];
      },
      false,
      [shape],
    ),
} as const;

/** Nothing when an item matches; otherwise the misses of the item that came closest. */
function closestMiss(items: readonly unknown[], shape: Shape, path: string, ctx: ShapeContext) {
  let best: Mismatch[] | null = null;
  for (const [i, item] of items.entries()) {
    const misses = check(item, shape, `${path}[${i}]`, ctx);
    if (misses.length === 0) return [];
    if (best === null || misses.length < best.length) best = misses;
  }
  const none: Mismatch = {
    path: `${path}[?]`,
    expected: `an item like ${describeShape(shape)}`,
    actual: items.length === 0 ? 'an empty list' : `none of ${items.length} items`,
  };
  return [none, ...(best ?? [])];
}
