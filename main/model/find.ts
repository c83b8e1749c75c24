/**
 * Where a transition finds what it changes: an account, a team, an instance or a device of the
 * draft, by its ids. Written once for every part of the model's table (transitions.ts,
 * alert-transitions.ts, device-transitions.ts, token-transitions.ts), which each had their own.
 *
 * Ids are looked up in the list as it was before this change (`baseOf`): walking the draft's
 * list would make a draft of every item passed on the way, and a draft of an item is work even
 * when nothing of it changes. Only the item found is read from the draft, by its index.
 */
import { isDraft, original, type Draft } from 'immer';
import type { AccountId, DeviceId, InstanceId, TeamId } from '../../common/brand';
import type { Account, Device, Instance, Team, TeamtrayState } from '../../common/state';

export interface AccountRef {
  readonly accountId: AccountId;
}
export interface TeamRef extends AccountRef {
  readonly teamId: TeamId;
}
export interface InstanceRef extends TeamRef {
  readonly instanceId: InstanceId;
}
export interface DeviceRef extends TeamRef {
  readonly deviceId: DeviceId;
}

export interface Identified {
  readonly id: string;
}

/** The list as it was before this change (looking ids up there makes no draft of each item). */
export function baseOf<T>(list: Draft<T>[] | readonly T[]): readonly T[] {
  const before: unknown = isDraft(list) ? original(list as object) : undefined;
  return (before ?? list) as readonly T[];
}

export function indexById(list: readonly Identified[], id: string): number {
  return baseOf(list).findIndex((item) => item.id === id);
}

export function findAccount(
  draft: Draft<TeamtrayState>,
  id: AccountId,
): Draft<Account> | undefined {
  const at = indexById(draft.accounts, id);
  return at === -1 ? undefined : draft.accounts[at];
}

export function findTeam(draft: Draft<TeamtrayState>, ref: TeamRef): Draft<Team> | undefined {
  const account = findAccount(draft, ref.accountId);
  if (account === undefined) return undefined;
  const at = indexById(account.teams, ref.teamId);
  return at === -1 ? undefined : account.teams[at];
}

export function findInstance(
  draft: Draft<TeamtrayState>,
  ref: InstanceRef,
): Draft<Instance> | undefined {
  const runtime = findTeam(draft, ref)?.runtime;
  if (runtime === undefined) return undefined;
  const at = indexById(runtime.instances, ref.instanceId);
  return at === -1 ? undefined : runtime.instances[at];
}

export function findDevice(draft: Draft<TeamtrayState>, ref: DeviceRef): Draft<Device> | undefined {
  const runtime = findTeam(draft, ref)?.runtime;
  if (runtime === undefined) return undefined;
  const at = indexById(runtime.devices, ref.deviceId);
  return at === -1 ? undefined : runtime.devices[at];
}
