/**
 * Which of an account's teams a search keystroke has to look at: when the query holds a query
 * already answered (a letter typed after it, or a word erased back to one typed before), only
 * the teams that query showed can show now, so the keystroke walks them and not every team.
 *
 * Why it holds: a team shows while searching when its name or slug holds the query, when the
 * name a rename on its way gives it holds it, or when one of its instances' or devices' names
 * does (rows.ts), and, with the attention filter, when one of those also needs the user. Each is
 * "some text holds the query", and a text that holds a query holds every part of it: so the teams
 * shown for `server 1` are among those shown for `server`, and those shown for `serv` are
 * exactly those shown for `serv` a moment ago.
 *
 * What it remembers is tied to the objects it was worked out from: per account object (a patch
 * gives a changed account a new object, which starts with nothing remembered), and per the
 * options that decide what shows besides the query (the rename drafts, the attention filter,
 * the clock and whether offline devices count). A few dozen queries per account are kept, the
 * oldest forgotten first. Written here: it is a rule of our own rows, not a search library's.
 */
import type { Account, Team } from '../../common/state';

/** What, besides the query, decides which teams show (rows.ts's RowOptions). */
export interface NarrowingContext {
  readonly drafts: ReadonlyMap<string, string>;
  readonly attentionOnly: boolean;
  readonly now: number;
  readonly devicesCount: boolean;
}

/** The queries remembered per account: the typing of a few words, and their erasing. */
const KEPT_QUERIES = 32;

interface Answered {
  readonly context: NarrowingContext;
  /** Query (trimmed, lower-cased) → the account's teams it showed, in their order. */
  readonly shown: Map<string, readonly Team[]>;
}

export class SearchNarrowing {
  private readonly answered = new WeakMap<Account, Answered>();

  /**
   * The teams of `account` that may show for `query` (trimmed, lower-cased): those a query it
   * holds showed (the one that showed fewest), else every team.
   */
  candidates(account: Account, query: string, context: NarrowingContext): readonly Team[] {
    const answered = this.answered.get(account);
    if (answered === undefined || !sameContext(answered.context, context)) return account.teams;
    let best: readonly Team[] = account.teams;
    for (const [before, teams] of answered.shown) {
      if (teams.length < best.length && query.includes(before)) best = teams;
    }
    return best;
  }

  /** The teams of `account` that `query` showed, for the queries that hold it. */
  record(account: Account, query: string, context: NarrowingContext, shown: readonly Team[]): void {
    let answered = this.answered.get(account);
    if (answered === undefined || !sameContext(answered.context, context)) {
      answered = { context, shown: new Map() };
      this.answered.set(account, answered);
    }
    // Again at the end: the last typed is the last forgotten.
    answered.shown.delete(query);
    answered.shown.set(query, shown);
    if (answered.shown.size > KEPT_QUERIES) {
      const oldest = answered.shown.keys().next().value;
      if (oldest !== undefined) answered.shown.delete(oldest);
    }
  }
}

function sameContext(a: NarrowingContext, b: NarrowingContext): boolean {
  return (
    a.drafts === b.drafts &&
    a.attentionOnly === b.attentionOnly &&
    a.devicesCount === b.devicesCount &&
    // The clock only decides what shows with the attention filter (an offline device).
    (!a.attentionOnly || a.now === b.now)
  );
}
