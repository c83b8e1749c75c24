/**
 * The page's drafts (issue 30 point 5): what the user just changed, shown at once while main makes
 * the change. One signal, keyed by what a draft changes: a team's name typed
 * (`team:<team key>:name`), an action clicked on a row (`action:<row key>`), a setting
 * (`settings:<field>`), a pin, snooze or quiet hours (`pins:<what>`), the accounts' order
 * (`accounts:order`). A later draft of a key takes the place of an earlier one.
 *
 * Each draft goes with the one call that asks main for its change. Main answers a changing call
 * with the model's version that holds the change (common/contract.ts, `Versioned`), having sent
 * every push up to it first; the draft gives way exactly when the replica reaches that version,
 * not at the answer: a frame's pushes may be applied after the answer (frame-pushes.ts), and the
 * row would flick back to the old value between the two. From then on main's own fact shows (a
 * team's `pendingName`, an instance's or a device's `action`, the settings it saved). A refused
 * call drops its draft at once and hands back why.
 *
 * Hand-written because it is ours: which call owns a key's draft and the version main answered
 * with. A library of optimistic updates (TanStack Query's mutations) keeps its own cache of the
 * server's data beside them; here the replica is that cache and main numbers its changes.
 */
import { computed, signal, type ReadonlySignal } from '@preact/signals-core';
import type { Versioned } from '../../common/contract';

/** A draft's key; `T` is what its draft holds (a name, an action, a setting's value...). */
export type DraftKey<T> = string & { readonly draftOf?: T };

/** A key and what its draft shows, for one call. */
export type DraftOf<T> = readonly [key: DraftKey<T>, value: T];

/** The keys, by what a draft changes. */
export const draftKey = {
  /** A team's name, typed for a rename (`teamKey` of rows.ts). */
  name: (teamKey: string): DraftKey<string> => `name:${teamKey}`,
  /** An instance's or a device's action, clicked on its row (its row key). */
  action: <A extends string>(rowKey: string): DraftKey<A> => `action:${rowKey}`,
  /** One setting, by its field. */
  setting: (field: string): DraftKey<unknown> => `settings:${field}`,
  /** A pin or unpin, a snooze or unsnooze, quiet hours: by what it changes. */
  pins: <T>(what: string): DraftKey<T> => `pins:${what}`,
  /** The accounts' order (their ids). */
  order: 'accounts:order' as DraftKey<readonly string[]>,
} as const;

interface Entry {
  readonly value: unknown;
  /** The call that owns this key's draft. */
  readonly call: number;
  /** The version main answered with; null while the call is on its way. */
  readonly until: number | null;
}

export class Drafts {
  private readonly entries = signal<ReadonlyMap<string, Entry>>(new Map());
  private calls = 0;
  /** The drafts shown (key → value, in the order made): those the replica does not hold yet. */
  private readonly shown: ReadonlySignal<ReadonlyMap<string, unknown>>;

  /** `version`: the version of main's model the replica holds (replica.ts). */
  constructor(private readonly version: ReadonlySignal<number>) {
    let last: ReadonlyMap<string, unknown> = new Map();
    this.shown = computed(() => {
      const reached = this.version.value;
      const next = new Map<string, unknown>();
      for (const [key, entry] of this.entries.value) {
        if (entry.until === null || entry.until > reached) next.set(key, entry.value);
      }
      // The same drafts give the same map: what is derived from them is not worked out again.
      if (!sameEntries(last, next)) last = next;
      return last;
    });
  }

  /** The draft shown for `key`, if any (read in a computed or a render, it is watched). */
  get<T>(key: DraftKey<T>): T | undefined {
    return this.shown.value.get(key) as T | undefined;
  }

  /**
   * The drafts shown whose key starts with `prefix`, that prefix cut off, in the order they were
   * made. The same drafts give the same map.
   */
  under(prefix: string): ReadonlySignal<ReadonlyMap<string, unknown>> {
    let last: ReadonlyMap<string, unknown> = new Map();
    return computed(() => {
      const next = new Map<string, unknown>();
      for (const [key, value] of this.shown.value) {
        if (key.startsWith(prefix)) next.set(key.slice(prefix.length), value);
      }
      if (!sameEntries(last, next)) last = next;
      return last;
    });
  }

  /**
   * Shows the drafts at once and makes the call; each draft stays until the replica reaches the
   * version main answered with, or goes at once when the call fails (its answer, with why, is
   * handed back). A draft a later call of the same key took over is that call's to drop.
   */
  async send<R>(
    drafts: readonly DraftOf<unknown>[],
    call: () => Promise<Versioned<R>>,
  ): Promise<Versioned<R>> {
    this.calls += 1;
    const mine = this.calls;
    this.update((entries) => {
      for (const [key, value] of drafts) {
        // Last in the order made: a pin's intent is applied after those made before it.
        entries.delete(key);
        entries.set(key, { value, call: mine, until: null });
      }
    });
    let answer: Versioned<R> | null = null;
    try {
      answer = await call();
      return answer;
    } finally {
      const until = answer?.ok === true ? answer.version : null;
      this.update((entries) => {
        for (const [key] of drafts) {
          if (entries.get(key)?.call !== mine) continue;
          if (until === null || until <= this.version.peek()) entries.delete(key);
          else entries.set(key, { ...(entries.get(key) as Entry), until });
        }
      });
    }
  }

  /** Changes the entries once, leaving out those the replica already holds. */
  private update(change: (entries: Map<string, Entry>) => void): void {
    const reached = this.version.peek();
    const entries = new Map(
      [...this.entries.peek()].filter(([, entry]) => entry.until === null || entry.until > reached),
    );
    change(entries);
    this.entries.value = entries;
  }
}

function sameEntries(a: ReadonlyMap<string, unknown>, b: ReadonlyMap<string, unknown>): boolean {
  if (a.size !== b.size) return false;
  const left = [...a];
  return [...b].every(([key, value], at) => left[at]?.[0] === key && left[at][1] === value);
}
