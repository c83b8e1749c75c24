/**
 * The teams cache and the runtime cache as projections of the model: after a list or a rename
 * the account's teams are written, after a read, a poll, a settled action or a last action read
 * the team's instances and devices, and a removed account's entries go. The caches gather their writes into one file
 * write (gathered-writes.ts).
 */
import type { AccountId, TeamId } from '../../common/brand';
import type { Unsubscribe } from '../../common/emitter';
import type { TeamtrayState } from '../../common/state';
import { readingOf } from '../model/facts';
import type { Model } from '../model/model';
import { accountIn, teamIn } from '../model/select';
import type { RuntimeCache } from './runtime-cache';
import type { TeamsCache } from './types';

export function saveCaches(
  model: Model,
  teamsCache: TeamsCache,
  runtimeCache: RuntimeCache,
): Unsubscribe {
  const saveTeams = (state: TeamtrayState, accountId: AccountId): void => {
    const account = accountIn(state, accountId);
    // Never listed (only a rename of cached teams): nothing new to keep.
    if (account?.lastSuccessAt == null) return;
    teamsCache.write(accountId, {
      teams: account.teams.map(({ runtime: _runtime, pendingName: _pending, ...listed }) => listed),
      lastSuccessAt: account.lastSuccessAt,
      version: account.version,
    });
  };
  const saveRuntime = (state: TeamtrayState, accountId: AccountId, teamId: TeamId): void => {
    const runtime = teamIn(state, accountId, teamId)?.runtime;
    if (runtime?.fetchedAt == null) return;
    runtimeCache.write(accountId, teamId, { fetchedAt: runtime.fetchedAt, ...readingOf(runtime) });
  };
  return model.subscribe((change) => {
    switch (change.name) {
      case 'listed': {
        const { accountId } = change.payload;
        saveTeams(change.state, accountId);
        runtimeCache.retainTeams(
          accountId,
          change.payload.teams.map((team) => team.id),
        );
        return;
      }
      case 'renamed':
        saveTeams(change.state, change.payload.accountId);
        return;
      case 'read':
      case 'polled':
      case 'settled':
      case 'lastActionRead':
        saveRuntime(change.state, change.payload.accountId, change.payload.teamId);
        return;
      case 'accountRemoved':
        teamsCache.delete(change.payload.accountId);
        runtimeCache.delete(change.payload.accountId);
        return;
      default:
        return;
    }
  });
}
