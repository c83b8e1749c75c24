/**
 * Keeps a row object the same object while what it shows is the same, so the list redraws only
 * the rows that changed (tt-team-list.ts guards each row's template on its row object).
 *
 * The model is replaced along the path of a change and shared everywhere else (main's immer, the
 * replica's apply-patches.ts): a patch to one instance gives that instance, its team, its team's
 * runtime and its account new objects, and leaves every other team, instance and device the
 * object it was. A row holds its item and, for its words and actions, its team and its account:
 * so a row is kept when its own fields are the same objects as the last build's row of that key,
 * and its account and team hold the same facts apart from the lists under them (an instance's row
 * reads its team's id, name and role and its account's id, user and token, never their other
 * teams or instances). A team's row holds its team itself (its summary counts the team's
 * instances), so a patch to an instance gives two new rows: the instance's and its team's.
 *
 * Written here, not taken from a library: it is a comparison of our own row shapes (a generic
 * memo would keep every row whose account changed, or none).
 */
import type { Account, Team } from '../../common/state';

/** A row of the list (rows.ts): its key, its kind, and what it shows. */
interface MemoRow {
  readonly key: string;
  readonly kind: string;
}

export class RowMemo {
  private previous = new Map<string, MemoRow>();
  private current = new Map<string, MemoRow>();

  /** Starts a build: the last build's rows may be kept; rows not built again are forgotten. */
  begin(): void {
    this.previous = this.current;
    this.current = new Map();
  }

  /**
   * The last build's row of this key, to be kept without building a new one when the caller
   * sees it shows the same (a team row whose team and account are the same objects: rows.ts);
   * then `keepAsIs`.
   */
  before(key: string): MemoRow | undefined {
    return this.previous.get(key);
  }

  /** Keeps the last build's row as it is (`before` gave it). */
  keepAsIs<R extends MemoRow>(row: R): R {
    this.current.set(row.key, row);
    return row;
  }

  /** The last build's row of this key when it shows the same, else `row` itself. */
  readonly keep = <R extends MemoRow>(row: R): R => {
    const before = this.previous.get(row.key);
    const kept = before !== undefined && sameRow(before, row) ? (before as R) : row;
    this.current.set(row.key, kept);
    return kept;
  };
}

/** Without a memo: every row as built. */
export const asBuilt = <R extends MemoRow>(row: R): R => row;

/** Both rows show the same: every field the same object, their account and team the same facts. */
export function sameRow(a: MemoRow, b: MemoRow): boolean {
  if (a === b) return true;
  if (a.kind !== b.kind) return false;
  const before = a as unknown as Readonly<Record<string, unknown>>;
  const after = b as unknown as Readonly<Record<string, unknown>>;
  const keys = Object.keys(after);
  if (keys.length !== Object.keys(before).length) return false;
  for (const key of keys) {
    const was = before[key];
    const is = after[key];
    if (was === is) continue;
    if (key === 'account') {
      if (!sameAccountFacts(was as Account, is as Account)) return false;
    } else if (key === 'team' && b.kind !== 'team') {
      if (!sameTeamFacts(was as Team, is as Team)) return false;
    } else if (key === 'counts') {
      // A block's counts (child-block.ts) are worked out anew each build: the same numbers are
      // the same block, so the window and the list see no change.
      if (!sameCounts(was as Counts, is as Counts)) return false;
    } else {
      return false;
    }
  }
  return true;
}

type Counts = Readonly<Record<string, number | undefined>>;

function sameCounts(a: Counts, b: Counts): boolean {
  const keys = Object.keys(b);
  return keys.length === Object.keys(a).length && keys.every((key) => a[key] === b[key]);
}

/** Every field of the account the same, its teams aside (as many of them: its header counts them). */
function sameAccountFacts(a: Account, b: Account): boolean {
  return a.teams.length === b.teams.length && sameExcept(a, b, 'teams');
}

/** Every field of the team the same, its instances and devices aside. */
function sameTeamFacts(a: Team, b: Team): boolean {
  return sameExcept(a, b, 'runtime');
}

function sameExcept<T extends object>(a: T, b: T, skip: keyof T): boolean {
  const before = a as Readonly<Record<string, unknown>>;
  const after = b as Readonly<Record<string, unknown>>;
  const keys = Object.keys(after);
  if (keys.length !== Object.keys(before).length) return false;
  return keys.every((key) => key === skip || before[key] === after[key]);
}
