/**
 * The instances and devices of every team, as main sent them (getState, then one push per team
 * as it is read). Kept apart from the accounts: a team's runtime changes far more often than its
 * account, and only the team that changed is replaced.
 */
import type { AccountId } from '../../common/brand';
import { attentionCounts, type AttentionCounts } from '../../common/attention';
import type { AccountStatus, AccountView } from '../../common/model';
import type { TeamRuntime, TeamRuntimeUpdate } from '../../common/runtime';
import { quietRuntime } from '../../common/runtime-read';
import { runtimeViewOf, type TeamRuntimeView } from './runtime-view';

export class RuntimeStore {
  private readonly byAccount = new Map<string, Map<string, TeamRuntime>>();
  /** Counts every change, so the attention counts are worked out once per change, not per frame. */
  private version = 0;
  private attentionMemo: {
    readonly version: number;
    readonly accounts: readonly { readonly id: string; readonly status: AccountStatus }[];
    readonly now: number;
    readonly devices: boolean;
    readonly counts: AttentionCounts;
  } | null = null;

  /** Everything getState answered. */
  load(accounts: readonly AccountView[]): void {
    this.version += 1;
    this.byAccount.clear();
    for (const account of accounts) this.setAccount(account);
  }

  /** One account as addAccount, updateAccount or getState gave it (quiet teams left out). */
  setAccount(account: Pick<AccountView, 'id' | 'runtime' | 'teams'>): void {
    this.version += 1;
    const teams = new Map<string, TeamRuntime>();
    for (const runtime of account.runtime.teams) teams.set(runtime.teamId, runtime);
    const { quietSince } = account.runtime;
    for (const teamId of account.teams.id) {
      if (!teams.has(teamId)) teams.set(teamId, quietRuntime(teamId, quietSince));
    }
    this.byAccount.set(account.id, teams);
  }

  apply(update: TeamRuntimeUpdate): void {
    this.version += 1;
    let teams = this.byAccount.get(update.accountId);
    if (teams === undefined) {
      teams = new Map();
      this.byAccount.set(update.accountId, teams);
    }
    teams.set(update.runtime.teamId, update.runtime);
  }

  forget(accountId: string): void {
    this.version += 1;
    this.byAccount.delete(accountId);
  }

  get(accountId: string, teamId: string): TeamRuntime | undefined {
    return this.byAccount.get(accountId)?.get(teamId);
  }

  view(accountId: AccountId, teamId: string): TeamRuntimeView | undefined {
    const runtime = this.get(accountId, teamId);
    return runtime === undefined ? undefined : runtimeViewOf(accountId, runtime);
  }

  /**
   * What needs the user across every account (the summary at the top, its filter). The same
   * answer as long as nothing changed: the list asks on every render, scroll frames included.
   */
  attention(
    accounts: readonly { readonly id: string; readonly status: AccountStatus }[],
    options: { readonly now: number; readonly devices: boolean },
  ): AttentionCounts {
    const memo = this.attentionMemo;
    if (
      memo?.version === this.version &&
      memo.accounts === accounts &&
      memo.now === options.now &&
      memo.devices === options.devices
    ) {
      return memo.counts;
    }
    const counts = this.count(accounts, options);
    this.attentionMemo = { version: this.version, accounts, ...options, counts };
    return counts;
  }

  private count(
    accounts: readonly { readonly id: string; readonly status: AccountStatus }[],
    options: { readonly now: number; readonly devices: boolean },
  ): AttentionCounts {
    return attentionCounts(
      accounts.map((account) => ({
        status: account.status,
        runtime: [...(this.byAccount.get(account.id)?.values() ?? [])],
      })),
      options,
    );
  }
}
