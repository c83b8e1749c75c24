/** The tray icon's state, from every account: what needs the user, and whether any server answers. */
import { needsUser, type AttentionCounts } from '../common/attention';
import type { AccountStatus } from '../common/model';
import type { TrayStatus } from './core-types';

/** One account's part: its status and what it counts as needing the user. */
export interface TrayInput {
  readonly status: AccountStatus;
  readonly counts: AttentionCounts;
}

export function trayStatusOf(accounts: Iterable<TrayInput>): TrayStatus {
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
