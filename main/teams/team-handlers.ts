/** The teams area: refresh, rename, open a team's page in the browser, copy its address. */
import { asAccountId, asTeamId, type AccountId } from '../../common/brand';
import { AppError } from '../../common/errors';
import type { TeamtrayState } from '../../common/state';
import type { ShellPort } from '../shell/port';
import type { Logger } from '../log';
import { teamIn } from '../model/select';
import { teamPageUrl } from './team-view';
import type { TeamsService } from './teams-service';
import type { RateLimit } from '../base/rate-limit';
import { requireAccount } from '../model/require-account';
import type { AreaHandlers } from '../ipc/area-handlers';

export interface TeamHandlerDeps {
  readonly teams: TeamsService;
  /** The model's tree now. */
  readonly state: () => TeamtrayState;
  /** Teams, then their instances and devices (the core's refresh). */
  readonly refresh: (accountId?: AccountId) => Promise<void>;
  /** Refreshes the page asks for (call-limits.ts). */
  readonly refreshes: RateLimit;
  /** Opens pages through the page limit (call-limits.ts). */
  readonly shell: ShellPort;
  readonly log: Logger;
}

export function teamHandlers(
  deps: TeamHandlerDeps,
): AreaHandlers<'refresh' | 'renameTeam' | 'openTeam' | 'copyTeamUrl'> {
  const { teams, state, shell, log } = deps;
  /** Built from the saved origin and the listed slug: never from anything the page sends. */
  const savedTeamUrl = (accountId: string, teamId: string, page: 'overview' | 'settings') => {
    const tree = state();
    const account = requireAccount(tree, accountId);
    const team = teamIn(tree, account.id, teamId);
    if (team === undefined) throw new AppError('not_found', 'That team is no longer listed.');
    return teamPageUrl(account.origin, team.slug, page);
  };
  return {
    refresh(request) {
      const accountId =
        request?.accountId === undefined
          ? undefined
          : requireAccount(state(), request.accountId).id;
      // The same refresh asked for twice within the gap (a double click) is the one under way.
      if (!deps.refreshes.take(accountId ?? 'every account')) return Promise.resolve(null);
      // Statuses arrive as pushes; the caller does not wait for the slowest server.
      void deps.refresh(accountId).catch((error: unknown) => {
        log.warn('refresh failed', { error });
      });
      return Promise.resolve(null);
    },
    // The service checks that the account and the team are listed.
    renameTeam: ({ accountId, teamId, name }) =>
      teams.rename(asAccountId(accountId), asTeamId(teamId), name),
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
