/**
 * Notifications: the news of each change of the model (news.ts, a pure function of the change),
 * and their delivery. A projection of the model: it keeps no copy of an instance's or an
 * account's state (each change carries the state before it); what it keeps is the delivery's
 * own: when each item was last told, the stops and suspends waiting for their author, the
 * notifications of the last minute, and each device's presence, which depends on the clock as
 * well as on a read ("seen 12 minutes ago" turns offline without a read), so a device's news is
 * told here.
 *
 * The delivery: at most one notification per item per 10 minutes; more than FOLD_AFTER items
 * with news in one change make one summary; at most PER_MINUTE notifications in any minute, so a
 * read of 500 crashed instances gives one, not 500 (what the cap drops is counted in the log).
 * Snoozes and quiet hours (settings `snoozed`, `quietUntil` and the `quietHours` schedule: one rule,
 * common/pins.ts, that the popover shares) are checked again when a notification is shown, for a stop told after waiting for its author. What was silenced
 * is not kept for later (the tray and the list still say what needs attention).
 *
 * A problem that is over (news.ts) is told apart from the problem itself: a crash told a minute
 * ago does not hold back "is running again". A device alerts for offline only after the grace
 * period the user chose (device-alerts.ts), never in developer mode, and its return says how long
 * it was gone (from the model's `lastSeenAt` before it called home again). At each read of a team,
 * an instance whose trouble lasted past the chosen time is reminded of once per trouble
 * (still-down.ts); that it was is a fact of the trouble in the model (`remindedAt`, set by the
 * `stillDownReminded` transition through `deps.reminded`), not a map kept here.
 *
 * A stop or a suspend waits (at most ACTOR_WAIT_MS) for who did it, which the audit log tells
 * (last-actions.ts reads it into the model): "line-3 was stopped by bob", nothing when it was the
 * account's own user (in FlowFuse's web UI, say), "line-3 was stopped by bob via API" when a
 * script did it with bob's token (FlowFuse 2.32+ says so), "line-3 failed to start" for a failed start,
 * and the plain words when the audit log does not say in time. A failed start then waits, as a
 * crash does (CHANGE_WAIT_MS), for what changed before it.
 */
import { accountTitle } from '../../common/account-title';
import { changeWords } from '../../common/change-words';
import type { AccountId, TeamId } from '../../common/brand';
import { snoozeKey } from '../../common/pins';
import type { FocusTarget } from '../../common/runtime';
import type { Settings } from '../../common/settings';
import type { TeamtrayState } from '../../common/state';
import { hostOf } from '../flowfuse/base-url';
import type { Logger } from '../log';
import type { Change } from '../model/model';
import type { StillDownReminded } from '../model/alert-transitions';
import { accountIn, instanceIn, teamIn } from '../model/select';
import { instanceItem, news, silenced, TOKEN_STOPPED, type News } from './news';
import { shownName } from './notification-text';
import { alertPresence, type AlertPresence } from './device-alerts';
import { backOnlineWhat, stillDownWhat } from './recovery-words';
import { stillDownAfter } from './still-down';

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

/** How long a stop or a suspend waits for its author before it is told without one. */
export const ACTOR_WAIT_MS = 15_000;
/**
 * How long the app holds a crash's news (and a failed start's, once its audit log names it) for
 * what changed before it: one read of the audit log,
 * in the background lane; past this it is told without it.
 */
export const CHANGE_WAIT_MS = 3_000;

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
  /** Where the per-minute cap's drops are counted. */
  readonly log?: Logger;
  /** Timers (tests hand in their own). */
  readonly schedule?: Schedule;
  /**
   * How long a problem's news waits for what changed just before it (`changeBeforeRead`, read by
   * main/runtime/change-before.ts); absent or 0: told at once, without it.
   */
  readonly changeWaitMs?: number;
  /**
   * The still-down reminder of an instance's trouble was told: the model records it (the
   * `stillDownReminded` transition; the core applies it once this change has reached every
   * listener), and the next read does not tell it again.
   */
  readonly reminded: (reminded: StillDownReminded) => void;
}

export interface RuntimeWatcher {
  /** Hears one change of the model. */
  changed(change: Change): void;
  /** Items remembered across all accounts (for tests: it shrinks when items disappear). */
  remembered(): number;
  /** Cancels the waits for authors. */
  dispose(): void;
}

/** A stop or a suspend waiting for its author. */
interface Awaiting {
  readonly news: News;
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
  /** Each device's presence when last heard, as alerts see it (clock-based: not a fact of the model). */
  const presences = new Map<string, AlertPresence>();
  const lastSent = new Map<string, number>();
  /** When each notification of the last minute was shown. */
  let shownAt: number[] = [];
  /** Notifications the per-minute cap dropped since the count was last logged. */
  let dropped = 0;
  let cancelDropLog: (() => void) | null = null;
  /** Stops and suspends waiting for who did them, by item key. */
  const awaiting = new Map<string, Awaiting>();
  const schedule = deps.schedule ?? realSchedule;
  const changeWaitMs = deps.changeWaitMs ?? 0;
  /** The settings of the last change heard: snoozes and quiet hours. */
  let latest: Settings | null = null;

  /** Whether the item may be told of now (at most once per item in 10 minutes). */
  function due(key: string, at: number): boolean {
    const before = lastSent.get(key);
    return before === undefined || at - before >= NOTIFY_AT_MOST_EVERY_MS;
  }

  /** What the 10 minutes count by: a problem's end or reminder apart from the problem. */
  const sentKey = (each: News): string =>
    each.about === undefined ? each.key : `${each.key}#${each.about}`;

  /** Counts a notification the cap dropped; the count is logged a minute after the first. */
  function drop(): void {
    dropped += 1;
    cancelDropLog ??= schedule(() => {
      deps.log?.warn('notifications: the per-minute cap dropped some', {
        dropped,
        perMinute: PER_MINUTE,
      });
      dropped = 0;
      cancelDropLog = null;
    }, MINUTE_MS);
  }

  /**
   * Shows it unless PER_MINUTE were shown in the last minute, or it is silenced (the item's
   * key, when it is about one item): checked here too, for a stop told after waiting for its
   * author.
   */
  function deliver(notification: AppNotification, key: string | null): void {
    const at = deps.now();
    if (latest !== null && silenced(latest, key, at)) return;
    shownAt = shownAt.filter((each) => at - each < MINUTE_MS);
    if (shownAt.length >= PER_MINUTE) {
      drop();
      return;
    }
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

  /** One change's news: one by one when few, else one summary with the first few names. */
  function tell(state: TeamtrayState, all: readonly News[]): void {
    const at = deps.now();
    const told = all.filter((each) => due(sentKey(each), at));
    for (const each of told) lastSent.set(sentKey(each), at);
    const accounts = told.filter((each) => each.teamId === null);
    for (const each of accounts) {
      const account = shownName(titleOf(state, each.accountId));
      deliver(
        each.about === 'recovery'
          ? {
              title: `${account} is connected again`,
              body: 'Its token works: its teams show again.',
              target: each.target,
            }
          : {
              // Refused after its known expiry: the badge's words ("Token expired on 12 Dec").
              title: each.what === TOKEN_STOPPED ? 'A FlowFuse token stopped working' : each.what,
              body: `${account}: paste a new token to see its teams again.`,
              target: each.target,
            },
        null,
      );
    }
    const items = told.filter((each) => each.teamId !== null);
    const [first] = items;
    if (first?.teamId == null) return;
    const { accountId, teamId } = first;
    const body = where(state, accountId, teamId);
    if (items.length <= FOLD_AFTER) {
      for (const each of items) {
        if (each.waitsFor === 'change' && changeWaitMs > 0) {
          wait(each, body, changeWaitMs);
          continue;
        }
        if (each.waitsFor === 'stopped' || each.waitsFor === 'suspended') {
          wait(each, body, ACTOR_WAIT_MS);
          continue;
        }
        deliver({ title: `${each.name} ${each.what}`, body, target: each.target }, each.key);
      }
      return;
    }
    const names = items.slice(0, SUMMARY_NAMES).map((each) => each.name);
    const more = items.length - names.length;
    deliver(
      {
        title: summaryTitle(items),
        body: `${body}: ${names.join(', ')}${more > 0 ? ` and ${more} more` : ''}`,
        target: { accountId, teamId, item: null },
      },
      null,
    );
  }

  /**
   * Holds a stop or a suspend until its author is read, a problem until what changed before it
   * is, or `ms` went by.
   */
  function wait(each: News, body: string, ms: number): void {
    awaiting.get(each.key)?.cancel();
    const cancel = schedule(() => {
      awaiting.delete(each.key);
      deliver({ title: `${each.name} ${each.what}`, body, target: each.target }, each.key);
    }, ms);
    awaiting.set(each.key, { news: each, body, cancel });
  }

  /** The audit log named the last action: the waiting news told with its author, or not at all. */
  function authorRead(state: TeamtrayState, accountId: AccountId, key: string): void {
    const waiting = awaiting.get(key);
    if (waiting === undefined || waiting.news.waitsFor === 'change') return;
    const { news: each } = waiting;
    const last = instanceIn(
      state,
      accountId,
      each.teamId ?? '',
      each.target.item?.id ?? '',
    )?.lastAction;
    if (last === undefined || last === null) return;
    waiting.cancel();
    awaiting.delete(key);
    let what = each.what;
    if (last.event === 'project.start-failed') {
      startFailed(
        state,
        accountId,
        { ...each, what: 'failed to start', waitsFor: 'change' },
        waiting.body,
      );
      return;
    }
    if (each.waitsFor !== null && last.event === EXPLAINED_BY[each.waitsFor]) {
      // The account's own user did it, in FlowFuse's web UI or elsewhere: not news.
      if (last.by !== null && last.by === accountIn(state, accountId)?.username) return;
      const via = last.viaApi === true ? ' via API' : '';
      what = `was ${each.waitsFor} by ${last.by === null ? 'FlowFuse' : shownName(last.by)}${via}`;
    }
    deliver({ title: `${each.name} ${what}`, body: waiting.body, target: each.target }, key);
  }

  /**
   * A failed start, as its audit log names it: like a crash, it waits for what changed before it
   * (change-before.ts reads it on this same news), unless that is known already.
   */
  function startFailed(state: TeamtrayState, accountId: AccountId, each: News, body: string): void {
    const known = itemOf(state, accountId, each)?.changeBefore?.problem === 'start-failed';
    if (changeWaitMs > 0 && !known) {
      wait(each, body, changeWaitMs);
      return;
    }
    tellWithChange(state, accountId, each, body);
  }

  /**
   * What changed before a problem was read: the waiting news told with it on the line above
   * where it is ("Flows deployed by alice 4 min before the crash"), or without it when there was
   * none.
   */
  function changeRead(state: TeamtrayState, accountId: AccountId, key: string): void {
    const waiting = awaiting.get(key);
    if (waiting?.news.waitsFor !== 'change') return;
    waiting.cancel();
    awaiting.delete(key);
    tellWithChange(state, accountId, waiting.news, waiting.body);
  }

  function itemOf(state: TeamtrayState, accountId: AccountId, each: News) {
    return instanceIn(state, accountId, each.teamId ?? '', each.target.item?.id ?? '');
  }

  /** The news with the change before its problem, when known, on the line above `body`. */
  function tellWithChange(state: TeamtrayState, accountId: AccountId, each: News, body: string) {
    const username = accountIn(state, accountId)?.username ?? null;
    const words = changeWords(
      itemOf(state, accountId, each)?.changeBefore ?? null,
      username,
      shownName,
    );
    const told = words === null ? body : `${words.what}${words.when}\n${body}`;
    deliver({ title: `${each.name} ${each.what}`, body: told, target: each.target }, each.key);
  }

  /** Forgets one item: when it was told, its presence, a wait for its author. */
  function forgetItem(key: string): void {
    presences.delete(key);
    lastSent.delete(key);
    for (const about of ['recovery', 'reminder']) lastSent.delete(`${key}#${about}`);
    awaiting.get(key)?.cancel();
    awaiting.delete(key);
  }

  /** Forgets the items of this team that the change no longer lists. */
  function prune(change: Change, accountId: AccountId, teamId: TeamId): void {
    const before = teamIn(change.previous, accountId, teamId)?.runtime;
    const after = teamIn(change.state, accountId, teamId)?.runtime;
    if (before === undefined) return;
    const keys = (runtime: typeof before) => [
      ...runtime.instances.map((each) => snoozeKey(accountId, 'instance', each.id)),
      ...runtime.devices.map((each) => snoozeKey(accountId, 'device', each.id)),
    ];
    const listed = new Set(after === undefined ? [] : keys(after));
    for (const key of keys(before)) if (!listed.has(key)) forgetItem(key);
  }

  /** The team's devices as they are now, against their presence when last heard. */
  function deviceNews(change: Change, accountId: AccountId, teamId: TeamId): News[] {
    const { state } = change;
    const runtime = teamIn(state, accountId, teamId)?.runtime;
    if (runtime === undefined) return [];
    const before = teamIn(change.previous, accountId, teamId)?.runtime.devices ?? [];
    const now = deps.now();
    const { settings } = state;
    return runtime.devices.flatMap((device): News[] => {
      const key = snoozeKey(accountId, 'device', device.id);
      const previous = presences.get(key);
      const presence = alertPresence(device, settings.deviceGraceMinutes, now);
      presences.set(key, presence);
      if (previous === undefined || previous === presence || !settings.notifyDevices) return [];
      const untold: readonly AlertPresence[] = ['never', 'quiet'];
      if (untold.includes(presence) || untold.includes(previous)) return [];
      const back = presence === 'online';
      if ((back && !settings.notifyRecoveries) || silenced(settings, key, now)) return [];
      // How long it was gone: since it last called home before this read.
      const seen = before.find((each) => each.id === device.id)?.lastSeenAt ?? null;
      return [
        {
          key,
          kind: 'device',
          accountId,
          teamId,
          name: shownName(device.name),
          what: back ? backOnlineWhat(seen === null ? null : now - seen) : 'went offline',
          waitsFor: null,
          target: { accountId, teamId, item: { kind: 'device', id: device.id } },
          ...(back ? { about: 'recovery' as const } : {}),
        },
      ];
    });
  }

  /** The team's instances whose trouble lasted past the chosen time, once per trouble. */
  function reminders(change: Change, accountId: AccountId, teamId: TeamId): News[] {
    const { state } = change;
    const runtime = teamIn(state, accountId, teamId)?.runtime;
    const { settings } = state;
    // The first read of this run is no news, nor is what it finds later a reminder of.
    if (runtime === undefined || !teamIn(change.previous, accountId, teamId)?.runtime.readThisRun) {
      return [];
    }
    if (!settings.notifyInstances) return [];
    const now = deps.now();
    return runtime.instances.flatMap((instance): News[] => {
      const trouble = instance.trouble ?? null;
      const after = stillDownAfter(trouble, settings.remindAfterMinutes, now);
      const key = snoozeKey(accountId, 'instance', instance.id);
      if (trouble === null || after === null || trouble.remindedAt !== undefined) return [];
      deps.reminded({ accountId, teamId, instanceId: instance.id, since: trouble.since, at: now });
      if (instance.action !== null || silenced(settings, key, now)) return [];
      return [
        instanceItem({ accountId, teamId }, instance, stillDownWhat(trouble, after), {
          about: 'reminder',
        }),
      ];
    });
  }

  function forgetAccount(accountId: string): void {
    const prefix = `${accountId}/`;
    for (const key of [...presences.keys(), ...lastSent.keys(), ...awaiting.keys()]) {
      if (key.startsWith(prefix)) forgetItem(key);
    }
  }

  return {
    changed(change) {
      const { state } = change;
      latest = state.settings;
      const found = news(change, deps.now());
      switch (change.name) {
        case 'read':
        case 'polled':
        case 'settled': {
          const { accountId, teamId } = change.payload;
          prune(change, accountId, teamId);
          tell(state, [
            ...found,
            ...deviceNews(change, accountId, teamId),
            ...reminders(change, accountId, teamId),
          ]);
          return;
        }
        case 'accountRemoved':
          forgetAccount(change.payload.accountId);
          return;
        case 'lastActionRead': {
          const { accountId, instanceId } = change.payload;
          authorRead(state, accountId, snoozeKey(accountId, 'instance', instanceId));
          return;
        }
        case 'changeBeforeRead': {
          const { accountId, instanceId } = change.payload;
          changeRead(state, accountId, snoozeKey(accountId, 'instance', instanceId));
          return;
        }
        default:
          if (found.length > 0) tell(state, found);
      }
    },
    remembered: () => presences.size + lastSent.size,
    dispose() {
      for (const waiting of awaiting.values()) waiting.cancel();
      awaiting.clear();
      cancelDropLog?.();
      cancelDropLog = null;
    },
  };
}

/**
 * "12 instances crashed", "5 devices went offline", "4 instances are back" (their problems over,
 * each for its own time), "4 instances are still down", or "8 instances and devices changed".
 */
function summaryTitle(items: readonly News[]): string {
  const kinds = new Set(items.map((each) => each.kind));
  const whats = new Set(items.map((each) => each.what));
  const abouts = new Set(items.map((each) => each.about));
  const what = whats.size === 1 ? [...whats][0] : undefined;
  const noun =
    kinds.size > 1 ? 'instances and devices' : kinds.has('device') ? 'devices' : 'instances';
  const about = abouts.size === 1 ? [...abouts][0] : undefined;
  const verb =
    what !== undefined
      ? plural(what)
      : about === 'recovery'
        ? 'are back'
        : about === 'reminder'
          ? 'are still down'
          : 'changed';
  return `${items.length} ${noun} ${verb}`;
}

/** The words after a name, for many: "was suspended" → "were suspended". */
function plural(what: string): string {
  return what.replace(/^was /, 'were ').replace(/^is /, 'are ');
}
