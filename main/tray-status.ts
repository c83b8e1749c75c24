/**
 * The tray icon's state, a projection of the model: attention when something needs the user,
 * offline when no server answers. Worked out again only for the accounts whose object changed (a
 * refresh of 5,000 teams changes the model 10,000 times; summing every account each time was
 * quadratic).
 */
import { attentionCounts, needsUser, type AttentionCounts } from '../common/attention';
import { Emitter, type Unsubscribe } from '../common/emitter';
import type { AccountStatus } from '../common/model';
import type { Account, TeamtrayState } from '../common/state';
import type { TrayStatus } from './core-types';
import type { Model } from './model/model';

/** One account's part: its status and what it counts as needing the user. */
interface TrayInput {
  readonly status: AccountStatus;
  readonly counts: AttentionCounts;
}

function trayStatusOf(accounts: Iterable<TrayInput>): TrayStatus {
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

export interface TrayStatusProjection {
  current(): TrayStatus;
  /** Hears each new status (not every change of the model). */
  on(listener: (status: TrayStatus) => void): Unsubscribe;
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
      input = { status: account.status, counts: attentionCounts([account], options) };
      inputs.set(account, input);
    }
    return input;
  };
  const statusOf = (state: TeamtrayState): TrayStatus =>
    trayStatusOf(state.accounts.map((account) => inputOf(account, state)));

  let current = statusOf(model.state());
  const changes = new Emitter<TrayStatus>();
  const stop = model.subscribe((change) => {
    const next = statusOf(change.state);
    if (next === current) return;
    current = next;
    changes.emit(next);
  });
  return {
    current: () => current,
    on: (listener) => changes.on(listener),
    dispose() {
      stop();
      changes.clear();
    },
  };
}
