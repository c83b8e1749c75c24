/** The teams area: refresh, rename, and open a team's page in the browser. */
import { AppError } from '../../common/errors';
import type { ShellPort } from '../core-types';
import type { Logger } from '../log';
import { teamPageUrl } from '../teams/team-view';
import type { TeamsService } from '../teams/teams-service';
import { requireView } from './require-view';
import type { AreaHandlers } from './types';

export interface TeamHandlerDeps {
  readonly teams: TeamsService;
  readonly shell: ShellPort;
  readonly log: Logger;
}

export function teamHandlers(
  deps: TeamHandlerDeps,
): AreaHandlers<'refresh' | 'renameTeam' | 'openTeam'> {
  const { teams, shell, log } = deps;
  return {
    refresh(request) {
      const accountId = request?.accountId;
      if (accountId !== undefined) requireView(teams, accountId);
      // Statuses arrive as pushes; the caller does not wait for the slowest server.
      void teams.refresh(accountId).catch((error: unknown) => {
        log.warn('refresh failed', { error });
      });
      return Promise.resolve(null);
    },
    renameTeam: ({ accountId, teamId, name }) => teams.rename(accountId, teamId, name),
    async openTeam({ accountId, teamId, page }) {
      const view = requireView(teams, accountId);
      const team = teams.team(accountId, teamId);
      if (team === undefined) throw new AppError('not_found', 'That team is no longer listed.');
      await shell.openExternal(teamPageUrl(view.origin, team.slug, page ?? 'overview'));
      return null;
    },
  };
}
