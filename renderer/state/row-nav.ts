/**
 * The list's keyboard model over every kind of row, like a tree view: teams, and under an open
 * team its instances and devices, are the rows the arrows stop on (account headers and notes
 * are not: they hold nothing to act on by key). → opens a team, then steps into it; ← closes
 * it, or steps from an instance or device back to its team. Pure, so it is tested without a
 * browser.
 */
import { keyTarget } from './list-keys';
import { PIN_KEY_PREFIX } from './pin-rows';
import { structureOf } from './row-structure';
import { teamKey, type Row, type TeamRow } from './rows';
import type { DeviceRow, InstanceRow, RuntimeMoreRow } from './runtime-rows';

export type FocusableRow = TeamRow | InstanceRow | DeviceRow | RuntimeMoreRow;

export function isFocusable(row: Row): row is FocusableRow {
  return (
    row.kind === 'team' ||
    row.kind === 'instance' ||
    row.kind === 'device' ||
    row.kind === 'runtime-more'
  );
}

export type NavAction =
  | { readonly kind: 'move'; readonly key: string }
  | { readonly kind: 'leave-top' }
  | { readonly kind: 'expand' | 'collapse'; readonly row: TeamRow };

interface FocusIndex {
  readonly keys: readonly string[];
  /** Position among the focusable rows, by key. */
  readonly position: ReadonlyMap<string, number>;
  /** Position in `rows`, by key (focusable or not). */
  readonly index: ReadonlyMap<string, number>;
}

// The rows array is rebuilt on every change and never mutated: one index per array, not per key
// (per the array whose order it has: a rename's draft makes a new array of the same rows).
const indexes = new WeakMap<readonly Row[], FocusIndex>();

function focusIndex(shown: readonly Row[]): FocusIndex {
  const rows = structureOf(shown);
  const hit = indexes.get(rows);
  if (hit !== undefined) return hit;
  const keys: string[] = [];
  const position = new Map<string, number>();
  const index = new Map<string, number>();
  rows.forEach((row, at) => {
    index.set(row.key, at);
    if (!isFocusable(row)) return;
    position.set(row.key, keys.length);
    keys.push(row.key);
  });
  const built = { keys, position, index };
  indexes.set(rows, built);
  return built;
}

/** Where a row is in `rows`, or -1. */
export function rowIndex(rows: readonly Row[], key: string): number {
  return focusIndex(rows).index.get(key) ?? -1;
}

/** The row that takes the list's one tab stop: the active one when shown, else the first. */
export function tabStopKey(rows: readonly Row[], activeKey: string | null): string | null {
  // A scan, not focusIndex: this runs on every render, and after a keystroke the rows are new.
  let first: string | null = null;
  for (const row of rows) {
    if (!isFocusable(row)) continue;
    if (row.key === activeKey) return activeKey;
    first ??= row.key;
  }
  return first;
}

/** What `key` does on the focused row `at`, or undefined when it is not a navigation key. */
export function navAction(
  rows: readonly Row[],
  at: FocusableRow,
  key: string,
): NavAction | undefined {
  if (key === 'ArrowRight') return stepIn(rows, at);
  if (key === 'ArrowLeft') return stepOut(at);
  const { keys, position } = focusIndex(rows);
  const from = position.get(at.key);
  if (from === undefined) return undefined;
  const target = keyTarget(key, from, keys.length);
  if (target === undefined) return undefined;
  if (target === 'leave-top') return { kind: 'leave-top' };
  const next = keys[target];
  return next === undefined ? undefined : { kind: 'move', key: next };
}

function stepIn(rows: readonly Row[], at: FocusableRow): NavAction | undefined {
  if (at.kind !== 'team') return undefined;
  if (!at.open) return { kind: 'expand', row: at };
  // Its first instance or device (past a heading); a note ("Loading…") is nothing to step onto.
  const after = rowIndex(rows, at.key) + 1;
  const next = rows[rows[after]?.kind === 'runtime-heading' ? after + 1 : after];
  return next !== undefined && next.kind !== 'team' && isFocusable(next)
    ? { kind: 'move', key: next.key }
    : undefined;
}

function stepOut(at: FocusableRow): NavAction | undefined {
  if (at.kind === 'team') return at.open ? { kind: 'collapse', row: at } : undefined;
  // In the pinned section: back to the pinned team it is listed under, if any.
  if (at.key.startsWith(PIN_KEY_PREFIX)) {
    if (at.kind !== 'runtime-more' && at.context !== undefined) return undefined;
    return { kind: 'move', key: `${PIN_KEY_PREFIX}${teamKey(at.account.id, at.team.id)}` };
  }
  return { kind: 'move', key: teamKey(at.account.id, at.team.id) };
}
