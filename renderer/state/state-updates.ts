/**
 * How main's answers and pushes change the renderer's state, as pure functions. A push about an
 * account carries its teams only when they changed: the account keeps the teams it has otherwise.
 */
import type { AccountId } from '../../common/brand';
import type { AccountUpdate, AccountView, AppInfo, AppState } from '../../common/model';
import { accountItem, teamsFromTable, type Account, type Team } from './account-item';

/** The renderer's state: main's, with the accounts as the renderer's objects. */
export interface PopoverState extends AppInfo {
  readonly accounts: readonly Account[];
}

export function fromAppState(state: AppState): PopoverState {
  return {
    settings: state.settings,
    vault: state.vault,
    notices: state.notices,
    accounts: state.accounts.map(fromView),
  };
}

/** A whole account, as addAccount and updateAccount answer it. */
export function fromView(view: AccountView): Account {
  const { teams, ...meta } = view;
  return accountItem(meta, teamsFromTable(view.id, teams));
}

/** Applies one account's news; an account not seen yet is added at the end. */
export function withAccountUpdate(
  accounts: readonly Account[],
  update: AccountUpdate,
): readonly Account[] {
  const at = accounts.findIndex((existing) => existing.id === update.id);
  const { teams: table, ...meta } = update;
  const previous = accounts[at];
  let teams: readonly Team[];
  if (table !== undefined) teams = teamsFromTable(update.id, table);
  else teams = previous?.teams ?? [];
  const next = accountItem(meta, teams);
  if (at === -1) return [...accounts, next];
  return accounts.map((account, index) => (index === at ? next : account));
}

/** The saved accounts in main's order; one main no longer has is dropped. */
export function inOrder(accounts: readonly Account[], ids: readonly AccountId[]): Account[] {
  const byId = new Map(accounts.map((account) => [account.id as string, account]));
  return ids.flatMap((id) => {
    const account = byId.get(id);
    return account === undefined ? [] : [account];
  });
}

/** The team's new name, in place; the rest of the account is the same objects. */
export function withTeamName(
  accounts: readonly Account[],
  team: Team,
  name: string,
): readonly Account[] {
  return accounts.map((account) =>
    account.id !== team.accountId
      ? account
      : {
          ...account,
          teams: account.teams.map((each) => (each.id === team.id ? { ...each, name } : each)),
        },
  );
}
