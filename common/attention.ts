/**
 * "Is everything OK?" in one place: what counts as needing the user, for the tray icon (main)
 * and the summary at the top of the popover (renderer).
 */
import { presenceOf } from './device-status';
import { needsAttention } from './instance-state';
import type { AccountStatus } from './model';
import type { TeamRuntime } from './runtime';
import { devicesOf, instancesOf } from './runtime-read';

export interface AttentionCounts {
  /** Instances crashed, in error or in safe mode. */
  readonly instances: number;
  /** Devices that have not called home for a while (only when devices count). */
  readonly devices: number;
  /** Accounts whose token was refused or is not held. */
  readonly accounts: number;
}

export interface AccountAttentionInput {
  readonly status: AccountStatus;
  readonly runtime: readonly TeamRuntime[];
}

export function accountNeedsToken(status: AccountStatus): boolean {
  return status === 'unauthorized' || status === 'token_unavailable';
}

export function attentionCounts(
  accounts: readonly AccountAttentionInput[],
  options: { readonly now: number; readonly devices: boolean },
): AttentionCounts {
  let instances = 0;
  let devices = 0;
  let tokens = 0;
  for (const account of accounts) {
    if (accountNeedsToken(account.status)) tokens += 1;
    for (const team of account.runtime) {
      for (const state of instancesOf(team).state) if (needsAttention(state)) instances += 1;
      if (!options.devices) continue;
      const teamDevices = devicesOf(team);
      teamDevices.id.forEach((_id, index) => {
        const presence = presenceOf(
          teamDevices.lastSeenAt[index] ?? null,
          teamDevices.onlineStatus[index] ?? null,
          options.now,
        );
        if (presence === 'offline') devices += 1;
      });
    }
  }
  return { instances, devices, accounts: tokens };
}

export function needsUser(counts: AttentionCounts): boolean {
  return counts.instances + counts.devices + counts.accounts > 0;
}

/** "1 instance crashed · 2 devices offline · 1 account needs a new token", or '' when none. */
export function attentionText(counts: AttentionCounts): string {
  const parts: string[] = [];
  if (counts.instances > 0) {
    parts.push(`${counts.instances} ${counts.instances === 1 ? 'instance' : 'instances'} crashed`);
  }
  if (counts.devices > 0) {
    parts.push(`${counts.devices} ${counts.devices === 1 ? 'device' : 'devices'} offline`);
  }
  if (counts.accounts > 0) {
    parts.push(
      counts.accounts === 1
        ? '1 account needs a new token'
        : `${counts.accounts} accounts need a new token`,
    );
  }
  return parts.join(' · ');
}
