/** The teams area: refresh, rename, open a team's page in the browser, copy its address. */
import { AppError } from '../../common/errors';
import type { ShellPort } from '../core-types';
import type { Logger } from '../log';
import { teamPageUrl } from '../teams/team-view';
import type { TeamsService } from '../teams/teams-service';
import type { RateLimit } from '../base/rate-limit';
import { requireView, type AccountViews } from './require-view';
import type { AreaHandlers } from './types';

export interface TeamHandlerDeps {
  readonly teams: TeamsService;
  readonly views: AccountViews;
  /** Teams, then their instances and devices (the core's refresh). */
  readonly refresh: (accountId?: string) => Promise<void>;
  /** Refreshes the page asks for (call-limits.ts). */
  readonly refreshes: RateLimit;
  /** Opens pages through the page limit (call-limits.ts). */
  readonly shell: ShellPort;
  readonly log: Logger;
}

export function teamHandlers(
  deps: TeamHandlerDeps,
): AreaHandlers<'refresh' | 'renameTeam' | 'openTeam' | 'copyTeamUrl'> {
  const { teams, views, shell, log } = deps;
  /** Built from the saved origin and the listed slug: never from anything the page sends. */
  const savedTeamUrl = (accountId: string, teamId: string, page: 'overview' | 'settings') => {
    const view = requireView(views, accountId);
    const team = teams.team(accountId, teamId);
    if (team === undefined) throw new AppError('not_found', 'That team is no longer listed.');
    return teamPageUrl(view.origin, team.slug, page);
  };
  return {
    refresh(request) {
      const accountId = request?.accountId;
      if (accountId !== undefined) requireView(views, accountId);
      // The same refresh asked for twice within the gap (a double click) is the one under way.
      if (!deps.refreshes.take(accountId ?? 'every account')) return Promise.resolve(null);
      // Statuses arrive as pushes; the caller does not wait for the slowest server.
      void deps.refresh(accountId).catch((error: unknown) => {
        log.warn('refresh failed', { error });
      });
      return Promise.resolve(null);
    },
    renameTeam: ({ accountId, teamId, name }) => teams.rename(accountId, teamId, name),
    async openTeam({ accountId, teamId, page }) {
      await shell.openInBrowser(savedTeamUrl(accountId, teamId, page ?? 'overview'));
      return null;
    },
    async copyTeamUrl({ accountId, teamId }) {
      await shell.copyText(savedTeamUrl(accountId, teamId, 'overview'));
      return null;
    },
  };
}
