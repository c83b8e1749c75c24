/**
 * Notifications, on transitions only: an instance crashed, or stopped or was suspended without
 * the user acting from Teamtray; a device went offline or came back; an account's token stopped
 * working. Never for what the first read of this run finds (that is not news), and at most one
 * notification per item per 10 minutes.
 *
 * Names come from team members and the server: they go in as plain one-line text, clipped
 * (notification-text.ts). More than FOLD_AFTER items with news in one read make one summary, and
 * at most PER_MINUTE notifications are shown in any minute, so a read of 500 crashed instances
 * gives one notification, not 500. What the watcher remembers about an item is dropped when a
 * read of its team no longer lists it.
 */
import type { AccountId } from '../../common/brand';
import { presenceOf, type Presence } from '../../common/device-status';
import { needsAttention, stateLabel } from '../../common/instance-state';
import type { AccountStatus } from '../../common/model';
import type { FocusTarget } from '../../common/runtime';
import type { Settings } from '../../common/settings';
import { shownName } from './notification-text';
import type { TeamReading } from './team-fetch';

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
const MINUTE_MS = 60_000;
/** Names listed in a summary's body. */
const SUMMARY_NAMES = 3;

export interface WatcherDeps {
  readonly notifier: NotifierPort;
  readonly settings: () => Settings;
  readonly now: () => number;
  readonly actedRecently: (accountId: string, instanceId: string) => boolean;
  /** The account's title (label, or user @ host) and a team's name, for the words. */
  readonly accountTitle: (accountId: string) => string;
  readonly teamName: (accountId: string, teamId: string) => string;
}

export interface RuntimeWatcher {
  /** A fresh read of a team. */
  teamRead(accountId: AccountId, teamId: string, reading: TeamReading): void;
  accountStatus(accountId: AccountId, status: AccountStatus): void;
  forget(accountId: string): void;
  /** Items remembered across all accounts (for tests: it shrinks when items disappear). */
  remembered(): number;
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

export function createRuntimeWatcher(deps: WatcherDeps): RuntimeWatcher {
  const instanceStates = new Map<string, string>();
  const presences = new Map<string, Presence>();
  const statuses = new Map<string, AccountStatus>();
  const lastSent = new Map<string, number>();
  /** Each team's items in its last read (`account/team` → item keys), to prune what went. */
  const teamItems = new Map<string, Set<string>>();
  /** When each notification of the last minute was shown. */
  let shownAt: number[] = [];

  /** Whether the item may be told of now (at most once per item in 10 minutes). */
  function due(key: string, at: number): boolean {
    const before = lastSent.get(key);
    return before === undefined || at - before >= NOTIFY_AT_MOST_EVERY_MS;
  }

  /** Shows it unless PER_MINUTE were shown in the last minute. */
  function deliver(notification: AppNotification): void {
    const at = deps.now();
    shownAt = shownAt.filter((each) => at - each < MINUTE_MS);
    if (shownAt.length >= PER_MINUTE) return;
    shownAt.push(at);
    deps.notifier.notify(notification);
  }

  function where(accountId: string, teamId: string): string {
    return `${shownName(deps.teamName(accountId, teamId))} · ${shownName(deps.accountTitle(accountId))}`;
  }

  /** A read's news: one by one when few, else one summary with the first few names. */
  function tell(accountId: AccountId, teamId: string, news: readonly News[]): void {
    if (news.length === 0) return;
    const at = deps.now();
    for (const each of news) lastSent.set(each.key, at);
    if (news.length <= FOLD_AFTER) {
      for (const each of news) {
        deliver({
          title: `${each.name} ${each.what}`,
          body: where(accountId, teamId),
          target: each.target,
        });
      }
      return;
    }
    const names = news.slice(0, SUMMARY_NAMES).map((each) => each.name);
    const more = news.length - names.length;
    deliver({
      title: summaryTitle(news),
      body: `${where(accountId, teamId)}: ${names.join(', ')}${more > 0 ? ` and ${more} more` : ''}`,
      target: { accountId, teamId, item: null },
    });
  }

  /** Forgets the items of this team that its new read no longer lists. */
  function prune(accountId: string, teamId: string, listed: Set<string>): void {
    const team = `${accountId}/${teamId}`;
    for (const key of teamItems.get(team) ?? []) {
      if (listed.has(key)) continue;
      instanceStates.delete(key);
      presences.delete(key);
      lastSent.delete(key);
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

  return {
    teamRead(accountId, teamId, reading) {
      const settings = deps.settings();
      const now = deps.now();
      const listed = new Set<string>();
      const news: News[] = [];
      for (const instance of reading.instances) {
        const key = `${accountId}/i/${instance.id}`;
        listed.add(key);
        const previous = instanceStates.get(key);
        instanceStates.set(key, instance.state);
        if (previous === undefined || !settings.notifyInstances) continue;
        const what = instanceNews(
          previous,
          instance.state,
          deps.actedRecently(accountId, instance.id),
        );
        if (what === null || !due(key, now)) continue;
        news.push({
          key,
          kind: 'instance',
          name: shownName(instance.name),
          what,
          target: { accountId, teamId, item: { kind: 'instance', id: instance.id } },
        });
      }
      for (const device of reading.devices) {
        const key = `${accountId}/d/${device.id}`;
        listed.add(key);
        const previous = presences.get(key);
        const presence = presenceOf(device.lastSeenAt, device.onlineStatus, now);
        presences.set(key, presence);
        if (previous === undefined || previous === presence || !settings.notifyDevices) continue;
        if (presence === 'never' || previous === 'never' || !due(key, now)) continue;
        news.push({
          key,
          kind: 'device',
          name: shownName(device.name),
          what: presence === 'offline' ? 'went offline' : 'is back online',
          target: { accountId, teamId, item: { kind: 'device', id: device.id } },
        });
      }
      prune(accountId, teamId, listed);
      tell(accountId, teamId, news);
    },
    accountStatus(accountId, status) {
      if (status === 'loading') return;
      const previous = statuses.get(accountId);
      statuses.set(accountId, status);
      if (previous === undefined || previous === status || status !== 'unauthorized') return;
      if (!deps.settings().notifyAccounts) return;
      const key = `${accountId}/token`;
      const at = deps.now();
      if (!due(key, at)) return;
      lastSent.set(key, at);
      deliver({
        title: 'A FlowFuse token stopped working',
        body: `${shownName(deps.accountTitle(accountId))}: paste a new token to see its teams again.`,
        target: { accountId, teamId: null, item: null },
      });
    },
    forget(accountId) {
      const prefix = `${accountId}/`;
      for (const map of [instanceStates, presences, lastSent, teamItems]) {
        for (const key of [...map.keys()]) if (key.startsWith(prefix)) map.delete(key);
      }
      statuses.delete(accountId);
    },
    remembered: () => instanceStates.size + presences.size + lastSent.size,
  };
}

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
