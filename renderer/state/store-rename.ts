/**
 * A rename as the user sees it: checked here for the message, shown at once, sent to main. Main
 * holds the name while the server is asked (the team's pendingName) and then the name saved, or
 * the old one back; until the replica holds main's answer the row shows the name typed (its
 * draft, drafts.ts: it gives way at the version main answered with, so the name never flicks
 * back to the old one between the answer and main's patch). When main or FlowFuse says no, the
 * draft goes at once and the reason shows under the row.
 */
import type { AccountId } from '../../common/brand';
import type { TeamtrayApi } from '../../common/contract';
import type { Team } from '../../common/state';
import { checkTeamName } from '../../common/team-name';
import { draftKey, type Drafts } from './drafts';
import { TOKEN_REFUSED_ON_ROW } from './error-help';
import { teamKey } from './rows';

export type RenameOutcome = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/** What a rename asks of the store (store.ts). */
export interface RenameStore {
  readonly connected: TeamtrayApi;
  readonly drafts: Drafts;
  team(accountId: string, teamId: string): Team | undefined;
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
  const draft = draftKey.name(key);
  // The saved name needs no request, unless an earlier rename to another one is on its way.
  const onItsWay = store.drafts.get(draft) !== undefined || team.pendingName !== null;
  if (check.name === team.name && !onItsWay) return { ok: true };
  const result = await store.drafts.send([[draft, check.name]], () =>
    store.connected.renameTeam({ accountId, teamId, name: check.name }),
  );
  if (result.ok) return { ok: true };
  const reason =
    result.error.code === 'unauthorized'
      ? `Could not rename to “${check.name}”. ${TOKEN_REFUSED_ON_ROW}`
      : `Could not rename to “${check.name}”: ${result.error.message}`;
  store.reportRowError(key, reason);
  return { ok: false, reason };
}
