/**
 * "Is everything OK?" in one place: what counts as needing the user, for the tray icon (main)
 * and the summary at the top of the popover (renderer).
 */
import { offlineTrouble } from './device-status';
import { needsAttention } from './instance-state';
import { isStuckDeploy } from './stuck-deploy';
import type { AccountStatus } from './model';
import type { TeamRuntime } from './state';
import { tokenExpiry, type TokenInfo } from './token-health';

export interface AttentionCounts {
  /** Instances crashed, in error or in safe mode: the sum of the three below. */
  readonly instances: number;
  readonly crashed: number;
  readonly inError: number;
  readonly safeMode: number;
  /** Devices that have not called home for a while (only when devices count). */
  readonly devices: number;
  /** Devices not on their target snapshot for a quarter of an hour (common/stuck-deploy.ts). */
  readonly notUpdated: number;
  /** Accounts whose token was refused or is not held. */
  readonly accounts: number;
  /**
   * Accounts whose server could not be reached or read: what they show is their last-known
   * state, so the summary says so. Not counted in needsUser: a laptop offline is not an alarm.
   */
  readonly unreachable: number;
  /**
   * Accounts whose token still works and expires within 7 days (token health): the user should
   * replace it before FlowFuse starts refusing it.
   */
  readonly tokensExpiring: number;
}

/** An account of the model (common/state.ts), or the part of it that counts here. */
export interface AccountAttentionInput {
  readonly status: AccountStatus;
  readonly teams: readonly { readonly runtime: TeamRuntime }[];
  /** Which token it is, when known (token health). */
  readonly tokenInfo?: TokenInfo | null;
}

export function accountNeedsToken(status: AccountStatus): boolean {
  return status === 'unauthorized' || status === 'token_unavailable';
}

export function attentionCounts(
  accounts: readonly AccountAttentionInput[],
  options: { readonly now: number; readonly devices: boolean },
): AttentionCounts {
  let crashed = 0;
  let inError = 0;
  let safeMode = 0;
  let devices = 0;
  let notUpdated = 0;
  let tokens = 0;
  let unreachable = 0;
  let expiring = 0;
  for (const account of accounts) {
    if (accountNeedsToken(account.status)) tokens += 1;
    else if (tokenExpiry(account.tokenInfo ?? null, options.now).kind === 'soon') expiring += 1;
    if (account.status === 'unreachable' || account.status === 'error') unreachable += 1;
    for (const { runtime } of account.teams) {
      for (const { state } of runtime.instances) {
        if (!needsAttention(state)) continue;
        if (state === 'safe') safeMode += 1;
        else if (state === 'error') inError += 1;
        else crashed += 1;
      }
      // A deploy that never arrives is a problem whether or not offline devices count.
      for (const device of runtime.devices) {
        if (isStuckDeploy(device, options.now)) notUpdated += 1;
      }
      if (!options.devices) continue;
      for (const device of runtime.devices) {
        if (offlineTrouble(device, options.now)) devices += 1;
      }
    }
  }
  return {
    instances: crashed + inError + safeMode,
    crashed,
    inError,
    safeMode,
    devices,
    notUpdated,
    accounts: tokens,
    unreachable,
    tokensExpiring: expiring,
  };
}

export function needsUser(counts: AttentionCounts): boolean {
  return (
    counts.instances +
      counts.devices +
      counts.notUpdated +
      counts.accounts +
      counts.tokensExpiring >
    0
  );
}

/**
 * "1 instance crashed · 1 in safe mode · 2 devices offline · 1 device not updated · 1 account
 * needs a new token · 1 token expires soon ·
 * 1 account unreachable", or '' when none. Each kind of instance trouble is named: safe mode and
 * error are not crashes.
 */
export function attentionText(counts: AttentionCounts): string {
  const parts: string[] = [];
  const kinds: readonly (readonly [number, string])[] = [
    [counts.crashed, 'crashed'],
    [counts.inError, 'in error'],
    [counts.safeMode, 'in safe mode'],
  ];
  for (const [count, words] of kinds) {
    if (count === 0) continue;
    // The first names what is counted; the others follow it ("2 instances crashed · 1 in error").
    const noun = parts.length > 0 ? '' : count === 1 ? ' instance' : ' instances';
    parts.push(`${count}${noun} ${words}`);
  }
  if (counts.devices > 0) {
    parts.push(`${counts.devices} ${counts.devices === 1 ? 'device' : 'devices'} offline`);
  }
  if (counts.notUpdated > 0) {
    parts.push(
      `${counts.notUpdated} ${counts.notUpdated === 1 ? 'device' : 'devices'} not updated`,
    );
  }
  if (counts.accounts > 0) {
    parts.push(
      counts.accounts === 1
        ? '1 account needs a new token'
        : `${counts.accounts} accounts need a new token`,
    );
  }
  if (counts.tokensExpiring > 0) {
    parts.push(
      counts.tokensExpiring === 1
        ? '1 token expires soon'
        : `${String(counts.tokensExpiring)} tokens expire soon`,
    );
  }
  if (counts.unreachable > 0) {
    parts.push(
      `${counts.unreachable} ${counts.unreachable === 1 ? 'account' : 'accounts'} unreachable`,
    );
  }
  return parts.join(' · ');
}
