/**
 * The search keys (search-keys.ts) worked out while the page is idle after each model change,
 * rather than by the first keystroke after it: they are kept per model object, so the first
 * search after the popover opened (or after a refresh replaced teams) worked them out for every
 * team in the keystroke's own frame (#30: at 5,000 teams the slowest keystroke of the filter).
 * Only the teams new since the last pass cost anything: the others' keys are found in the cache.
 *
 * A few teams at a time, while the idle period lasts (requestIdleCallback's deadline), so it never
 * makes a long task; a model change meanwhile starts again over the new accounts.
 */
import type { Account } from '../../common/state';
import { teamSearchKeys } from './search-keys';

/** How much of the idle period is left, in ms (the page's IdleDeadline). */
interface Deadline {
  timeRemaining(): number;
}

/** Runs `work` when the page is idle; returns a cancel. */
export type IdleSchedule = (work: (deadline: Deadline) => void) => () => void;

/** The page's: requestIdleCallback, where there is one (not in Node). */
export function pageIdle(): IdleSchedule | null {
  if (typeof requestIdleCallback !== 'function') return null;
  return (work) => {
    const id = requestIdleCallback(work, { timeout: 1_000 });
    return () => {
      cancelIdleCallback(id);
    };
  };
}

/** Teams worked out between two looks at the deadline. */
const TEAMS_PER_LOOK = 64;

export class SearchWarmup {
  private cancel: (() => void) | null = null;

  constructor(private readonly idle: IdleSchedule) {}

  /** Works out the search keys of these accounts' teams, while the page is idle. */
  warm(accounts: readonly Account[]): void {
    this.dispose();
    let account = 0;
    let team = 0;
    const step = (deadline: Deadline): void => {
      for (; account < accounts.length; account += 1, team = 0) {
        const teams = accounts[account]?.teams ?? [];
        while (team < teams.length) {
          const end = Math.min(teams.length, team + TEAMS_PER_LOOK);
          for (; team < end; team += 1) {
            const of = teams[team];
            if (of !== undefined) teamSearchKeys(of);
          }
          if (team < teams.length && deadline.timeRemaining() < 1) {
            this.cancel = this.idle(step);
            return;
          }
        }
      }
      this.cancel = null;
    };
    this.cancel = this.idle(step);
  }

  dispose(): void {
    this.cancel?.();
    this.cancel = null;
  }
}
