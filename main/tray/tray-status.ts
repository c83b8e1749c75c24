/**
 * The tray icon's state, a projection of the model: attention when something needs the user,
 * offline when no server answers, and how many things need the user, per account (the count
 * beside the icon and the tooltip's lines). Worked out again only for the accounts whose object
 * changed (a refresh of 5,000 teams changes the model 10,000 times; summing every account each
 * time was quadratic).
 *
 * A deploy turns stuck a quarter of an hour after it was first seen (common/stuck-deploy.ts) by
 * the clock alone, with no change of the model: one timer waits for the next such moment, by the
 * model's clock (`now`), and every account is counted again when it comes.
 */
import { accountTitle } from '../../common/account-title';
import { attentionCounts, needsUser, type AttentionCounts } from '../../common/attention';
import { nextStuckAt, STUCK_AFTER_MS } from '../../common/stuck-deploy';
import { Emitter, type Unsubscribe } from '../../common/emitter';
import type { AccountStatus } from '../../common/model';
import type { Account, TeamtrayState } from '../../common/state';
import { hostOf } from '../flowfuse/base-url';
import type { Model } from '../model/model';

export type TrayStatus = 'ok' | 'attention' | 'offline';

/** One account with something that needs the user, for the tray's tooltip. */
interface TrayAccountAttention {
  /** What the account is called (common/account-title.ts). */
  readonly title: string;
  readonly counts: AttentionCounts;
}

/** The tray's status and how many things need the user (common/attention.ts counts them). */
export interface TraySummary {
  readonly status: TrayStatus;
  /**
   * Instances in trouble, devices offline (when they count) or not updated, and accounts needing
   * a token.
   */
  readonly count: number;
  /** The accounts with something that needs the user, in the model's order. */
  readonly perAccount: readonly TrayAccountAttention[];
}

/** One account's part: its status, its title and what it counts as needing the user. */
interface TrayInput {
  readonly status: AccountStatus;
  readonly title: string;
  readonly counts: AttentionCounts;
  /** When one of its deploys turns stuck by the clock alone (nextStuckAt); null when none. */
  readonly countAgainAt: number | null;
}

/** The soonest moment any account is to be counted again by the clock; null when none is. */
function soonest(inputs: readonly TrayInput[]): number | null {
  let next: number | null = null;
  for (const { countAgainAt } of inputs) {
    if (countAgainAt !== null && (next === null || countAgainAt < next)) next = countAgainAt;
  }
  return next;
}

function trayStatusOf(accounts: readonly TrayInput[]): TrayStatus {
  let settled = 0;
  let unreachable = 0;
  for (const { status, counts } of accounts) {
    if (needsUser(counts)) return 'attention';
    if (status === 'loading') continue;
    settled += 1;
    if (status === 'unreachable') unreachable += 1;
  }
  return settled > 0 && settled === unreachable ? 'offline' : 'ok';
}

/** What one account counts as needing the user: the same sum as needsUser's. */
function attentionTotal(counts: AttentionCounts): number {
  return (
    counts.instances + counts.devices + counts.notUpdated + counts.accounts + counts.tokensExpiring
  );
}

function summaryOf(accounts: readonly TrayInput[]): TraySummary {
  const perAccount: TrayAccountAttention[] = [];
  let count = 0;
  for (const { title, counts } of accounts) {
    const total = attentionTotal(counts);
    if (total === 0) continue;
    count += total;
    perAccount.push({ title, counts });
  }
  return { status: trayStatusOf(accounts), count, perAccount };
}

function sameCounts(a: AttentionCounts, b: AttentionCounts): boolean {
  return (
    a === b ||
    (a.crashed === b.crashed &&
      a.inError === b.inError &&
      a.safeMode === b.safeMode &&
      a.devices === b.devices &&
      a.notUpdated === b.notUpdated &&
      a.accounts === b.accounts &&
      a.tokensExpiring === b.tokensExpiring)
  );
}

function sameSummary(a: TraySummary, b: TraySummary): boolean {
  return (
    a.status === b.status &&
    a.count === b.count &&
    a.perAccount.length === b.perAccount.length &&
    a.perAccount.every((each, index) => {
      const other = b.perAccount[index];
      return (
        other !== undefined && each.title === other.title && sameCounts(each.counts, other.counts)
      );
    })
  );
}

export interface TrayStatusProjection {
  current(): TrayStatus;
  /** Hears each new status (not every change of the model). */
  on(listener: (status: TrayStatus) => void): Unsubscribe;
  /** The status with the count and the accounts that need the user. */
  summary(): TraySummary;
  /** Hears each new summary: a new status, count, or count or title of an account. */
  onSummary(listener: (summary: TraySummary) => void): Unsubscribe;
  dispose(): void;
}

export function projectTrayStatus(model: Model, now: () => number): TrayStatusProjection {
  let devices: boolean | null = null;
  let inputs = new WeakMap<Account, TrayInput>();
  const inputOf = (account: Account, state: TeamtrayState): TrayInput => {
    // "Devices count too" changed: every account counts again.
    if (devices !== state.settings.devicesNeedAttention) {
      devices = state.settings.devicesNeedAttention;
      inputs = new WeakMap();
    }
    let input = inputs.get(account);
    if (input === undefined) {
      const options = { now: now(), devices: state.settings.devicesNeedAttention };
      input = {
        status: account.status,
        title: accountTitle({ ...account, host: hostOf(account.origin) }).title,
        counts: attentionCounts([account], options),
        countAgainAt: nextStuckAt(
          account.teams.flatMap((team) => team.runtime.devices),
          options.now,
        ),
      };
      inputs.set(account, input);
    }
    return input;
  };
  const statuses = new Emitter<TrayStatus>();
  const summaries = new Emitter<TraySummary>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let timerAt: number | null = null;
  /** Waits for the clock's next change of a count (or for none): one timer, never a poll. */
  function wakeAt(at: number | null): void {
    if (at === timerAt) return;
    if (timer !== null) clearTimeout(timer);
    timer = null;
    timerAt = at;
    if (at === null) return;
    // Never longer than a quarter of an hour: a device's time seen off target is this clock's.
    const wait = Math.min(Math.max(0, at - now()), STUCK_AFTER_MS);
    timer = setTimeout(() => {
      timer = null;
      timerAt = null;
      // The clock moved the counts, not the model: every account is counted again.
      inputs = new WeakMap();
      update(model.state());
    }, wait);
    timer.unref();
  }
  function summaryOfState(state: TeamtrayState): TraySummary {
    const each = state.accounts.map((account) => inputOf(account, state));
    wakeAt(soonest(each));
    return summaryOf(each);
  }
  function update(state: TeamtrayState): void {
    const next = summaryOfState(state);
    if (sameSummary(next, current)) return;
    const statusChanged = next.status !== current.status;
    current = next;
    if (statusChanged) statuses.emit(next.status);
    summaries.emit(next);
  }

  let current = summaryOfState(model.state());
  const stop = model.subscribe((change) => {
    update(change.state);
  });
  return {
    current: () => current.status,
    on: (listener) => statuses.on(listener),
    summary: () => current,
    onSummary: (listener) => summaries.on(listener),
    dispose() {
      stop();
      wakeAt(null);
      statuses.clear();
      summaries.clear();
    },
  };
}
