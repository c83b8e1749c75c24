/**
 * How much of a server's lists Teamtray keeps, and reading a list item by item. A server can
 * send any number of teams, instances and devices, and any item may be one this client cannot
 * read (a newer server, a field longer than expected): each list is read item by item, an item
 * that does not pass is named in words and left out, every other one is kept up to the list's
 * cap, and the rest is counted as "and N more".
 */
import * as v from 'valibot';
import type { LeftOut } from '../../common/left-out';
import { BIDI_CONTROLS, clipText, controlCharsAsSpaces } from '../../common/text';

/** Teams kept per account (the popover is measured with 2,000). */
export const MAX_TEAMS_PER_ACCOUNT = 2000;
/** What an account keeps of its team list, in characters of JSON (2,000 teams take about 500 k). */
export const TEAMS_BUDGET = 2 * 1024 * 1024;
/** Instances kept per team. */
export const MAX_INSTANCES_PER_TEAM = 500;
/** Devices kept per team (five of FlowFuse's pages of 100). */
export const MAX_DEVICES_PER_TEAM = 500;
/** Unread items named on screen; the others are counted. */
const MAX_NAMED = 3;
/** An unread item's name as shown: enough to find it in FlowFuse. */
const MAX_NAME_SHOWN = 60;

export interface ReadList<T> {
  readonly items: T[];
  /** Null when nothing was left out. */
  readonly leftOut: LeftOut | null;
}

/**
 * Reads `raw` item by item: the items that pass `schema`, up to `cap` items and `budget`
 * characters of JSON, and what was left out.
 */
export function readList<S extends v.GenericSchema>(
  schema: S,
  raw: readonly unknown[],
  cap: number,
  budget = Number.POSITIVE_INFINITY,
): ReadList<v.InferOutput<S>> {
  const items: v.InferOutput<S>[] = [];
  const unread: string[] = [];
  let unreadCount = 0;
  let more = 0;
  let size = 0;
  for (const [index, item] of raw.entries()) {
    const parsed = v.safeParse(schema, item);
    if (!parsed.success) {
      unreadCount += 1;
      if (unread.length < MAX_NAMED) unread.push(nameOfUnread(item, index));
      continue;
    }
    const next =
      budget === Number.POSITIVE_INFINITY ? 0 : size + JSON.stringify(parsed.output).length;
    if (items.length < cap && next <= budget) {
      items.push(parsed.output);
      size = next;
    } else more += 1;
  }
  return { items, leftOut: leftOutOf(unread, unreadCount, more) };
}

export function leftOutOf(unread: string[], unreadCount: number, more: number): LeftOut | null {
  return unreadCount === 0 && more === 0 ? null : { unread, unreadCount, more };
}

/** Adds what two reads (two pages, or a read and a budget) left out. */
export function addLeftOut(a: LeftOut | null, b: LeftOut | null): LeftOut | null {
  if (a === null) return b;
  if (b === null) return a;
  return {
    unread: [...a.unread, ...b.unread].slice(0, MAX_NAMED),
    unreadCount: a.unreadCount + b.unreadCount,
    more: a.more + b.more,
  };
}

/**
 * An item the client could not read, in words: its name when it has one, else its id, else its
 * place in the list. Never more than a short line, never a control character.
 */
export function nameOfUnread(item: unknown, index: number): string {
  const record = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {};
  const shown = (value: string): string =>
    clipText(controlCharsAsSpaces(value).replace(BIDI_CONTROLS, '').trim(), MAX_NAME_SHOWN);
  const { name, id } = record;
  if (typeof name === 'string' && shown(name) !== '') return shown(name);
  if ((typeof id === 'string' && shown(id) !== '') || typeof id === 'number') {
    return `id ${shown(String(id))}`;
  }
  return `number ${index + 1} in the list`;
}
