/**
 * The core of main, in plain TypeScript: stores, vault, FlowFuse clients and the teams service,
 * composed once and exposed as the contract's handlers. The Electron layer and the browser tests
 * both build the app through this function, with different adapters.
 */
import type { EventName, EventPayloads } from '../common/contract';
import { AppError } from '../common/errors';
import type { AppState, AccountView, Settings } from '../common/model';
import type { Core, CoreDeps, TrayStatus } from './core-types';
import { normalizeBaseUrl } from './flowfuse/base-url';
import { createClientFactory } from './flowfuse/client';
import { createDispatcher, type Handlers } from './ipc/dispatch';
import { createRefreshTimer } from './teams/refresh-timer';
import { teamPageUrl, tokenPageUrl } from './teams/team-view';
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
  const state = (): AppState => ({
    accounts: teams.views(),
    settings: settings.get(),
    vault: vault.status(),
    notices: notices.list(),
  });
  const updateTray = (): void => {
    const status = trayStatusOf(teams.views());
    if (status === lastTrayStatus) return;
    lastTrayStatus = status;
    for (const listener of trayListeners) listener(status);
  };
  const emitState = (): void => {
    emit('stateChanged', state());
    updateTray();
  };

  const unsubscribers = [
    teams.onAccountChanged((view) => {
      emit('accountChanged', view);
      updateTray();
    }),
    registry.onChange(emitState),
    notices.onChange(emitState),
  ];

  const viewOf = (id: string): AccountView => {
    const view = teams.view(id);
    if (view === undefined)
      throw new AppError('unknown_account', 'That server is no longer saved.');
    return view;
  };
  const refreshAll = (): Promise<void> => teams.refresh();
  const timer = createRefreshTimer({ refresh: refreshAll, log });
  timer.arm(settings.get().refreshIntervalMinutes);

  const handlers: Handlers = {
    getState: () => Promise.resolve(state()),
    async addAccount(request) {
      const saved = await registry.add(request);
      void teams.refresh(saved.id);
      return viewOf(saved.id);
    },
    async updateAccount(request) {
      const saved = await registry.update(request);
      // A refresh still in flight asked with the old address or token: start anew, do not join it.
      if (request.url !== undefined || request.token !== undefined) {
        void teams.refresh(saved.id, { restart: true });
      }
      return viewOf(saved.id);
    },
    async removeAccount({ id }) {
      await registry.remove(id);
      teamsCache.delete(id);
      return null;
    },
    reorderAccounts({ ids }) {
      registry.reorder(ids);
      return Promise.resolve(null);
    },
    refresh(request) {
      const accountId = request?.accountId;
      if (accountId !== undefined) viewOf(accountId);
      // Statuses arrive as pushes; the caller does not wait for the slowest server.
      void teams.refresh(accountId).catch((error: unknown) => {
        log.warn('refresh failed', { error });
      });
      return Promise.resolve(null);
    },
    renameTeam: ({ accountId, teamId, name }) => teams.rename(accountId, teamId, name),
    async openTeam({ accountId, teamId, page }) {
      const view = viewOf(accountId);
      const team = view.teams.find((candidate) => candidate.id === teamId);
      if (team === undefined) throw new AppError('not_found', 'That team is no longer listed.');
      await shell.openExternal(teamPageUrl(view.origin, team.slug, page ?? 'overview'));
      return null;
    },
    async openTokenPage(request) {
      const origin =
        'accountId' in request
          ? viewOf(request.accountId).origin
          : normalizeBaseUrl(request.url, { allowHttp: request.allowHttp ?? false });
      await shell.openExternal(tokenPageUrl(origin));
      return null;
    },
    async updateSettings(patch) {
      const previous = settings.get();
      const next: Settings = { ...previous, ...patch };
      await shell.applySettings(next, previous);
      let saved: Settings;
      try {
        saved = settings.update(patch);
      } catch (error) {
        // Not saved: put the OS (launch at login, the shortcut) back to what the file says.
        await shell.applySettings(previous, next).catch((undoError: unknown) => {
          log.error('settings: could not undo what was applied', { error: undoError });
        });
        throw error;
      }
      timer.arm(saved.refreshIntervalMinutes);
      emitState();
      return saved;
    },
    dismissNotice({ id }) {
      notices.dismiss(id);
      return Promise.resolve(null);
    },
    hideWindow() {
      shell.hideWindow();
      return Promise.resolve(null);
    },
  };

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
