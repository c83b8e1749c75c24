/**
 * What a change of the model is news of, as a pure function of the change (its state before and
 * after) and the time: an instance crashed or needs attention, stopped or was suspended without
 * the user acting from Teamtray, an account's token stopped working (or, refused after the expiry
 * it was known to have, expired on that day); and, unless the user turned
 * it off (`notifyRecoveries`), when such a problem is over: an instance running again or out of
 * safe mode after the trouble the model recorded (main/model/trouble.ts: "down 12 min"), an
 * account connected again. Never what the first read of
 * this run finds (the model's `readThisRun`: until then the lists are the cache's), never an item
 * snoozed or anything in quiet hours, never a kind the user turned off. Devices are not here:
 * whether one is online depends on the clock as well as on a read (runtime-watcher.ts).
 *
 * Names are server and team members' text: they come out as plain one-line text, clipped
 * (notification-text.ts).
 */
import type { AccountId, TeamId } from '../../common/brand';
import { needsAttention, stateLabel } from '../../common/instance-state';
import { isQuiet, snoozedUntil, snoozeKey } from '../../common/pins';
import { expiredWords, tokenExpiry } from '../../common/token-health';
import type { FocusTarget } from '../../common/runtime';
import type { Settings } from '../../common/settings';
import type { Account, Instance, TeamtrayState } from '../../common/state';
import type { Change } from '../model/model';
import { accountIn, teamIn } from '../model/select';
import { shownName } from './notification-text';
import { recoveryWhat } from './recovery-words';

/** One item's news, before it is told alone or folded into a summary. */
export interface News {
  /** The item's key: `account/i/instance`, `account/d/device` (as snoozes name them), `account/token`. */
  readonly key: string;
  readonly kind: 'instance' | 'device' | 'account';
  readonly accountId: AccountId;
  /** The team it is in; null for an account's news. */
  readonly teamId: TeamId | null;
  /** The item's name, as plain one-line text. */
  readonly name: string;
  /** What happened, after the name: "crashed", "went offline". */
  readonly what: string;
  /**
   * A stop or a suspend waits for who did it (the audit log): the state it explains. A problem
   * may wait for what changed just before it (`change`: main/runtime/change-before.ts).
   */
  readonly waitsFor: 'stopped' | 'suspended' | 'change' | null;
  /** What a click opens the popover on. */
  readonly target: FocusTarget;
  /**
   * A problem that is over, or one that lasts (a still-down reminder); absent for the news of a
   * problem itself. Told apart from it: a crash told a minute ago does not hold back its end.
   */
  readonly about?: 'recovery' | 'reminder';
}

/** Whether the item (its snooze key) may not be told of now: snoozed, or quiet hours. */
export function silenced(settings: Settings, key: string | null, now: number): boolean {
  return isQuiet(settings, now) || (key !== null && snoozedUntil(settings, key, now) !== null);
}

/** The news in one change of the model, at `now`. */
export function news(change: Change, now: number): News[] {
  switch (change.name) {
    case 'read':
    case 'polled':
    case 'settled': {
      const { accountId, teamId } = change.payload;
      return instanceNews(change.previous, change.state, accountId, teamId, now);
    }
    case 'listFailed':
    case 'tokenRefused':
      return accountNews(change.previous, change.state, change.payload.accountId, now);
    case 'listed':
      return accountBackNews(change.previous, change.state, change.payload.accountId, now);
    default:
      return [];
  }
}

/** An instance's state from `previous` to `next`, in words; null when that is no news. */
function instanceWhat(previous: string, next: string, ownAction: boolean): string | null {
  if (previous === next) return null;
  if (needsAttention(next) && !needsAttention(previous)) return stateLabel(next).toLowerCase();
  if ((next === 'stopped' || next === 'suspended') && !ownAction) {
    return next === 'stopped' ? 'stopped' : 'was suspended';
  }
  return null;
}

/** Where an instance's news is. */
export interface InstanceWhere {
  readonly accountId: AccountId;
  readonly teamId: TeamId;
}

/** The instance came out of its trouble in this change, not by the user's own action. */
function recoveryNews(
  earlier: Instance,
  instance: Instance,
  ownAction: boolean,
  settings: Settings,
  now: number,
  { accountId, teamId }: InstanceWhere,
): News[] {
  const recovered = instance.recovered ?? null;
  if (recovered === null || recovered === (earlier.recovered ?? null)) return [];
  const key = snoozeKey(accountId, 'instance', instance.id);
  if (ownAction || !settings.notifyRecoveries || silenced(settings, key, now)) return [];
  return [
    instanceItem({ accountId, teamId }, instance, recoveryWhat(recovered), { about: 'recovery' }),
  ];
}

function instanceNews(
  previous: TeamtrayState,
  state: TeamtrayState,
  accountId: AccountId,
  teamId: TeamId,
  now: number,
): News[] {
  const before = teamIn(previous, accountId, teamId)?.runtime;
  const after = teamIn(state, accountId, teamId)?.runtime;
  const { settings } = state;
  // The first read of this run: what it finds is the cache's news, not this run's.
  if (before === undefined || after === undefined || !before.readThisRun) return [];
  if (!settings.notifyInstances || isQuiet(settings, now)) return [];
  const was = new Map(before.instances.map((instance) => [instance.id, instance]));
  const ref = { accountId, teamId };
  return after.instances.flatMap((instance): News[] => {
    const earlier = was.get(instance.id);
    if (earlier === undefined) return [];
    // An action sent from Teamtray (on its way or just settled) is the user's own.
    const ownAction = earlier.action !== null || instance.action !== null;
    const what = instanceWhat(earlier.state, instance.state, ownAction);
    const key = snoozeKey(accountId, 'instance', instance.id);
    if (what === null) return recoveryNews(earlier, instance, ownAction, settings, now, ref);
    if (silenced(settings, key, now)) return [];
    return [instanceItem(ref, instance, what, { waitsFor: waitsFor(what, instance.state) })];
  });
}

/** What an instance's news waits for before it is told: its author, or the change before it. */
function waitsFor(what: string, state: string): News['waitsFor'] {
  if (what === 'stopped') return 'stopped';
  if (what === 'was suspended') return 'suspended';
  return needsAttention(state) ? 'change' : null;
}

/** Refused before this change: the status, or (while a refresh runs) the error it keeps. */
function refused(account: Account): boolean {
  return (
    account.status === 'unauthorized' ||
    (account.status === 'loading' && account.error?.code === 'unauthorized')
  );
}

/**
 * What both account news look at: the account before and after the change, and the settings;
 * null when it is no news of this run (gone, added, or before the first read of this run) or
 * account notifications are off or silenced now.
 */
function accountChange(
  previous: TeamtrayState,
  state: TeamtrayState,
  accountId: AccountId,
  now: number,
): { readonly before: Account; readonly after: Account } | null {
  const before = accountIn(previous, accountId);
  const after = accountIn(state, accountId);
  const { settings } = state;
  if (before === undefined || after === undefined || !before.readThisRun) return null;
  if (!settings.notifyAccounts || silenced(settings, null, now)) return null;
  return { before, after };
}

/** An account's news: `what` happened to its token. */
/** An instance's news: its key as snoozes name it, its name as one line, where a click goes. */
export function instanceItem(
  { accountId, teamId }: InstanceWhere,
  instance: Pick<Instance, 'id' | 'name'>,
  what: string,
  options: { readonly waitsFor?: News['waitsFor']; readonly about?: News['about'] } = {},
): News {
  return {
    key: snoozeKey(accountId, 'instance', instance.id),
    kind: 'instance',
    accountId,
    teamId,
    name: shownName(instance.name),
    what,
    waitsFor: options.waitsFor ?? null,
    target: { accountId, teamId, item: { kind: 'instance', id: instance.id } },
    ...(options.about === undefined ? {} : { about: options.about }),
  };
}

function accountItem(accountId: AccountId, what: string, about?: 'recovery'): News {
  return {
    key: `${accountId}/token`,
    kind: 'account',
    accountId,
    teamId: null,
    name: '',
    what,
    waitsFor: null,
    target: { accountId, teamId: null, item: null },
    ...(about === undefined ? {} : { about }),
  };
}

/** What a refused token's news says: "token stopped working". */
export const TOKEN_STOPPED = 'token stopped working';

/**
 * The account's token was refused in this change: "token stopped working", or, refused after
 * the expiry it was known to have, the badge's own words ("Token expired on 12 Dec").
 */
function accountNews(
  previous: TeamtrayState,
  state: TeamtrayState,
  accountId: AccountId,
  now: number,
): News[] {
  const change = accountChange(previous, state, accountId, now);
  if (change === null) return [];
  const { before, after } = change;
  if (after.status !== 'unauthorized' || refused(before)) return [];
  const expiry = tokenExpiry(after.tokenInfo, now);
  const what = expiry.kind === 'expired' ? expiredWords(expiry.at, now) : TOKEN_STOPPED;
  return [accountItem(accountId, what)];
}

/** A refused token works again (a new one pasted, or the server took it back): connected again. */
function accountBackNews(
  previous: TeamtrayState,
  state: TeamtrayState,
  accountId: AccountId,
  now: number,
): News[] {
  const change = accountChange(previous, state, accountId, now);
  if (change === null || !state.settings.notifyRecoveries) return [];
  if (!refused(change.before) || change.after.status !== 'ok') return [];
  return [accountItem(accountId, 'connected again', 'recovery')];
}
