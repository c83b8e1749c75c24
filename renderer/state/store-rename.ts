/**
 * A rename as the user sees it: checked here for the message, shown at once, sent to main. Main
 * holds the name while the server is asked (the team's pendingName) and then the name saved, or
 * the old one back; until its patch arrives the row shows the name typed (the store's draft, the
 * renderer's own). When main or FlowFuse says no, the reason shows under the row.
 */
import type { AccountId } from '../../common/brand';
import type { TeamtrayApi } from '../../common/contract';
import type { Team } from '../../common/state';
import { checkTeamName } from '../../common/team-name';
import { TOKEN_REFUSED_ON_ROW } from './error-help';
import { teamKey } from './rows';

export type RenameOutcome = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/** What a rename asks of the store (store.ts). */
export interface RenameStore {
  readonly connected: TeamtrayApi;
  team(accountId: string, teamId: string): Team | undefined;
  draft(key: string): string | undefined;
  setDraft(key: string, name: string): void;
  dropDraft(key: string, name: string): void;
  reportRowError(key: string, message: string): void;
  dismissRowError(key: string): void;
}

export async function renameTeam(
  store: RenameStore,
  accountId: AccountId,
  teamId: string,
  raw: string,
): Promise<RenameOutcome> {
  const key = teamKey(accountId, teamId);
  const check = checkTeamName(raw);
  if (!check.ok) return { ok: false, reason: check.reason };
  const team = store.team(accountId, teamId);
  if (team === undefined) return { ok: false, reason: 'This team is no longer listed.' };
  store.dismissRowError(key);
  // The saved name needs no request, unless an earlier rename to another one is on its way.
  const onItsWay = store.draft(key) !== undefined || team.pendingName !== null;
  if (check.name === team.name && !onItsWay) return { ok: true };
  store.setDraft(key, check.name);
  const result = await store.connected.renameTeam({ accountId, teamId, name: check.name });
  // Main's patch holds the answer now (the name saved, or the old one back).
  store.dropDraft(key, check.name);
  if (result.ok) return { ok: true };
  const reason =
    result.error.code === 'unauthorized'
      ? `Could not rename to “${check.name}”. ${TOKEN_REFUSED_ON_ROW}`
      : `Could not rename to “${check.name}”: ${result.error.message}`;
  store.reportRowError(key, reason);
  return { ok: false, reason };
}
