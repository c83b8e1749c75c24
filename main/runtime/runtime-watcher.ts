/**
 * Notifications, on transitions only: an instance crashed, or stopped or was suspended without
 * the user acting from Teamtray; a device went offline or came back; an account's token stopped
 * working. Never for what the first read of this run finds (that is not news), and at most one
 * notification per item per 10 minutes.
 */
import type { AccountId } from '../../common/brand';
import { presenceOf, type Presence } from '../../common/device-status';
import { needsAttention, stateLabel } from '../../common/instance-state';
import type { AccountStatus } from '../../common/model';
import type { FocusTarget } from '../../common/runtime';
import type { Settings } from '../../common/settings';
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
}

export function createRuntimeWatcher(deps: WatcherDeps): RuntimeWatcher {
  const instanceStates = new Map<string, string>();
  const presences = new Map<string, Presence>();
  const statuses = new Map<string, AccountStatus>();
  const lastSent = new Map<string, number>();

  function send(key: string, notification: AppNotification): void {
    const at = deps.now();
    const before = lastSent.get(key);
    if (before !== undefined && at - before < NOTIFY_AT_MOST_EVERY_MS) return;
    lastSent.set(key, at);
    deps.notifier.notify(notification);
  }

  function where(accountId: string, teamId: string): string {
    return `${deps.teamName(accountId, teamId)} · ${deps.accountTitle(accountId)}`;
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
      for (const instance of reading.instances) {
        const key = `${accountId}/i/${instance.id}`;
        const previous = instanceStates.get(key);
        instanceStates.set(key, instance.state);
        if (previous === undefined || !settings.notifyInstances) continue;
        const news = instanceNews(
          previous,
          instance.state,
          deps.actedRecently(accountId, instance.id),
        );
        if (news === null) continue;
        send(key, {
          title: `${instance.name} ${news}`,
          body: where(accountId, teamId),
          target: { accountId, teamId, item: { kind: 'instance', id: instance.id } },
        });
      }
      for (const device of reading.devices) {
        const key = `${accountId}/d/${device.id}`;
        const previous = presences.get(key);
        const presence = presenceOf(device.lastSeenAt, device.onlineStatus, now);
        presences.set(key, presence);
        if (previous === undefined || previous === presence || !settings.notifyDevices) continue;
        if (presence === 'never' || previous === 'never') continue;
        send(key, {
          title: `${device.name} ${presence === 'offline' ? 'went offline' : 'is back online'}`,
          body: where(accountId, teamId),
          target: { accountId, teamId, item: { kind: 'device', id: device.id } },
        });
      }
    },
    accountStatus(accountId, status) {
      if (status === 'loading') return;
      const previous = statuses.get(accountId);
      statuses.set(accountId, status);
      if (previous === undefined || previous === status || status !== 'unauthorized') return;
      if (!deps.settings().notifyAccounts) return;
      send(`${accountId}/token`, {
        title: 'A FlowFuse token stopped working',
        body: `${deps.accountTitle(accountId)}: paste a new token to see its teams again.`,
        target: { accountId, teamId: null, item: null },
      });
    },
    forget(accountId) {
      const prefix = `${accountId}/`;
      for (const map of [instanceStates, presences, lastSent]) {
        for (const key of [...map.keys()]) if (key.startsWith(prefix)) map.delete(key);
      }
      statuses.delete(accountId);
    },
  };
}
