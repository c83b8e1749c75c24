/**
 * A rename as the user sees it: checked here for the message, shown at once, sent to main; the
 * old name comes back with the reason when main or FlowFuse says no. The store owns the
 * optimistic name (pendingNames), nothing in main does.
 */
import { checkTeamName } from '../../common/team-name';
import type { Team } from './account-item';
import { TOKEN_REFUSED_ON_ROW } from './error-help';
import { teamKey } from './rows';
import type { RenameOutcome, Store } from './store';

export async function renameTeam(store: Store, team: Team, raw: string): Promise<RenameOutcome> {
  const key = teamKey(team.accountId, team.id);
  const check = checkTeamName(raw);
  if (!check.ok) return { ok: false, reason: check.reason };
  store.rowErrors.delete(key);
  // The saved name needs no request, unless an earlier rename to another one is in flight.
  if (check.name === team.name && !store.pendingNames.has(key)) {
    store.touch();
    return { ok: true };
  }
  store.pendingNames.set(key, check.name);
  store.touch();
  const result = await store.connected.renameTeam({
    accountId: team.accountId,
    teamId: team.id,
    name: check.name,
  });
  // A later rename of the same team owns the override now.
  if (store.pendingNames.get(key) === check.name) store.pendingNames.delete(key);
  if (result.ok) {
    store.applyTeamName(team, result.value.name);
    store.touch();
    return { ok: true };
  }
  const reason =
    result.error.code === 'unauthorized'
      ? `Could not rename to “${check.name}”. ${TOKEN_REFUSED_ON_ROW}`
      : `Could not rename to “${check.name}”: ${result.error.message}`;
  store.rowErrors.set(key, reason);
  store.touch();
  return { ok: false, reason };
}
