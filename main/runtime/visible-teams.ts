/**
 * While the popover is open, the teams on screen stay fresh: the renderer says which teams it
 * shows, and their instances and devices are read again every 20 s (those older than that at
 * once). Nothing is read for a closed popover beyond the background refresh. A team just brought on
 * screen is read in the user's lane of the server's limiter, ahead of queued background reads;
 * the reads every 20 s after that wait their turn with the others. A read asked for counts as one
 * whether it answered or failed: a team whose read fails is not read again on every watch the
 * page sends (the time asked is this scheduler's own, not a fact of the model).
 */
import type { AccountId, TeamId } from '../../common/brand';

const VISIBLE_REFRESH_MS = 20_000;

interface TeamRef {
  readonly accountId: AccountId;
  readonly teamId: TeamId;
}

export interface VisibleTeamsDeps {
  /** `asked`: the team was just brought on screen (the user's lane). */
  readonly refreshTeam: (accountId: AccountId, teamId: TeamId, asked: boolean) => Promise<void>;
  /** When the team was last read, or null. */
  readonly fetchedAt: (accountId: AccountId, teamId: TeamId) => number | null;
  readonly now: () => number;
  readonly intervalMs?: number;
}

export interface VisibleTeams {
  /** The teams on screen now (an empty list when the popover closed). */
  watch(teams: readonly TeamRef[]): void;
  dispose(): void;
}

export function createVisibleTeams(deps: VisibleTeamsDeps): VisibleTeams {
  const intervalMs = deps.intervalMs ?? VISIBLE_REFRESH_MS;
  let watched: readonly TeamRef[] = [];
  let timer: ReturnType<typeof setInterval> | null = null;
  /** When each team's read was last asked for here, answered or not. */
  const askedAt = new Map<string, number>();

  const refreshStale = (asked: boolean): void => {
    const now = deps.now();
    // A time older than the interval holds nothing back any more.
    for (const [key, at] of askedAt) if (now - at >= intervalMs) askedAt.delete(key);
    for (const { accountId, teamId } of watched) {
      const key = `${accountId}/${teamId}`;
      const at = Math.max(
        deps.fetchedAt(accountId, teamId) ?? -Infinity,
        askedAt.get(key) ?? -Infinity,
      );
      // A little early rather than a whole interval late.
      if (now - at >= intervalMs * 0.9) {
        askedAt.set(key, now);
        void deps.refreshTeam(accountId, teamId, asked);
      }
    }
  };
  const stop = (): void => {
    if (timer !== null) clearInterval(timer);
    timer = null;
  };

  return {
    watch(teams) {
      watched = teams;
      if (teams.length === 0) {
        stop();
        return;
      }
      refreshStale(true);
      timer ??= setInterval(() => {
        refreshStale(false);
      }, intervalMs);
    },
    dispose: stop,
  };
}
