/**
 * Every way the model may change, each a named recipe over an immer draft. Nothing else writes
 * the model (main/model/model.ts applies these); a projection tells one change from another by
 * its name. A recipe changes only what differs, in place, so its patches are the news and no
 * more: an unchanged team keeps its object (and its place in the renderer's memo). When a list's
 * order or set of ids changes, the list is replaced once, its unchanged items reused.
 */
import { dequal } from 'dequal/lite';
import { isDraft, original, type Draft, type Immutable } from 'immer';
import type { AccountId, InstanceId, TeamId } from '../../common/brand';
import { DEVICE_ROUTES_UNKNOWN } from '../../common/device-actions';
import type { AppErrorShape } from '../../common/errors';
import { isTransitional, needsAttention, SETTLED, TRANSITION } from '../../common/instance-state';
import type { LeftOut } from '../../common/left-out';
import { applyPinIntent, type Pin, type PinIntent, type PinRef } from '../../common/pins';
import type { AccountStatus, Notice, Settings, VaultStatus } from '../../common/model';
import type { InstanceAction } from '../../common/runtime';
import type {
  Account,
  ChangeBefore,
  Device,
  HistoryEntry,
  Inbox,
  InboxNotification,
  Instance,
  LastAction,
  LogLine,
  Team,
  TeamRuntime,
  TeamtrayState,
} from '../../common/state';
import { alertTransitions } from './alert-transitions';
import { deviceTransitions } from './device-transitions';
import {
  baseOf,
  findAccount,
  findInstance,
  findTeam,
  indexById,
  type AccountRef,
  type Identified,
  type InstanceRef,
  type TeamRef,
} from './find';
import { tokenTransitions, warnedAs } from './token-transitions';
import type { ListedTeam, ReadDevice, ReadInstance, SavedAccountFacts, TeamReading } from './facts';
import { followTrouble, troubleMoves } from './trouble';
import { bulkTransitions } from './transitions-bulk';
import { deviceHistoryState, historyMoves, withAuthor, withTransition } from './history';

type Recipe<P> = (draft: Draft<TeamtrayState>, payload: P) => void;

const transition = <P>(recipe: Recipe<P>): Recipe<P> => recipe;

/** Sets `draft[key]` to `value` only when it differs: an equal value makes no patch. */
function put<T extends object, K extends keyof T>(
  draft: T,
  key: K,
  value: T[K] | Immutable<T[K]>,
): void {
  if (!dequal(draft[key], value)) draft[key] = value as T[K];
}

/** How an error of the team list shows on its account. */
const STATUS_BY_CODE: Partial<Record<AppErrorShape['code'], AccountStatus>> = {
  unauthorized: 'unauthorized',
  storage_unavailable: 'token_unavailable',
  unreachable: 'unreachable',
  unknown_host: 'unreachable',
  connection_refused: 'unreachable',
  not_https: 'unreachable',
  not_http: 'unreachable',
  timeout: 'unreachable',
  tls: 'unreachable',
};

function accountStatusOf(error: AppErrorShape): AccountStatus {
  return STATUS_BY_CODE[error.code] ?? 'error';
}

/** A team's runtime before anything was read. */
const UNREAD: TeamRuntime = {
  status: 'loading',
  error: null,
  fetchedAt: null,
  instances: [],
  devices: [],
  instancesLeftOut: null,
  devicesLeftOut: null,
  readThisRun: false,
};

/** An inbox not asked for yet (each run asks again: main/inbox/inbox-service.ts). */
const UNASKED_INBOX: Inbox = { supported: null, notifications: [], error: null };

/** A saved account before its first list: nothing known yet. */
function newAccount(saved: SavedAccountFacts): Account {
  return {
    ...saved,
    tokenInfo: saved.tokenInfo ?? null,
    tokenChoices: null,
    status: 'loading',
    error: null,
    lastSuccessAt: null,
    stale: false,
    refreshing: false,
    readThisRun: false,
    teamsLeftOut: null,
    teams: [],
    inbox: UNASKED_INBOX,
    deviceRoutes: DEVICE_ROUTES_UNKNOWN,
  };
}

/**
 * What an instance with Teamtray's action in flight shows: the action's transition ("stopping"),
 * until the server reports a transition of its own, the state the action ends in, or a problem
 * (where the action's follower settles too).
 */
function shownState(action: InstanceAction | null, state: string): string {
  if (action === null || isTransitional(state)) return state;
  return state === SETTLED[action] || needsAttention(state) ? state : TRANSITION[action];
}

/**
 * A state the server gave: what changed before a problem belongs to that problem, so a new state
 * lets it go (change-before.ts reads it again when the next problem comes).
 */
function stateRead(instance: Draft<Instance>, state: string): void {
  if (instance.state !== state) put(instance, 'changeBefore', null);
  put(instance, 'state', state);
}

/** A read of the team's instances and devices (also what the runtime cache held at start). */
const read = transition<TeamRef & { readonly reading: TeamReading; readonly at: number }>(
  (draft, { reading, at, ...ref }) => {
    const runtime = findTeam(draft, ref)?.runtime;
    if (runtime === undefined) return;
    put(runtime, 'status', 'ok');
    put(runtime, 'error', null);
    put(runtime, 'readThisRun', true);
    put(runtime, 'fetchedAt', at);
    put(runtime, 'instancesLeftOut', reading.instancesLeftOut ?? null);
    put(runtime, 'devicesLeftOut', reading.devicesLeftOut ?? null);
    const instances = reconcile(runtime.instances, reading.instances, readInstancesAt(at));
    if (instances !== null) runtime.instances = instances as Draft<Instance>[];
    const devices = reconcile(runtime.devices, reading.devices, readDevicesAt(at));
    if (devices !== null) runtime.devices = devices as Draft<Device>[];
  },
);

export const transitions = {
  settingsSaved: transition<Settings>((draft, settings) => {
    put(draft, 'settings', settings);
  }),
  /** The user pinned an item (pins-settings.ts saved it first): at the end, once. */
  pinned: transition<{ readonly pin: Pin; readonly at: number }>((draft, { pin, at }) => {
    intent(draft, { kind: 'pin', pin }, at);
  }),
  unpinned: transition<{ readonly pin: PinRef; readonly at: number }>((draft, { pin, at }) => {
    intent(draft, { kind: 'unpin', pin }, at);
  }),
  /** An item's notifications silent for an hour (from a row or from a notification). */
  snoozed: transition<{ readonly key: string; readonly at: number }>((draft, { key, at }) => {
    intent(draft, { kind: 'snooze', key }, at);
  }),
  unsnoozed: transition<{ readonly key: string; readonly at: number }>((draft, { key, at }) => {
    intent(draft, { kind: 'unsnooze', key }, at);
  }),
  /** Quiet hours until then, or the end of the quiet that holds (null: one-off or scheduled). */
  quietSet: transition<{ readonly until: number | null; readonly at: number }>(
    (draft, { until, at }) => {
      intent(draft, { kind: 'quiet', until }, at);
    },
  ),
  vaultChanged: transition<VaultStatus>((draft, vault) => {
    put(draft, 'vault', vault);
  }),
  noticesChanged: transition<readonly Notice[]>((draft, notices) => {
    put(draft, 'notices', [...notices]);
  }),

  /**
   * The start: what the caches hold of a saved account (its last-known teams, their instances
   * and devices), through the same recipes as a list and a read, so a field has its default in
   * one place. Nothing was read from the server yet: the account stays "loading", its teams
   * "stale", until the first refresh says what is true now.
   */
  cacheRead: transition<
    AccountRef & {
      readonly teams: readonly ListedTeam[];
      /** When the cached list answered (epoch ms). */
      readonly lastSuccessAt: number;
      readonly readings: readonly {
        readonly teamId: TeamId;
        readonly reading: TeamReading;
        readonly at: number;
      }[];
    }
  >((draft, { accountId, teams, lastSuccessAt, readings }) => {
    const account = findAccount(draft, accountId);
    if (account === undefined) return;
    const replaced = reconcile(account.teams, teams, LISTED_TEAMS);
    if (replaced !== null) account.teams = replaced as Draft<Team>[];
    put(account, 'lastSuccessAt', lastSuccessAt);
    put(account, 'stale', true);
    for (const { teamId, reading, at } of readings) {
      read(draft, { accountId, teamId, reading, at });
      // What the cache held is the last run's.
      const runtime = findTeam(draft, { accountId, teamId })?.runtime;
      if (runtime !== undefined) put(runtime, 'readThisRun', false);
    }
  }),
  /** Added (at the end), or its label, address or user changed. */
  accountSaved: transition<SavedAccountFacts>((draft, saved) => {
    const account = findAccount(draft, saved.id);
    if (account === undefined) {
      draft.accounts.push(newAccount(saved) as Draft<Account>);
      return;
    }
    // Another server, or another user's token: what was listed belonged to someone else.
    const otherUser =
      account.username !== null && saved.username !== null && account.username !== saved.username;
    if (account.origin !== saved.origin || otherUser) {
      draft.accounts[draft.accounts.indexOf(account)] = newAccount(saved) as Draft<Account>;
      return;
    }
    // A server that said it has no inbox and was upgraded: ask about it again.
    const upgraded = account.version !== saved.version && account.inbox.supported === false;
    if (upgraded) put(account, 'inbox', UNASKED_INBOX);
    for (const key of ['label', 'origin', 'allowHttp', 'username', 'version'] as const) {
      put(account, key, saved[key]);
    }
    // Which token it is (token health): known once, so nothing is asked any more.
    const tokenInfo = saved.tokenInfo ?? null;
    put(account, 'tokenInfo', tokenInfo);
    if (tokenInfo !== null) put(account, 'tokenChoices', null);
    // The last expiry warning told, as saved (token-transitions.ts's tokenWarned).
    warnedAs(account, saved.tokenWarned ?? null);
  }),
  accountRemoved: transition<AccountRef>((draft, { accountId }) => {
    const at = indexById(draft.accounts, accountId);
    if (at !== -1) draft.accounts.splice(at, 1);
  }),
  /** The user's new order (every saved id once). */
  accountsReordered: transition<{ readonly ids: readonly AccountId[] }>((draft, { ids }) => {
    const byId = new Map(draft.accounts.map((account) => [account.id, account]));
    const next = ids.flatMap((id) => byId.get(id) ?? []);
    if (next.length !== draft.accounts.length) return;
    if (next.every((account, index) => account.id === draft.accounts[index]?.id)) return;
    draft.accounts = next;
  }),

  refreshStarted: transition<AccountRef>((draft, { accountId }) => {
    const account = findAccount(draft, accountId);
    if (account === undefined) return;
    put(account, 'status', 'loading');
    put(account, 'refreshing', true);
  }),
  /** The team list answered: its teams in the server's order, and what it left out. */
  listed: transition<
    AccountRef & {
      readonly teams: readonly ListedTeam[];
      readonly leftOut: LeftOut | null;
      readonly username: string | null;
      readonly version: string | null;
      /** When it answered (epoch ms). */
      readonly at: number;
    }
  >((draft, { accountId, teams, leftOut, username, version, at }) => {
    const account = findAccount(draft, accountId);
    if (account === undefined) return;
    put(account, 'status', 'ok');
    put(account, 'error', null);
    put(account, 'stale', false);
    put(account, 'refreshing', false);
    put(account, 'readThisRun', true);
    put(account, 'lastSuccessAt', at);
    put(account, 'teamsLeftOut', leftOut);
    put(account, 'username', username);
    put(account, 'version', version);
    const replaced = reconcile(account.teams, teams, LISTED_TEAMS);
    if (replaced !== null) account.teams = replaced as Draft<Team>[];
  }),
  /** The team list failed: the teams stay, marked as last known. */
  listFailed: transition<
    AccountRef & { readonly error: AppErrorShape; readonly status?: AccountStatus }
  >((draft, { accountId, error, status }) => {
    const account = findAccount(draft, accountId);
    if (account === undefined) return;
    fail(account, error, status ?? accountStatusOf(error));
    put(account, 'refreshing', false);
  }),
  /** Any call (a read, an action, a rename) met a 401: the account needs a new token now. */
  tokenRefused: transition<AccountRef & { readonly error: AppErrorShape }>(
    (draft, { accountId, error }) => {
      const account = findAccount(draft, accountId);
      if (account === undefined || account.status === 'unauthorized') return;
      fail(account, error, 'unauthorized');
    },
  ),

  /** A rename is on its way to the server: the team shows the new name meanwhile. */
  renameSent: transition<TeamRef & { readonly name: string }>((draft, ref) => {
    const team = findTeam(draft, ref);
    if (team !== undefined) put(team, 'pendingName', ref.name);
  }),
  /** The server stored the name. */
  renamed: transition<TeamRef & { readonly name: string }>((draft, ref) => {
    const team = findTeam(draft, ref);
    if (team === undefined) return;
    put(team, 'name', ref.name);
    put(team, 'pendingName', null);
  }),
  /** The server (or Teamtray) refused the rename: the saved name shows again. */
  renameRefused: transition<TeamRef>((draft, ref) => {
    const team = findTeam(draft, ref);
    if (team !== undefined) put(team, 'pendingName', null);
  }),

  /** A read of the team's instances and devices. */
  read,
  /** The read failed: what was known stays. */
  readFailed: transition<TeamRef & { readonly error: AppErrorShape }>((draft, ref) => {
    const runtime = findTeam(draft, ref)?.runtime;
    if (runtime === undefined) return;
    put(runtime, 'status', 'error');
    put(runtime, 'error', ref.error);
  }),
  /** The token may not see this team's instances (a dashboard role, a 403): not an error. */
  hidden: transition<TeamRef>((draft, ref) => {
    const runtime = findTeam(draft, ref)?.runtime;
    if (runtime === undefined) return;
    put(runtime, 'status', 'hidden');
    put(runtime, 'error', null);
  }),

  /** Teamtray sent an action: the instance shows its transition until it settles. */
  actionSent: transition<InstanceRef & { readonly action: InstanceAction; readonly at: number }>(
    (draft, { action, at, ...ref }) => {
      const instance = findInstance(draft, ref);
      if (instance === undefined) return;
      put(instance, 'action', action);
      put(instance, 'actionSentAt', at);
      put(instance, 'state', TRANSITION[action]);
    },
  ),
  /**
   * A state the action's follower read, while it follows on; `at`, when it was read, follows the
   * instance's trouble (main/model/trouble.ts).
   */
  polled: transition<InstanceRef & { readonly state: string; readonly at?: number }>(
    (draft, { state, at, ...ref }) => {
      const instance = findInstance(draft, ref);
      if (instance === undefined) return;
      stateRead(instance, shownState(instance.action, state));
      if (at !== undefined) applyTrouble(instance, at);
      if (at !== undefined) applyHistory(instance, at);
    },
  ),
  /** The action is over: the state it ended in (or the last one read), no action. */
  settled: transition<InstanceRef & { readonly state: string; readonly at?: number }>(
    (draft, { state, at, ...ref }) => {
      const instance = findInstance(draft, ref);
      if (instance === undefined) return;
      // The user's own action: a recovery it brought about says so (main/model/trouble.ts).
      const { action } = instance;
      stateRead(instance, state);
      put(instance, 'action', null);
      put(instance, 'actionSentAt', null);
      if (at !== undefined) applyTrouble(instance, at, action);
      if (at !== undefined) applyHistory(instance, at);
    },
  ),
  /** The server refused the action (or it never left): the state from before it. */
  actionRefused: transition<InstanceRef & { readonly state: string }>(
    (draft, { state, ...ref }) => {
      const instance = findInstance(draft, ref);
      if (instance === undefined) return;
      put(instance, 'state', state);
      put(instance, 'action', null);
      put(instance, 'actionSentAt', null);
    },
  ),
  /** The instance's audit log named its newest action and its author (last-actions.ts). */
  lastActionRead: transition<InstanceRef & { readonly lastAction: LastAction }>(
    (draft, { lastAction, ...ref }) => {
      const instance = findInstance(draft, ref);
      if (instance === undefined) return;
      put(instance, 'lastAction', lastAction);
      const history = withAuthor(instance.history, lastAction);
      if (history !== instance.history) instance.history = history as Draft<HistoryEntry>[];
      // A failed start is trouble from when the audit log says it failed.
      if (lastAction.at !== null) applyTrouble(instance, lastAction.at);
    },
  ),
  /** The audit log named the newest change before the instance's problem (change-before.ts). */
  changeBeforeRead: transition<InstanceRef & { readonly changeBefore: ChangeBefore }>(
    (draft, { changeBefore, ...ref }) => {
      const instance = findInstance(draft, ref);
      if (instance !== undefined) put(instance, 'changeBefore', changeBefore);
    },
  ),
  /** A read of the instance's log is under way: the lines read before stay meanwhile. */
  logRequested: transition<InstanceRef>((draft, ref) => {
    const instance = findInstance(draft, ref);
    if (instance === undefined) return;
    if (instance.log === null) {
      instance.log = { status: 'loading', lines: [], fetchedAt: null, error: null };
      return;
    }
    put(instance.log, 'status', 'loading');
    put(instance.log, 'error', null);
  }),
  /** The instance's last log lines (main/runtime/instance-logs.ts), oldest first. */
  logRead: transition<InstanceRef & { readonly lines: readonly LogLine[]; readonly at: number }>(
    (draft, { lines, at, ...ref }) => {
      const instance = findInstance(draft, ref);
      if (instance === undefined) return;
      put(instance, 'log', { status: 'ok', lines: [...lines], fetchedAt: at, error: null });
      releaseOldLogs(draft, ref);
    },
  ),
  /** FlowFuse keeps no log while the instance is suspended (400 `project_suspended`). */
  logSuspended: transition<InstanceRef & { readonly at: number }>((draft, { at, ...ref }) => {
    const instance = findInstance(draft, ref);
    if (instance !== undefined) {
      put(instance, 'log', { status: 'suspended', lines: [], fetchedAt: at, error: null });
    }
  }),
  /** The read failed: the lines read before stay, with why. */
  logFailed: transition<InstanceRef & { readonly error: AppErrorShape }>(
    (draft, { error, ...ref }) => {
      const instance = findInstance(draft, ref);
      if (instance === undefined) return;
      const before = instance.log ?? { lines: [], fetchedAt: null };
      put(instance, 'log', {
        status: 'error',
        lines: before.lines,
        fetchedAt: before.fetchedAt,
        error,
      });
    },
  ),

  /**
   * The account's FlowFuse inbox answered: its unread notifications, newest first. One marked
   * read in Teamtray stays marked while the server still lists it (the mark may be on its way).
   */
  inboxRead: transition<AccountRef & { readonly notifications: readonly InboxNotification[] }>(
    (draft, { accountId, notifications }) => {
      const account = findAccount(draft, accountId);
      if (account === undefined) return;
      const inbox = account.inbox;
      put(inbox, 'supported', true);
      put(inbox, 'error', null);
      const marked = new Set(baseOf(inbox.notifications).flatMap((n) => (n.read ? [n.id] : [])));
      const unread = notifications
        .filter((n) => !n.read)
        .map((n) => (marked.has(n.id) ? { ...n, read: true } : n))
        .sort(newestFirst);
      const replaced = reconcile(inbox.notifications, unread, NOTIFICATIONS);
      if (replaced !== null) inbox.notifications = replaced;
    },
  ),
  /** The server has no inbox (404: FlowFuse before 2.7): nothing to show, nothing wrong. */
  inboxMissing: transition<AccountRef>((draft, { accountId }) => {
    const account = findAccount(draft, accountId);
    if (account === undefined) return;
    put(account.inbox, 'supported', false);
    put(account.inbox, 'notifications', []);
    put(account.inbox, 'error', null);
  }),
  /** A read of the inbox failed: what was known stays; the account's own status does not move. */
  inboxFailed: transition<AccountRef & { readonly error: AppErrorShape }>(
    (draft, { accountId, error }) => {
      const account = findAccount(draft, accountId);
      if (account !== undefined) put(account.inbox, 'error', error);
    },
  ),
  /** Marked read in Teamtray (at once, before the server answers). */
  inboxMarkedRead: transition<AccountRef & { readonly ids: readonly string[] }>((draft, ref) => {
    markRead(draft, ref, true);
  }),
  /** The server refused to mark them read: they are unread again. */
  inboxMarkRefused: transition<AccountRef & { readonly ids: readonly string[] }>((draft, ref) => {
    markRead(draft, ref, false);
  }),
  ...deviceTransitions,
  /** A bulk action's start, its items' answers and its end (./transitions-bulk.ts). */
  ...bulkTransitions,
  ...tokenTransitions,
  ...alertTransitions,
};

/** Applies what the user did to the pins, snoozes and quiet hours the model holds. */
function intent(draft: Draft<TeamtrayState>, what: PinIntent, at: number): void {
  const before = original(draft.settings);
  const next = applyPinIntent(before, what, at);
  if (next === before) return;
  put(draft.settings, 'pins', next.pins);
  put(draft.settings, 'snoozed', next.snoozed);
  put(draft.settings, 'quietUntil', next.quietUntil);
  put(draft.settings, 'quietOffUntil', next.quietOffUntil);
}

function markRead(
  draft: Draft<TeamtrayState>,
  { accountId, ids }: AccountRef & { readonly ids: readonly string[] },
  read: boolean,
): void {
  const notifications = findAccount(draft, accountId)?.inbox.notifications;
  if (notifications === undefined) return;
  const wanted = new Set(ids);
  baseOf(notifications).forEach((each, at) => {
    const current = notifications[at];
    if (wanted.has(each.id) && each.read !== read && current !== undefined) current.read = read;
  });
}

/** Newest first; one without a time goes last. */
function newestFirst(a: InboxNotification, b: InboxNotification): number {
  if (a.at === null || b.at === null) return (a.at === null ? 1 : 0) - (b.at === null ? 1 : 0);
  return b.at - a.at;
}

type Transitions = typeof transitions;
export type TransitionName = keyof Transitions;
export type TransitionPayload<N extends TransitionName> =
  Transitions[N] extends Recipe<infer P> ? P : never;

function fail(account: Draft<Account>, error: AppErrorShape, status: AccountStatus): void {
  put(account, 'status', status);
  put(account, 'readThisRun', true);
  put(account, 'error', error);
  put(account, 'stale', account.teams.length > 0);
}

/** How one kind of item of a list is brought up to date. */
interface Reconciler<T, N> {
  /** True when `next` would change `item`. */
  differs(item: T, next: N): boolean;
  /** Writes what differs. */
  update(draft: Draft<T>, next: N): void;
  create(next: N): T;
}

/** Items whose every field comes from outside (a listed team's fields, a device). */
function fieldsOf<T extends object, N extends Partial<T>>(
  create: (next: N) => T,
): Reconciler<T, N> {
  const keys = (next: N) => Object.keys(next) as (keyof T & keyof N)[];
  return {
    differs: (item, next) => keys(next).some((key) => !dequal(item[key], next[key])),
    update(draft, next) {
      for (const key of keys(next)) {
        put(draft as T, key, next[key] as unknown as T[typeof key]);
      }
    },
    create,
  };
}

const NOTIFICATIONS = fieldsOf<InboxNotification, InboxNotification>((read) => read);

const LISTED_TEAMS = fieldsOf<Team, ListedTeam>((listed) => ({
  ...listed,
  pendingName: null,
  // A copy: `cacheRead` reads into a team it created in the same recipe, where it is no draft.
  runtime: { ...UNREAD },
}));

/**
 * A device's last-seen time is the read's time less FlowFuse's "ms ago", so it moves by a few
 * milliseconds on every read of a device that did not call home again. Moves under this are not
 * news: the popover says "seen 5 min ago", and without it every refresh patched every device.
 */
const LAST_SEEN_JITTER_MS = 5_000;

const sameLastSeen = (before: number | null, next: number | null): boolean =>
  before === null || next === null
    ? before === next
    : Math.abs(before - next) < LAST_SEEN_JITTER_MS;

/**
 * Since when a device has been off its target: the first read that found it so, kept while the
 * target stays the same (a read only knows it is off it now).
 */
function notOnTargetSince(before: Device, read: ReadDevice): number | null {
  if (read.notOnTargetSince === null) return null;
  const same = before.notOnTargetSince !== null && before.targetSnapshot === read.targetSnapshot;
  return same ? before.notOnTargetSince : read.notOnTargetSince;
}

const READ_DEVICES: Reconciler<Device, ReadDevice> = {
  differs: (item, read) =>
    item.name !== read.name ||
    item.mode !== read.mode ||
    item.state !== read.state ||
    item.onlineStatus !== read.onlineStatus ||
    item.activeSnapshot !== read.activeSnapshot ||
    item.targetSnapshot !== read.targetSnapshot ||
    item.notOnTargetSince !== notOnTargetSince(item, read) ||
    !sameLastSeen(item.lastSeenAt, read.lastSeenAt),
  update(draft, read) {
    put(draft, 'name', read.name);
    put(draft, 'state', read.state);
    put(draft, 'onlineStatus', read.onlineStatus);
    put(draft, 'mode', read.mode);
    put(draft, 'notOnTargetSince', notOnTargetSince(draft, read));
    put(draft, 'activeSnapshot', read.activeSnapshot);
    put(draft, 'targetSnapshot', read.targetSnapshot);
    if (!sameLastSeen(draft.lastSeenAt, read.lastSeenAt)) draft.lastSeenAt = read.lastSeenAt;
  },
  create: (device) => ({ ...device, action: null }),
};

/** A read instance onto the model's: with an action in flight, its transition may still show. */
const READ_INSTANCES: Reconciler<Instance, ReadInstance> = {
  differs: (item, read) =>
    item.name !== read.name ||
    item.url !== read.url ||
    item.application !== read.application ||
    item.state !== shownState(item.action, read.state),
  update(draft, read) {
    put(draft, 'name', read.name);
    put(draft, 'url', read.url);
    put(draft, 'application', read.application);
    stateRead(draft, shownState(draft.action, read.state));
  },
  create: (read) => ({
    ...read,
    action: null,
    actionSentAt: null,
    lastAction: read.lastAction ?? null,
    log: null,
    changeBefore: null,
  }),
};

/** READ_INSTANCES, and each instance's trouble followed at the read's time. */
function readInstancesAt(at: number): Reconciler<Instance, ReadInstance> {
  return {
    differs: (item, read) =>
      READ_INSTANCES.differs(item, read) ||
      troubleMoves({ ...item, state: shownState(item.action, read.state) }, at),
    update(draft, read) {
      READ_INSTANCES.update(draft, read);
      applyTrouble(draft, at);
      applyHistory(draft, at);
    },
    create(read) {
      const created = READ_INSTANCES.create(read);
      // The runtime cache brings its history; a read sees a new instance for the first time.
      const instance =
        read.history === undefined
          ? { ...created, history: withTransition(undefined, created.state, at) }
          : created;
      const { trouble } = followTrouble(instance, at);
      return trouble === null ? instance : { ...instance, trouble };
    },
  };
}

/** Adds the instance's state to its history when it is a transition (main/model/history.ts). */
function applyHistory(draft: Draft<Instance>, at: number): void {
  if (historyMoves(draft.history, draft.state)) {
    draft.history = withTransition(draft.history, draft.state, at) as Draft<HistoryEntry>[];
  }
}

/** READ_DEVICES, and each device's history followed at the read's time. */
function readDevicesAt(at: number): Reconciler<Device, ReadDevice> {
  const followed = (device: Pick<Device, 'state' | 'onlineStatus' | 'history'>) => {
    const state = deviceHistoryState(device);
    return state === null ? device.history : withTransition(device.history, state, at);
  };
  return {
    differs: (item, read) => READ_DEVICES.differs(item, read),
    update(draft, read) {
      READ_DEVICES.update(draft, read);
      const history = followed(draft);
      if (history !== draft.history) draft.history = history as Draft<HistoryEntry>[];
    },
    create(read) {
      const device = READ_DEVICES.create(read);
      if (read.history !== undefined) return device;
      const history = followed(device);
      return history === undefined ? device : { ...device, history };
    },
  };
}

/**
 * Writes the instance's trouble and recovery as they are at `at`, only where they moved; `action`,
 * the user's own action that got it there (the one it follows, unless told).
 */
function applyTrouble(
  draft: Draft<Instance>,
  at: number,
  action: InstanceAction | null = draft.action,
): void {
  const next = followTrouble(draft, at, action);
  if (!dequal(next.trouble, draft.trouble ?? null)) draft.trouble = next.trouble;
  if (!dequal(next.recovered, draft.recovered ?? null)) draft.recovered = next.recovered;
}

/**
 * Brings `draft` (a list of the model) to `next`, by id. The same ids in the same order: each
 * item that differs is updated in place (null comes back). Otherwise the new list to put in its
 * place: the items that stayed are reused, updated where they differ.
 */
function reconcile<T extends Identified, N extends Identified>(
  draft: Draft<T>[],
  next: readonly N[],
  how: Reconciler<T, N>,
): (T | Draft<T>)[] | null {
  const base = baseOf<T>(draft);
  const sameIds = base.length === next.length && base.every((item, at) => item.id === next[at]?.id);
  if (sameIds) {
    next.forEach((item, at) => {
      const current = draft[at];
      const before = base[at];
      if (current !== undefined && before !== undefined && how.differs(before, item)) {
        how.update(current, item);
      }
    });
    return null;
  }
  const byId = new Map<string, number>(base.map((item, at) => [item.id, at]));
  return next.map((item) => {
    const at = byId.get(item.id);
    const before = at === undefined ? undefined : base[at];
    if (at === undefined || before === undefined) return how.create(item);
    if (!how.differs(before, item)) return before;
    const current = draft[at] as Draft<T>;
    how.update(current, item);
    return current;
  });
}

/**
 * Instances of one account whose log lines the model holds at once: with each log at most 30
 * entries of 1,000 characters (main/flowfuse/activity-schemas.ts), an account holds well under
 * a megabyte of logs however many of its instances are in trouble (SECURITY.md, "Sizes").
 */
export const MAX_LOGS_HELD = 20;

/**
 * Past MAX_LOGS_HELD logs with lines in the account, the ones read longest ago let their lines
 * go (`released`): their row reads the log again when the user opens it. `ref`'s is never one.
 */
function releaseOldLogs(draft: Draft<TeamtrayState>, ref: InstanceRef): void {
  const account = findAccount(draft, ref.accountId);
  if (account === undefined) return;
  // Read from the base tree: walking the draft would make a proxy of every instance.
  const base = (isDraft(account) ? original(account) : account) as Account | undefined;
  const held: { teamId: TeamId; instanceId: InstanceId; at: number }[] = [];
  for (const team of base?.teams ?? []) {
    for (const instance of team.runtime.instances) {
      if (instance.id === ref.instanceId && team.id === ref.teamId) continue;
      const log = instance.log;
      if (log === null || log.lines.length === 0) continue;
      held.push({ teamId: team.id, instanceId: instance.id, at: log.fetchedAt ?? 0 });
    }
  }
  const over = held.length + 1 - MAX_LOGS_HELD;
  if (over <= 0) return;
  held.sort((a, b) => a.at - b.at);
  for (const old of held.slice(0, over)) {
    const instance = findInstance(draft, { accountId: ref.accountId, ...old });
    if (instance?.log != null) {
      put(instance, 'log', { status: 'released', lines: [], fetchedAt: null, error: null });
    }
  }
}
