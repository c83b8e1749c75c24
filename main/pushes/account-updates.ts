/**
 * What a push about an account carries: its teams only when they are not what the renderer last
 * got (by getState or an earlier push). The teams service builds one TeamTable per list of teams,
 * so "the same" is identity, and a status change costs a few hundred bytes instead of the list.
 */
import type { AccountTeams, AccountUpdate, TeamTable } from '../../common/model';

export interface AccountUpdates {
  /** The push for this view, remembering its teams as sent. */
  update(view: AccountTeams): AccountUpdate;
  /** getState answered with these views: the renderer has all of their teams. */
  sentAll(views: readonly AccountTeams[]): void;
}

export function createAccountUpdates(): AccountUpdates {
  const sent = new Map<string, TeamTable>();
  return {
    update(view) {
      if (sent.get(view.id) === view.teams) {
        // The renderer has these teams: send the rest.
        const { teams, ...meta } = view;
        return meta;
      }
      sent.set(view.id, view.teams);
      return view;
    },
    sentAll(views) {
      sent.clear();
      for (const view of views) sent.set(view.id, view.teams);
    },
  };
}
