/**
 * The composition root of main, in plain TypeScript: opens the stores and the vault, builds the
 * model and the services that write it (core-services.ts), merges the handler areas
 * (each area's *-handlers.ts) into the contract's table, and hangs the projections on the model: the bridge's
 * patches, notifications, the tray, the caches. It answers no request itself. The Electron layer
 * and the browser tests both build the app through it.
 */
import { changesModel, type EventName, type EventPayloads } from '../common/contract';
import { Emitter } from '../common/emitter';
import { createServices } from './core-services';
import type { Core, CoreDeps } from './core-types';
import { createClientFactory } from './flowfuse/client';
import { accountHandlers } from './store/account-handlers';
import { appHandlers } from './app-handlers';
import { createCallLimits, pageLimitedShell } from './ipc/call-limits';
import { runtimeHandlers } from './runtime/runtime-handlers';
import { deviceHandlers } from './runtime/device-handlers';
import { settingsHandlers } from './store/settings-handlers';
import { teamHandlers } from './teams/team-handlers';
import { inboxHandlers } from './inbox/inbox-handlers';
import { watchInbox } from './inbox/inbox-service';
import { tokenHandlers } from './tokens/token-handlers';
import { watchTokenExpiry } from './tokens/token-reminder';
import { watchTokens } from './tokens/token-service';
import { createDispatcher, type Handlers } from './ipc/dispatch';
import { createBulkActions } from './bulk/bulk-actions';
import { bulkHandlers } from './bulk/bulk-handlers';
import { batchPatchPushes } from './ipc/patch-pushes';
import { instanceLogHandlers } from './runtime/instance-log-handlers';
import { watchInstanceLogs } from './runtime/instance-logs';
import { pinHandlers } from './pins/pin-handlers';
import { createPinSettings } from './pins/pin-settings';
import { watchLastActions } from './runtime/last-actions';
import { watchChangesBefore } from './runtime/change-before';
import { CHANGE_WAIT_MS, createRuntimeWatcher } from './runtime/runtime-watcher';
import { openStores } from './store/open-stores';
import { saveCaches } from './store/save-caches';
import { syncAccounts } from './store/sync-accounts';
import { TEAMS_CACHE_SAVE_DELAY_MS } from './store/teams-cache';
import { createRefreshTimer } from './teams/refresh-timer';
import { projectTrayStatus } from './tray/tray-status';

/** One push for the renderer. */
interface Push {
  readonly event: EventName;
  readonly payload: EventPayloads[EventName];
}

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
  const { registry, settings, notices } = stores;
  const services = createServices(deps, stores, clientFactory, now);
  const { model, teams, actions, devices, visible } = services;

  // The projections: each hears every change of the model and keeps its own view of it.
  const pushes = new Emitter<Push>();
  // The bridge's patches, one push per tick (ipc/patch-pushes.ts), sent before any answer.
  const patchPushes = batchPatchPushes((push) => {
    pushes.emit({ event: 'patches', payload: push });
  });
  const watcher = createRuntimeWatcher({
    notifier: deps.notifier,
    now,
    log,
    changeWaitMs: CHANGE_WAIT_MS,
    // After this change has reached every listener: the watcher hears it as one of the model's.
    reminded: (reminded) => {
      queueMicrotask(() => {
        model.apply('stillDownReminded', reminded);
      });
    },
  });
  const tray = projectTrayStatus(model, now);
  // Who stopped or suspended an instance: read from its audit log when it turns so.
  const lastActions = watchLastActions({
    model,
    registry,
    limiter: (accountId) => services.runtime.limiter(accountId),
    log,
  });
  // What changed just before an instance broke: its audit log, read when it turns to a problem.
  const changesBefore = watchChangesBefore({
    model,
    registry,
    limiter: (accountId) => services.runtime.limiter(accountId),
    now,
    log,
  });
  // Why an instance needs attention: its last log lines, read when it turns to a problem.
  const instanceLogs = watchInstanceLogs({
    model,
    registry,
    limiter: (accountId) => services.runtime.limiter(accountId),
    tokenRefused: (accountId, error) => {
      services.teams.tokenRefused(accountId, error);
    },
    now,
    log,
  });
  // The accounts' FlowFuse inboxes: read with each refresh of an account's teams.
  const inbox = watchInbox({
    model,
    registry,
    limiter: (accountId) => services.runtime.limiter(accountId),
    tokenRefused: (accountId, error) => {
      services.teams.tokenRefused(accountId, error);
    },
    log,
  });
  // Token health: which of the user's tokens each account is, read once a run when it lists.
  const tokens = watchTokens({
    model,
    registry,
    limiter: (accountId) => services.runtime.limiter(accountId),
    log,
  });
  // Token health's notifications: 7 days and 1 day before a token expires, by the clock.
  const tokenReminder = watchTokenExpiry({
    model,
    notifier: deps.notifier,
    now,
    remember: (accountId, origin, warned) => registry.setTokenWarned(accountId, origin, warned),
  });
  // Pins, snoozes and quiet hours, by what was done: the popover's, a notification's snooze, a
  // removed account's pins.
  const pins = createPinSettings({ settings, model, now, log });
  pins.keepAccounts(registry.list().map((account) => account.id));
  const unsubscribers = [
    // The bridge: the renderer's replica applies the same patches, in order.
    model.subscribe((change) => {
      patchPushes.add(change);
    }),
    model.subscribe((change) => {
      watcher.changed(change);
    }),
    saveCaches(model, stores.teamsCache, stores.runtimeCache),
    lastActions.stop,
    changesBefore.stop,
    instanceLogs.stop,
    inbox.stop,
    tokens.stop,
    tokenReminder.stop,
    // What the stores change, the model hears as a transition.
    registry.onChange(() => {
      syncAccounts(model, registry.list());
      pins.keepAccounts(registry.list().map((account) => account.id));
    }),
    notices.onChange(() => {
      model.apply('noticesChanged', notices.list());
    }),
    stores.vault.onChange((status) => {
      model.apply('vaultChanged', status);
    }),
  ];

  const refreshAll = (): Promise<void> => services.refreshAll();
  const timer = createRefreshTimer({ refresh: refreshAll, log });
  timer.arm(settings.get().refreshIntervalMinutes);

  const state = () => model.state();
  // What the page can make main do outside: one limiter each for probes, pages, refreshes, log
  // reads, mark-reads and copies (ipc/call-limits.ts).
  const limits = createCallLimits(now, deps.limits);
  const pages = pageLimitedShell(shell, limits.pages, limits.copies);
  // Many instances at once: each sent as a single action is (actions), its run in the model.
  const bulk = createBulkActions({ model, actions, now, log });
  const handlers = {
    ...appHandlers({
      snapshot: () => model.snapshot(),
      notices,
      shell: pages,
      appVersion: deps.appVersion,
    }),
    ...accountHandlers({
      registry,
      state,
      refresh: services.refresh,
      tokenReplaced: (accountId) => {
        model.apply('tokenReplaced', { accountId });
      },
      forget: services.forget,
      shell: pages,
      probes: limits.probes,
    }),
    ...teamHandlers({
      teams,
      state,
      refresh: (accountId) =>
        accountId === undefined ? refreshAll() : services.refresh(accountId),
      refreshes: limits.refreshes,
      shell: pages,
      log,
    }),
    ...runtimeHandlers({ state, actions, visible, shell: pages }),
    ...deviceHandlers({ state, devices, deviceActions: limits.deviceActions }),
    ...instanceLogHandlers({
      state,
      logs: instanceLogs,
      shell: pages,
      now,
      logReads: limits.logReads,
    }),
    ...settingsHandlers({
      settings,
      shell,
      log,
      saved(saved) {
        timer.arm(saved.refreshIntervalMinutes);
        model.apply('settingsSaved', saved);
      },
    }),
    ...inboxHandlers({ state, inbox, shell: pages, marks: limits.marks }),
    ...pinHandlers(pins),
    ...bulkHandlers({ bulk, bulkCalls: limits.bulk }),
    ...tokenHandlers({ state, tokens }),
  } satisfies Handlers;

  const dispatch = createDispatcher(handlers, log);
  if (deps.refreshOnStart ?? true) void refreshAll();

  return {
    dispatch: async (method, payload) => {
      if (method === 'getState') patchPushes.flush();
      const answering = dispatch(method, payload);
      // What a user's call changes at once (a rename's pending name, an action's "Stopping…")
      // leaves now, not with the tick's other changes; the rest before its answer does.
      patchPushes.flush();
      const answer = await answering;
      patchPushes.flush();
      // A call that changes the model says which version holds its change: every push up to it
      // has left (just above), and the page's draft of the change waits for it (drafts.ts).
      if (!answer.ok || !changesModel(method)) return answer;
      return { ...answer, version: model.snapshot().version };
    },
    onEvent(listener) {
      return pushes.on(({ event, payload }) => {
        listener(event, payload);
      });
    },
    trayStatus: () => tray.current(),
    traySummary: () => tray.summary(),
    onTraySummary: (listener) => tray.onSummary(listener),
    refreshAll,
    settings: () => model.state().settings,
    savedOrigins: () => registry.list().map((account) => account.origin),
    snooze: (target) => {
      pins.snooze(target);
    },
    dispose() {
      timer.disarm();
      actions.stop();
      bulk.stop();
      devices.stop();
      visible.dispose();
      stores.teamsCache.flush();
      stores.runtimeCache.flush();
      for (const unsubscribe of unsubscribers) unsubscribe();
      patchPushes.stop();
      tray.dispose();
      watcher.dispose();
      pushes.clear();
    },
  };
}
