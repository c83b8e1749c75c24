/**
 * Notifications, on transitions only: an instance crashed, or stopped or was suspended without
 * the user acting from Teamtray; a device went offline or came back; an account's token stopped
 * working. Never for what the first read of this run finds (that is not news), and at most one
 * notification per item per 10 minutes.
 *
 * A projection of the model: it hears every change (main/model) and looks at the team a read, a
 * poll or a settled action changed, so a state an action's polling finds and one a full read
 * finds are the same news. It remembers what it last heard of each item (to tell news from
 * none), what it told and when, and when the user last acted on an instance from Teamtray.
 *
 * Names come from team members and the server: they go in as plain one-line text, clipped
 * (notification-text.ts). More than FOLD_AFTER items with news in one read make one summary, and
 * at most PER_MINUTE notifications are shown in any minute, so a read of 500 crashed instances
 * gives one notification, not 500. What the watcher remembers about an item is dropped when a
 * read of its team no longer lists it.
 *
 * A stop or a suspend waits (at most ACTOR_WAIT_MS) for who did it, which the audit log tells
 * (last-actions.ts reads it into the model): "line-3 was stopped by bob", nothing when it was the
 * account's own user (in FlowFuse's web UI, say), "line-3 failed to start" for a failed start,
 * and the plain words when the audit log does not say in time.
 *
 * Snoozes and quiet hours (settings `snoozed`, `quietUntil` and the `quietHours` schedule, one
 * rule in common/pins.ts that the popover shares) silence it: a
 * snoozed instance or device is not told of, and during quiet hours nothing is. What was silenced
 * is not kept for later (the tray icon and the list still say what needs attention); what the
 * watcher heard is still remembered, so the end of a snooze brings no stale news.
 */
import { accountTitle } from '../../common/account-title';
import type { AccountId, TeamId } from '../../common/brand';
import { presenceOf, type Presence } from '../../common/device-status';
import { needsAttention, stateLabel } from '../../common/instance-state';
import type { AccountStatus } from '../../common/model';
import type { FocusTarget } from '../../common/runtime';
import type { TeamRuntime, TeamtrayState } from '../../common/state';
import { hostOf } from '../flowfuse/base-url';
import type { Change } from '../model/model';
import { accountIn, instanceIn, teamIn } from '../model/select';
import { isQuiet, snoozedUntil } from '../../common/pins';
import type { Settings } from '../../common/settings';
import { shownName } from './notification-text';

export interface AppNotification {
  readonly title: string;
  readonly body: string;
  /** What a click opens the popover on. */
  readonly target: FocusTarget;
}

/** The desktop's notifications (Electron's Notification in the app; a recorder in tests). */
export interface NotifierPort {
  notify(notification: AppNotification): void;
}

export const NOTIFY_AT_MOST_EVERY_MS = 10 * 60 * 1000;
/** Up to this many items with news in one read are told one by one; more make one summary. */
export const FOLD_AFTER = 3;
/** Notifications shown in any minute, all accounts together; more are dropped. */
export const PER_MINUTE = 5;
/** An instance the user stopped from Teamtray this long ago is not news when it reads stopped. */
const ACTED_RECENTLY_MS = 10 * 60 * 1000;
const MINUTE_MS = 60_000;
/** Names listed in a summary's body. */
const SUMMARY_NAMES = 3;

/** How long a stop or a suspend waits for its author before it is told without one. */
export const ACTOR_WAIT_MS = 15_000;

/** Runs `run` after `ms`; the answer cancels it. */
type Schedule = (run: () => void, ms: number) => () => void;

const realSchedule: Schedule = (run, ms) => {
  const timer = setTimeout(run, ms);
  timer.unref();
  return () => {
    clearTimeout(timer);
  };
};

export interface WatcherDeps {
  readonly notifier: NotifierPort;
  readonly now: () => number;
  /** Timers (tests hand in their own). */
  readonly schedule?: Schedule;
}

export interface RuntimeWatcher {
  /** Hears one change of the model. */
  changed(change: Change): void;
  /** Items remembered across all accounts (for tests: it shrinks when items disappear). */
  remembered(): number;
  /** Cancels the waits for authors. */
  dispose(): void;
}

/** One item's news from a read, before it is told alone or folded into a summary. */
interface News {
  readonly key: string;
  readonly kind: 'instance' | 'device';
  readonly name: string;
  /** What happened, after the name: "crashed", "went offline". */
  readonly what: string;
  readonly target: FocusTarget;
}

/** A stop or a suspend waiting for its author. */
interface Awaiting {
  readonly news: News;
  readonly accountId: AccountId;
  readonly teamId: TeamId;
  /** `stopped` or `suspended`. */
  readonly state: string;
  /** Where it is: the team and the account. */
  readonly body: string;
  readonly cancel: () => void;
}

/** The audit log's event that explains each state. */
const EXPLAINED_BY: Readonly<Record<string, string>> = {
  stopped: 'project.stopped',
  suspended: 'project.suspended',
};

export function createRuntimeWatcher(deps: WatcherDeps): RuntimeWatcher {
  const instanceStates = new Map<string, string>();
  const presences = new Map<string, Presence>();
  const statuses = new Map<string, AccountStatus>();
  const lastSent = new Map<string, number>();
  /** When the user last acted on an instance from Teamtray (sent, or the action settled). */
  const actedAt = new Map<string, number>();
  /** Each team's items in its last read (`account/team` → item keys), to prune what went. */
  const teamItems = new Map<string, Set<string>>();
  /** When each notification of the last minute was shown. */
  let shownAt: number[] = [];
  /** Stops and suspends waiting for who did them, by item key. */
  const awaiting = new Map<string, Awaiting>();
  const schedule = deps.schedule ?? realSchedule;
  /** The settings of the last change heard: snoozes and quiet hours. */
  let latest: Settings | null = null;

  /** Whether this item (its key) may not be told of now: snoozed, or quiet hours. */
  function silenced(key: string | null, at: number): boolean {
    if (latest === null) return false;
    return isQuiet(latest, at) || (key !== null && snoozedUntil(latest, key, at) !== null);
  }

  /** Whether the item may be told of now (at most once per item in 10 minutes). */
  function due(key: string, at: number): boolean {
    const before = lastSent.get(key);
    return before === undefined || at - before >= NOTIFY_AT_MOST_EVERY_MS;
  }

  /**
   * Shows it unless PER_MINUTE were shown in the last minute, or it is silenced (the item's
   * key, when it is about one item): checked here too, for a stop told after waiting for its
   * author.
   */
  function deliver(notification: AppNotification, key: string | null): void {
    const at = deps.now();
    if (silenced(key, at)) return;
    shownAt = shownAt.filter((each) => at - each < MINUTE_MS);
    if (shownAt.length >= PER_MINUTE) return;
    shownAt.push(at);
    deps.notifier.notify(notification);
  }

  function titleOf(state: TeamtrayState, accountId: string): string {
    const account = accountIn(state, accountId);
    if (account === undefined) return 'A removed account';
    return accountTitle({ ...account, host: hostOf(account.origin) }).title;
  }

  function where(state: TeamtrayState, accountId: string, teamId: string): string {
    const team = teamIn(state, accountId, teamId)?.name ?? 'A team';
    return `${shownName(team)} · ${shownName(titleOf(state, accountId))}`;
  }

  /** A read's news: one by one when few, else one summary with the first few names. */
  function tell(
    state: TeamtrayState,
    accountId: AccountId,
    teamId: TeamId,
    news: readonly News[],
  ): void {
    if (news.length === 0) return;
    const at = deps.now();
    for (const each of news) lastSent.set(each.key, at);
    if (news.length <= FOLD_AFTER) {
      for (const each of news) {
        const waitsFor = WAITS_FOR_AUTHOR[each.what];
        if (waitsFor !== undefined) {
          await_(each, accountId, teamId, waitsFor, where(state, accountId, teamId));
          continue;
        }
        deliver(
          {
            title: `${each.name} ${each.what}`,
            body: where(state, accountId, teamId),
            target: each.target,
          },
          each.key,
        );
      }
      return;
    }
    const names = news.slice(0, SUMMARY_NAMES).map((each) => each.name);
    const more = news.length - names.length;
    deliver(
      {
        title: summaryTitle(news),
        body: `${where(state, accountId, teamId)}: ${names.join(', ')}${more > 0 ? ` and ${more} more` : ''}`,
        target: { accountId, teamId, item: null },
      },
      null,
    );
  }

  /** Holds a stop or a suspend until its author is read, or ACTOR_WAIT_MS went by. */
  function await_(
    news: News,
    accountId: AccountId,
    teamId: TeamId,
    state: string,
    body: string,
  ): void {
    awaiting.get(news.key)?.cancel();
    const cancel = schedule(() => {
      awaiting.delete(news.key);
      deliver({ title: `${news.name} ${news.what}`, body, target: news.target }, news.key);
    }, ACTOR_WAIT_MS);
    awaiting.set(news.key, { news, accountId, teamId, state, body, cancel });
  }

  /** The audit log named the last action: the waiting news told with its author, or not at all. */
  function authorRead(state: TeamtrayState, accountId: AccountId, key: string): void {
    const waiting = awaiting.get(key);
    if (waiting === undefined) return;
    const last = instanceIn(
      state,
      accountId,
      waiting.teamId,
      waiting.news.target.item?.id ?? '',
    )?.lastAction;
    if (last === undefined || last === null) return;
    waiting.cancel();
    awaiting.delete(key);
    const { news } = waiting;
    let what = news.what;
    if (last.event === 'project.start-failed') what = 'failed to start';
    else if (last.event === EXPLAINED_BY[waiting.state]) {
      // The account's own user did it, in FlowFuse's web UI or elsewhere: not news.
      if (last.by !== null && last.by === accountIn(state, accountId)?.username) return;
      const verb = waiting.state === 'stopped' ? 'stopped' : 'suspended';
      what = `was ${verb} by ${last.by === null ? 'FlowFuse' : shownName(last.by)}`;
    }
    deliver({ title: `${news.name} ${what}`, body: waiting.body, target: news.target }, news.key);
  }

  /** Forgets the items of this team that its new read no longer lists. */
  function prune(accountId: string, teamId: string, listed: Set<string>): void {
    const team = `${accountId}/${teamId}`;
    for (const key of teamItems.get(team) ?? []) {
      if (listed.has(key)) continue;
      instanceStates.delete(key);
      presences.delete(key);
      lastSent.delete(key);
      actedAt.delete(key);
      awaiting.get(key)?.cancel();
      awaiting.delete(key);
    }
    teamItems.set(team, listed);
  }

  function instanceNews(previous: string, next: string, acted: boolean): string | null {
    if (previous === next) return null;
    if (needsAttention(next) && !needsAttention(previous)) return stateLabel(next).toLowerCase();
    if ((next === 'stopped' || next === 'suspended') && !acted) {
      return next === 'stopped' ? 'stopped' : 'was suspended';
    }
    return null;
  }

  function actedRecently(key: string, now: number): boolean {
    const at = actedAt.get(key);
    return at !== undefined && now - at < ACTED_RECENTLY_MS;
  }

  /** What the team's runtime now says, against what was heard of it before. */
  function teamRead(
    state: TeamtrayState,
    accountId: AccountId,
    teamId: TeamId,
    runtime: TeamRuntime,
  ): void {
    const { settings } = state;
    const now = deps.now();
    const listed = new Set<string>();
    const news: News[] = [];
    for (const instance of runtime.instances) {
      const key = `${accountId}/i/${instance.id}`;
      listed.add(key);
      const previous = instanceStates.get(key);
      instanceStates.set(key, instance.state);
      if (previous === undefined || !settings.notifyInstances) continue;
      const what = instanceNews(previous, instance.state, actedRecently(key, now));
      if (what === null || silenced(key, now) || !due(key, now)) continue;
      news.push({
        key,
        kind: 'instance',
        name: shownName(instance.name),
        what,
        target: { accountId, teamId, item: { kind: 'instance', id: instance.id } },
      });
    }
    for (const device of runtime.devices) {
      const key = `${accountId}/d/${device.id}`;
      listed.add(key);
      const previous = presences.get(key);
      const presence = presenceOf(device.lastSeenAt, device.onlineStatus, now);
      presences.set(key, presence);
      if (previous === undefined || previous === presence || !settings.notifyDevices) continue;
      if (presence === 'never' || previous === 'never' || silenced(key, now)) continue;
      if (!due(key, now)) continue;
      news.push({
        key,
        kind: 'device',
        name: shownName(device.name),
        what: presence === 'offline' ? 'went offline' : 'is back online',
        target: { accountId, teamId, item: { kind: 'device', id: device.id } },
      });
    }
    prune(accountId, teamId, listed);
    tell(state, accountId, teamId, news);
  }

  function accountStatus(state: TeamtrayState, accountId: AccountId): void {
    const status = accountIn(state, accountId)?.status;
    if (status === undefined || status === 'loading') return;
    const previous = statuses.get(accountId);
    statuses.set(accountId, status);
    if (previous === undefined || previous === status || status !== 'unauthorized') return;
    if (!state.settings.notifyAccounts) return;
    const key = `${accountId}/token`;
    const at = deps.now();
    if (!due(key, at)) return;
    lastSent.set(key, at);
    deliver(
      {
        title: 'A FlowFuse token stopped working',
        body: `${shownName(titleOf(state, accountId))}: paste a new token to see its teams again.`,
        target: { accountId, teamId: null, item: null },
      },
      null,
    );
  }

  function forget(accountId: string): void {
    const prefix = `${accountId}/`;
    for (const map of [instanceStates, presences, lastSent, teamItems, actedAt]) {
      for (const key of [...map.keys()]) if (key.startsWith(prefix)) map.delete(key);
    }
    statuses.delete(accountId);
    for (const [key, waiting] of awaiting) {
      if (!key.startsWith(prefix)) continue;
      waiting.cancel();
      awaiting.delete(key);
    }
  }

  /** A read, a poll or a settled action: the team's instances and devices as they now are. */
  function heard(state: TeamtrayState, accountId: AccountId, teamId: TeamId): void {
    const team = teamIn(state, accountId, teamId);
    if (team !== undefined) teamRead(state, accountId, teamId, team.runtime);
  }

  return {
    changed(change) {
      const { state } = change;
      latest = state.settings;
      switch (change.name) {
        case 'read':
        case 'polled':
          heard(state, change.payload.accountId, change.payload.teamId);
          return;
        case 'actionSent':
        case 'settled': {
          const { accountId, teamId, instanceId } = change.payload;
          actedAt.set(`${accountId}/i/${instanceId}`, deps.now());
          if (change.name === 'settled') heard(state, accountId, teamId);
          return;
        }
        case 'actionRefused': {
          const { accountId, instanceId } = change.payload;
          actedAt.delete(`${accountId}/i/${instanceId}`);
          return;
        }
        case 'refreshStarted':
        case 'listed':
        case 'listFailed':
        case 'tokenRefused':
          accountStatus(state, change.payload.accountId);
          return;
        case 'accountRemoved':
          forget(change.payload.accountId);
          return;
        case 'lastActionRead': {
          const { accountId, instanceId } = change.payload;
          authorRead(state, accountId, `${accountId}/i/${instanceId}`);
          return;
        }
        default:
          return;
      }
    },
    remembered: () => instanceStates.size + presences.size + lastSent.size,
    dispose() {
      for (const waiting of awaiting.values()) waiting.cancel();
      awaiting.clear();
    },
  };
}

/** The news that waits for its author: the words a stop or a suspend is told with, to the state. */
const WAITS_FOR_AUTHOR: Readonly<Record<string, string>> = {
  stopped: 'stopped',
  'was suspended': 'suspended',
};

/** "12 instances crashed", "5 devices went offline", or "8 instances and devices changed". */
function summaryTitle(news: readonly News[]): string {
  const kinds = new Set(news.map((each) => each.kind));
  const whats = new Set(news.map((each) => each.what));
  const items =
    kinds.size > 1 ? 'instances and devices' : kinds.has('device') ? 'devices' : 'instances';
  const [what] = whats;
  const verb = whats.size === 1 && what !== undefined ? plural(what) : 'changed';
  return `${news.length} ${items} ${verb}`;
}

/** The words after a name, for many: "was suspended" → "were suspended". */
function plural(what: string): string {
  return what.replace(/^was /, 'were ').replace(/^is /, 'are ');
}
