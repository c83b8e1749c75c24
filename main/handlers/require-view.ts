import { AppError } from '../../common/errors';
import type { AccountView } from '../../common/model';
import type { TeamsService } from '../teams/teams-service';

/** The account's view, or the error every area gives for an account that is no longer saved. */
export function requireView(teams: TeamsService, id: string): AccountView {
  const view = teams.view(id);
  if (view === undefined) throw new AppError('unknown_account', 'That server is no longer saved.');
  return view;
}
