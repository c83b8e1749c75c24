/** Finding an account, a team, an instance or a device in the model's tree by its ids. */
import type { AccountId, TeamId } from '../../common/brand';
import type { Account, Device, Instance, Team, TeamtrayState } from '../../common/state';
import type { Change } from './model';

export function accountIn(state: TeamtrayState, accountId: string): Account | undefined {
  return state.accounts.find((account) => account.id === accountId);
}

export function teamIn(state: TeamtrayState, accountId: string, teamId: string): Team | undefined {
  return accountIn(state, accountId)?.teams.find((team) => team.id === teamId);
}

export function instanceIn(
  state: TeamtrayState,
  accountId: string,
  teamId: string,
  instanceId: string,
): Instance | undefined {
  return teamIn(state, accountId, teamId)?.runtime.instances.find(
    (instance) => instance.id === instanceId,
  );
}

export function deviceIn(
  state: TeamtrayState,
  accountId: string,
  teamId: string,
  deviceId: string,
): Device | undefined {
  return teamIn(state, accountId, teamId)?.runtime.devices.find((device) => device.id === deviceId);
}

/**
 * A team's instances after a change, each with whether its state differs from before the change
 * (a new instance has turned too): what the projections that read on a turn ask of a change.
 */
export function instanceTurns(
  state: TeamtrayState,
  previous: TeamtrayState,
  accountId: string,
  teamId: string,
): { readonly instance: Instance; readonly turned: boolean }[] {
  const before = new Map(
    (teamIn(previous, accountId, teamId)?.runtime.instances ?? []).map((each) => [
      each.id,
      each.state,
    ]),
  );
  return (teamIn(state, accountId, teamId)?.runtime.instances ?? []).map((instance) => ({
    instance,
    turned: before.get(instance.id) !== instance.state,
  }));
}

/**
 * The team a change read instances of (a team's read, an instance polled or settled), or null:
 * what the projections that read on a turn (the log, the last action, the change before) listen
 * for.
 */
export function teamRead(
  change: Change,
): { readonly accountId: AccountId; readonly teamId: TeamId } | null {
  switch (change.name) {
    case 'read':
    case 'polled':
    case 'settled':
      return { accountId: change.payload.accountId, teamId: change.payload.teamId };
    default:
      return null;
  }
}
