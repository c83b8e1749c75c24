/**
 * Words for contract results: each failed case with the step that failed, every mismatch with
 * its path, and — when the same case ran against the fake too — a line diff of the two answers,
 * cut down to the fields the contract checks and with seeded ids shown by name.
 */
import type { Answer } from './case';
import type { CaseResult, StepRecord } from './run-case';
import { Matcher, show, type Shape } from './shape';

const ISO_DATE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

/** Only what the shape looks at, with ids by name and dates as `<date>`. */
export function project(
  value: unknown,
  shape: Shape | undefined,
  names: ReadonlyMap<string, string>,
): unknown {
  if (typeof value === 'string') return nameText(value, names);
  if (Array.isArray(value)) {
    const itemShape = shape instanceof Matcher ? mergeItems(shape.items) : undefined;
    return value.map((item) => project(item, itemShape, names));
  }
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  if (
    shape === undefined ||
    shape instanceof Matcher ||
    typeof shape !== 'object' ||
    shape === null
  ) {
    return Object.fromEntries(
      Object.entries(record).map(([k, v]) => [k, project(v, undefined, names)]),
    );
  }
  const picked: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(shape)) {
    if (key in record) picked[key] = project(record[key], inner, names);
  }
  // None of the keys the contract looks at: say which ones came instead.
  const others = Object.keys(record);
  if (Object.keys(picked).length === 0 && others.length > 0) {
    picked['(other keys)'] = others.slice(0, 12).join(', ') + (others.length > 12 ? ', …' : '');
  }
  return picked;
}

/** Seeded ids by name, dates as `<date>`, the server's own address as `<origin>`. */
function nameText(text: string, names: ReadonlyMap<string, string>): string {
  const whole = names.get(text);
  if (whole !== undefined) return whole;
  if (ISO_DATE.test(text)) return '<date>';
  let named = text.replace(/^https?:\/\/127\.0\.0\.1:\d+/, '<origin>');
  for (const [value, name] of names) {
    if (value.length >= 8 && named.includes(value)) named = named.split(value).join(name);
  }
  return named;
}

type ObjectShape = { readonly [key: string]: Shape };
const isObjectShape = (shape: Shape | undefined): shape is ObjectShape =>
  typeof shape === 'object' && shape !== null && !(shape instanceof Matcher);

/**
 * One object shape with every key the item shapes check, so all items are cut alike; where
 * one item checks a key as an object and another only its absence, the object wins.
 */
function mergeItems(items: readonly Shape[]): Shape | undefined {
  const objects = items.filter(isObjectShape);
  if (objects.length === 0) return undefined;
  const merged: Record<string, Shape> = {};
  for (const object of objects) {
    for (const [key, shape] of Object.entries(object)) {
      if (!isObjectShape(merged[key])) merged[key] = shape;
    }
  }
  return merged;
}

function answerLines(
  answer: Answer | null,
  shape: Shape | undefined,
  names: ReadonlyMap<string, string>,
) {
  if (answer === null) return ['(no answer)'];
  const body =
    typeof answer.body === 'string'
      ? show(answer.body)
      : JSON.stringify(project(answer.body, shape, names), null, 2);
  return [`status ${answer.status}`, ...body.split('\n')];
}

/** A line diff (longest common subsequence): `-` only in `a`, `+` only in `b`. */
export function diffLines(a: readonly string[], b: readonly string[]): string[] {
  const table: number[][] = Array.from({ length: a.length + 1 }, () =>
    new Array<number>(b.length + 1).fill(0),
  );
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      const row = table[i] ?? [];
      row[j] =
        a[i] === b[j]
          ? (table[i + 1]?.[j + 1] ?? 0) + 1
          : Math.max(table[i + 1]?.[j] ?? 0, row[j + 1] ?? 0);
    }
  }
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      out.push(`  ${a[i] ?? ''}`);
      i += 1;
      j += 1;
    } else if (
      i < a.length &&
      (j >= b.length || (table[i + 1]?.[j] ?? 0) >= (table[i]?.[j + 1] ?? 0))
    ) {
      out.push(`- ${a[i] ?? ''}`);
      i += 1;
    } else {
      out.push(`+ ${b[j] ?? ''}`);
      j += 1;
    }
  }
  return out;
}

function failedStep(result: CaseResult): { index: number; step: StepRecord } | null {
  const index = result.steps.findIndex((s) => s.mismatches.length > 0);
  const step = result.steps[index];
  return step === undefined ? null : { index, step };
}

export interface Comparison {
  /** The same case against the fake, to show what differs. */
  readonly fake: CaseResult;
  readonly label: string;
  readonly fakeNames: ReadonlyMap<string, string>;
}

export function formatFailure(
  result: CaseResult,
  names: ReadonlyMap<string, string>,
  comparison?: Comparison,
): string {
  const lines = [`✗ ${result.id}: ${result.relies}`];
  if (result.error !== null) lines.push(`    error: ${result.error}`);
  const failed = failedStep(result);
  if (failed !== null) {
    const { index, step } = failed;
    lines.push(`    step ${index + 1}: ${step.request}`);
    for (const m of step.mismatches) {
      lines.push(`      ${m.path}: expected ${m.expected}, got ${m.actual}`);
    }
    const twin = comparison?.fake.steps[index];
    if (comparison !== undefined && twin !== undefined && step.answer !== null) {
      lines.push(`    the fake (-) and ${comparison.label} (+) answered:`);
      const fake = answerLines(twin.answer, twin.expect.body, comparison.fakeNames);
      const real = answerLines(step.answer, step.expect.body, names);
      lines.push(
        ...diffLines(fake, real)
          .slice(0, 80)
          .map((line) => `      ${line}`),
      );
    }
  }
  return lines.join('\n');
}

export interface FakeRun {
  readonly results: readonly CaseResult[];
  readonly names: ReadonlyMap<string, string>;
  /** What the results being reported ran against, e.g. `FlowFuse 2.4.0`. */
  readonly against: string;
}

/** All results in a few lines, then each failure in full (against the fake's, when given). */
export function formatResults(
  results: readonly CaseResult[],
  names: ReadonlyMap<string, string>,
  fakeRun?: FakeRun,
): string {
  const failed = results.filter((r) => !r.passed);
  const out = results.map((r) => `${r.passed ? '✓' : '✗'} ${r.id}`);
  for (const result of failed) {
    const fake = fakeRun?.results.find((r) => r.id === result.id);
    const comparison =
      fake === undefined || fakeRun === undefined
        ? undefined
        : { fake, label: fakeRun.against, fakeNames: fakeRun.names };
    out.push('', formatFailure(result, names, comparison));
  }
  out.push('', `${results.length - failed.length} of ${results.length} cases hold.`);
  return out.join('\n');
}
