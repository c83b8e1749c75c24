/**
 * The model and the services the core composes over it, built from the opened stores: the model
 * starts from the saved accounts and what the caches hold; the services (teams, their instances
 * and devices, instance actions, the teams kept fresh on screen) write what they learn into it;
 * and one refresh reads an account's teams, then their instances and devices.
 */
import type { AccountId } from '../common/brand';
import type { AppErrorShape } from '../common/errors';
import type { CoreDeps } from './core-types';
import type { ClientFactory } from './flowfuse/types';
import type { Logger } from './log';
import { createModel, type Model } from './model/model';
import { accountIn, teamIn } from './model/select';
import { createDeviceActions } from './runtime/device-actions';
import { createInstanceActions } from './runtime/instance-actions';
import { createRuntimeService } from './runtime/runtime-service';
import { createVisibleTeams } from './runtime/visible-teams';
import { loadCachedAccounts } from './store/cached-accounts';
import type { Stores } from './store/open-stores';
import { createTeamsService } from './teams/teams-service';

/** The model as the stores have it at start: settings, vault, notices, accounts and caches. */
export function startModel(stores: Stores, log?: Logger): Model {
  const model = createModel(
    {
      settings: stores.settings.get(),
      vault: stores.vault.status(),
      notices: stores.notices.list(),
      accounts: [],
    },
    log,
  );
  loadCachedAccounts(model, stores.registry, stores.teamsCache, stores.runtimeCache);
  return model;
}

export function createServices(
  deps: Pick<CoreDeps, 'log' | 'actionTiming'>,
  stores: Stores,
  clientFactory: ClientFactory,
  now: () => number,
) {
  const { log } = deps;
  const { registry } = stores;
  const model = startModel(stores, log);
  const teams = createTeamsService({ model, registry, clientFactory, now, log });
  // A 401 on any call, not only the team list, turns the account to "Token expired or revoked".
  const tokenRefused = (accountId: AccountId, error: AppErrorShape): void => {
    teams.tokenRefused(accountId, error);
  };
  const runtime = createRuntimeService({ model, registry, now, log, tokenRefused });
  const actions = createInstanceActions({
    model,
    registry,
    limiter: (accountId) => runtime.limiter(accountId),
    clientFactory,
    now,
    log,
    tokenRefused,
    ...(deps.actionTiming === undefined ? {} : { timing: deps.actionTiming }),
  });
  const devices = createDeviceActions({
    model,
    registry,
    limiter: (accountId) => runtime.limiter(accountId),
    clientFactory,
    now,
    log,
    tokenRefused,
    ...(deps.actionTiming === undefined ? {} : { timing: deps.actionTiming }),
  });
  const visible = createVisibleTeams({
    refreshTeam: (accountId, teamId, asked) => runtime.refreshTeam(accountId, teamId, asked),
    fetchedAt: (accountId, teamId) =>
      teamIn(model.state(), accountId, teamId)?.runtime.fetchedAt ?? null,
    now,
  });

  /** An account's teams, then (when they listed) their instances and devices. */
  async function refresh(accountId: AccountId, options?: { readonly restart?: boolean }) {
    await teams.refresh(accountId, options);
    if (accountIn(model.state(), accountId)?.status === 'ok') {
      await runtime.refreshAccount(accountId);
    }
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
  /** Lets go of a removed account's plumbing (the model and the caches forget it themselves). */
  function forget(accountId: AccountId): void {
    teams.forget(accountId);
    runtime.forget(accountId);
  }

  return { model, teams, runtime, actions, devices, visible, refresh, refreshAll, forget };
}
