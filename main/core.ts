/**
 * The composition root of main, in plain TypeScript: opens the stores and the vault, builds the
 * FlowFuse clients and the teams service, merges the handler areas (main/handlers) into the
 * contract's table, and wires the services' changes to pushes and the tray. It answers no request
 * itself. The Electron layer and the browser tests both build the app through this function.
 */
import type { EventName, EventPayloads } from '../common/contract';
import type { AccountView, AppInfo, AppState } from '../common/model';
import type { Core, CoreDeps, TrayStatus } from './core-types';
import { createClientFactory } from './flowfuse/client';
import { accountHandlers } from './handlers/accounts';
import { appHandlers } from './handlers/app';
import { settingsHandlers } from './handlers/settings';
import { teamHandlers } from './handlers/teams';
import { createDispatcher, type Handlers } from './ipc/dispatch';
import { createAccountUpdates } from './pushes/account-updates';
import { createRefreshTimer } from './teams/refresh-timer';
import { createTeamsService } from './teams/teams-service';
import { openStores } from './store/open-stores';
import { TEAMS_CACHE_SAVE_DELAY_MS } from './store/teams-cache';

type EventListener = <E extends EventName>(event: E, payload: EventPayloads[E]) => void;

export interface CoreOptions extends CoreDeps {
  /** Start a refresh of every account as soon as the core is up (default true). */
  readonly refreshOnStart?: boolean;
}

export async function createCore(deps: CoreOptions): Promise<Core> {
  const { log, shell } = deps;
  const now = deps.now ?? Date.now;
  const clientFactory = createClientFactory({ fetch: deps.fetch, log, ...deps.http });
  const stores = await openStores({
    stores: deps.stores,
    cipher: deps.cipher,
    clientFactory,
    log,
    now,
    appVersion: deps.appVersion,
    cacheSaveDelayMs: TEAMS_CACHE_SAVE_DELAY_MS,
  });
  const { registry, settings, notices, vault, teamsCache } = stores;
  const teams = createTeamsService({ registry, cache: teamsCache, clientFactory, now, log });

  const listeners = new Set<EventListener>();
  const trayListeners = new Set<(status: TrayStatus) => void>();
  let lastTrayStatus: TrayStatus = 'ok';

  const emit = <E extends EventName>(event: E, payload: EventPayloads[E]): void => {
    for (const listener of listeners) listener(event, payload);
  };
  const updates = createAccountUpdates();
  const app = (): AppInfo => ({
    settings: settings.get(),
    vault: vault.status(),
    notices: notices.list(),
  });
  const state = (): AppState => {
    const accounts = teams.views();
    updates.sentAll(accounts);
    return { ...app(), accounts };
  };
  const updateTray = (): void => {
    const status = trayStatusOf(teams.views());
    if (status === lastTrayStatus) return;
    lastTrayStatus = status;
    for (const listener of trayListeners) listener(status);
  };
  const emitApp = (): void => {
    emit('appChanged', app());
  };
  // Added, removed, reordered or edited: every account's news first (a new one included), then
  // the order, so the renderer never orders an account it has not heard of.
  const emitAccounts = (): void => {
    const views = teams.views();
    for (const view of views) emit('accountChanged', updates.update(view));
    emit(
      'accountOrder',
      views.map((view) => view.id),
    );
    updateTray();
  };

  const unsubscribers = [
    teams.onAccountChanged((view) => {
      emit('accountChanged', updates.update(view));
      updateTray();
    }),
    registry.onChange(emitAccounts),
    notices.onChange(emitApp),
  ];

  const refreshAll = (): Promise<void> => teams.refresh();
  const timer = createRefreshTimer({ refresh: refreshAll, log });
  timer.arm(settings.get().refreshIntervalMinutes);

  const handlers = {
    ...appHandlers({ state, notices, shell }),
    ...accountHandlers({ registry, teams, teamsCache, shell }),
    ...teamHandlers({ teams, shell, log }),
    ...settingsHandlers({
      settings,
      shell,
      log,
      saved(saved) {
        timer.arm(saved.refreshIntervalMinutes);
        emitApp();
      },
    }),
  } satisfies Handlers;

  const dispatch = createDispatcher(handlers, log);
  if (deps.refreshOnStart ?? true) void refreshAll();

  return {
    dispatch: (method, payload) => dispatch(method, payload),
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    trayStatus: () => lastTrayStatus,
    onTrayStatus(listener) {
      trayListeners.add(listener);
      return () => trayListeners.delete(listener);
    },
    refreshAll,
    settings: () => settings.get(),
    savedOrigins: () => registry.list().map((account) => account.origin),
    dispose() {
      timer.disarm();
      teamsCache.flush();
      for (const unsubscribe of unsubscribers) unsubscribe();
      listeners.clear();
      trayListeners.clear();
    },
  };
}

/** Attention when a server needs a new token; offline when no server answers. */
export function trayStatusOf(views: readonly AccountView[]): TrayStatus {
  if (views.some((view) => view.status === 'unauthorized' || view.status === 'token_unavailable')) {
    return 'attention';
  }
  const settled = views.filter((view) => view.status !== 'loading');
  if (settled.length > 0 && settled.every((view) => view.status === 'unreachable')) {
    return 'offline';
  }
  return 'ok';
}
