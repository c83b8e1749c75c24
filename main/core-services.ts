/**
 * The services the core composes, built from the opened stores: teams, their instances and
 * devices, instance actions, the notifications watcher and the teams kept fresh on screen; and
 * one refresh that reads an account's teams, then their instances and devices.
 */
import { accountTitle } from '../common/account-title';
import type { AppErrorShape } from '../common/errors';
import type { AccountView } from '../common/model';
import type { CoreDeps } from './core-types';
import { hostOf } from './flowfuse/base-url';
import type { ClientFactory } from './flowfuse/types';
import { createInstanceActions } from './runtime/instance-actions';
import { createRuntimeService } from './runtime/runtime-service';
import { createRuntimeWatcher } from './runtime/runtime-watcher';
import { createVisibleTeams } from './runtime/visible-teams';
import type { Stores } from './store/open-stores';
import { createTeamsService } from './teams/teams-service';

export function createServices(
  deps: Pick<CoreDeps, 'notifier' | 'log' | 'actionTiming'>,
  stores: Stores,
  clientFactory: ClientFactory,
  now: () => number,
) {
  const { log } = deps;
  const { registry, settings } = stores;
  const teams = createTeamsService({ registry, cache: stores.teamsCache, clientFactory, now, log });
  const listed = (accountId: string) => teams.listed(accountId);
  // A 401 on any call, not only the team list, turns the account to "Token expired or revoked".
  const tokenRefused = (accountId: string, error: AppErrorShape): void => {
    teams.tokenRefused(accountId, error);
  };
  const runtime = createRuntimeService({
    registry,
    listed,
    clientFactory,
    cache: stores.runtimeCache,
    now,
    log,
    tokenRefused,
  });
  const actions = createInstanceActions({
    registry,
    runtime,
    listed,
    clientFactory,
    now,
    log,
    tokenRefused,
    ...(deps.actionTiming === undefined ? {} : { timing: deps.actionTiming }),
  });
  const view = (id: string): AccountView | undefined => {
    const account = teams.view(id);
    return account === undefined ? undefined : { ...account, runtime: runtime.accountRuntime(id) };
  };
  const watcher = createRuntimeWatcher({
    notifier: deps.notifier,
    settings: () => settings.get(),
    now,
    actedRecently: (accountId, instanceId) => actions.actedRecently(accountId, instanceId),
    accountTitle(accountId) {
      const account = registry.get(accountId);
      if (account === undefined) return 'A removed account';
      return accountTitle({ ...account, host: hostOf(account.origin) }).title;
    },
    teamName: (accountId, teamId) => teams.team(accountId, teamId)?.name ?? 'A team',
  });
  const visible = createVisibleTeams({
    refreshTeam: (accountId, teamId) => runtime.refreshTeam(accountId, teamId),
    fetchedAt: (accountId, teamId) =>
      runtime.runtimes(accountId).find((team) => team.teamId === teamId)?.fetchedAt ?? null,
    now,
  });

  /** An account's teams, then (when they listed) their instances and devices. */
  async function refresh(accountId: string, options?: { readonly restart?: boolean }) {
    await teams.refresh(accountId, options);
    if (teams.view(accountId)?.status === 'ok') await runtime.refreshAccount(accountId);
  }
  async function refreshAll(): Promise<void> {
    await Promise.all(
      registry.list().map((account) =>
        refresh(account.id).catch((error: unknown) => {
          log.warn('refresh failed', { error });
        }),
      ),
    );
  }
  function forget(accountId: string): void {
    stores.teamsCache.delete(accountId);
    runtime.forget(accountId);
    watcher.forget(accountId);
  }

  return { teams, runtime, actions, watcher, visible, view, refresh, refreshAll, forget };
}
