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
import type { Account, Team } from '../../common/state';
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

/**
 * Works out the search keys of these accounts' teams while the page is idle, a few dozen at a
 * time while the idle period lasts; returns a cancel (a model change starts again).
 */
export function warmSearchKeys(accounts: readonly Account[], idle: IdleSchedule): () => void {
  const teams = accounts.flatMap((account) => account.teams);
  let next = 0;
  let cancel = (): void => undefined;
  const step = (deadline: Deadline): void => {
    do {
      for (const end = Math.min(teams.length, next + TEAMS_PER_LOOK); next < end; next += 1) {
        teamSearchKeys(teams[next] as Team);
      }
    } while (next < teams.length && deadline.timeRemaining() >= 1);
    if (next < teams.length) cancel = idle(step);
  };
  cancel = idle(step);
  return () => {
    cancel();
  };
}
