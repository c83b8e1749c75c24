/**
 * The composition root of main, in plain TypeScript: opens the stores and the vault, builds the
 * services (core-services.ts), merges the handler areas (main/handlers) into the contract's
 * table, and wires the services' changes to pushes, notifications and the tray. It answers no
 * request itself. The Electron layer and the browser tests both build the app through it.
 */
import type { EventName, EventPayloads } from '../common/contract';
import { attentionCounts } from '../common/attention';
import type { AppInfo, AppState } from '../common/model';
import { createServices } from './core-services';
import type { Core, CoreDeps, TrayStatus } from './core-types';
import { createClientFactory } from './flowfuse/client';
import { accountHandlers } from './handlers/accounts';
import { appHandlers } from './handlers/app';
import { createCallLimits, pageLimitedShell } from './handlers/call-limits';
import { runtimeHandlers } from './handlers/runtime';
import { settingsHandlers } from './handlers/settings';
import { teamHandlers } from './handlers/teams';
import { createDispatcher, type Handlers } from './ipc/dispatch';
import { createAccountUpdates } from './pushes/account-updates';
import { createRuntimeUpdates } from './pushes/runtime-updates';
import { openStores } from './store/open-stores';
import { TEAMS_CACHE_SAVE_DELAY_MS } from './store/teams-cache';
import { createRefreshTimer } from './teams/refresh-timer';
import { trayStatusOf, type TrayInput } from './tray-status';

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
    ...(deps.accountCheckMs === undefined ? {} : { accountCheckMs: deps.accountCheckMs }),
  });
  const { registry, settings, notices, vault } = stores;
  const services = createServices(deps, stores, clientFactory, now);
  const { teams, runtime, watcher, visible } = services;

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
  const runtimeUpdates = createRuntimeUpdates();
  const state = (): AppState => {
    const accounts = registry.list().flatMap((account) => services.view(account.id) ?? []);
    updates.sentAll(accounts);
    runtimeUpdates.sentAll(accounts);
    return { ...app(), accounts };
  };
  // What each account adds to the tray, worked out again only for the account that changed: a
  // refresh of 5,000 teams pushes 10,000 times, and summing everything each time was quadratic.
  const trayInputs = new Map<string, TrayInput>();
  const noteForTray = (accountId: string): void => {
    const view = teams.view(accountId);
    if (view === undefined) {
      trayInputs.delete(accountId);
      return;
    }
    const input = { status: view.status, runtime: runtime.runtimes(accountId) };
    const counts = attentionCounts([input], {
      now: now(),
      devices: settings.get().devicesNeedAttention,
    });
    trayInputs.set(accountId, { status: view.status, counts });
  };
  const updateTray = (): void => {
    for (const id of trayInputs.keys()) if (registry.get(id) === undefined) trayInputs.delete(id);
    const status = trayStatusOf(trayInputs.values());
    if (status === lastTrayStatus) return;
    lastTrayStatus = status;
    for (const listener of trayListeners) listener(status);
  };
  const emitApp = (): void => {
    emit('appChanged', app());
    // "Devices count too" may have changed.
    for (const account of registry.list()) noteForTray(account.id);
    updateTray();
  };
  // Added, removed, reordered or edited: every account's news first (a new one included), then
  // the order, so the renderer never orders an account it has not heard of.
  const emitAccounts = (): void => {
    const views = teams.views();
    for (const view of views) {
      emit('accountChanged', updates.update(view));
      noteForTray(view.id);
    }
    emit(
      'accountOrder',
      views.map((view) => view.id),
    );
    updateTray();
  };

  const unsubscribers = [
    teams.onAccountChanged((view) => {
      emit('accountChanged', updates.update(view));
      watcher.accountStatus(view.id, view.status);
      noteForTray(view.id);
      updateTray();
    }),
    runtime.onChange((change) => {
      const changed = runtimeUpdates.update(change.accountId, change.runtime);
      if (changed !== null) emit('teamRuntime', { accountId: change.accountId, runtime: changed });
      if (change.read !== null) {
        watcher.teamRead(change.accountId, change.runtime.teamId, change.read);
      }
      noteForTray(change.accountId);
      updateTray();
    }),
    registry.onChange(emitAccounts),
    notices.onChange(emitApp),
  ];

  for (const account of registry.list()) noteForTray(account.id);
  updateTray();

  const refreshAll = (): Promise<void> => services.refreshAll();
  const timer = createRefreshTimer({ refresh: refreshAll, log });
  timer.arm(settings.get().refreshIntervalMinutes);

  const views = { view: services.view };
  // What the page can make main do outside: one limiter each for probes, pages and refreshes.
  const limits = createCallLimits(now, deps.limits);
  const pages = pageLimitedShell(shell, limits.pages);
  const handlers = {
    ...appHandlers({ state, notices, shell: pages, appVersion: deps.appVersion }),
    ...accountHandlers({
      registry,
      views,
      refresh: services.refresh,
      forget: services.forget,
      shell: pages,
      probes: limits.probes,
    }),
    ...teamHandlers({
      teams,
      views,
      refresh: (accountId) =>
        accountId === undefined ? refreshAll() : services.refresh(accountId),
      refreshes: limits.refreshes,
      shell: pages,
      log,
    }),
    ...runtimeHandlers({ views, runtime, actions: services.actions, visible, shell: pages }),
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
      visible.dispose();
      stores.teamsCache.flush();
      stores.runtimeCache.flush();
      for (const unsubscribe of unsubscribers) unsubscribe();
      listeners.clear();
      trayListeners.clear();
    },
  };
}
