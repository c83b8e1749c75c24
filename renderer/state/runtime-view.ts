/**
 * A team's instances and devices as the renderer shows them: one object per item, built once per
 * TeamRuntime that crossed the bridge, and only when its team is looked at (on screen, expanded
 * or searched).
 */
import type { AccountId } from '../../common/brand';
import { presenceOf, type Presence } from '../../common/device-status';
import { needsAttention } from '../../common/instance-state';
import type { InstanceAction, TeamRuntime } from '../../common/runtime';
import { devicesOf, instancesOf } from '../../common/runtime-read';

/** What an instance and a device both are in the list: a named item of one team. */
export interface RuntimeItem {
  readonly key: string;
  readonly accountId: AccountId;
  readonly teamId: string;
  readonly id: string;
  readonly name: string;
  /** The name lower-cased once, for the search. */
  readonly searchName: string;
}

export interface InstanceItem extends RuntimeItem {
  readonly url: string | null;
  readonly application: string | null;
  readonly state: string;
  readonly action: InstanceAction | null;
}

export interface DeviceItem extends RuntimeItem {
  readonly lastSeenAt: number | null;
  readonly state: string | null;
  readonly onlineStatus: string | null;
}

export interface TeamRuntimeView {
  readonly runtime: TeamRuntime;
  readonly instances: readonly InstanceItem[];
  readonly devices: readonly DeviceItem[];
}

const views = new WeakMap<TeamRuntime, TeamRuntimeView>();

/** An instance's or a device's row key: `account/team/i|d/id` (the ids hold no slash). */
export function itemKey(
  accountId: string,
  teamId: string,
  kind: 'instance' | 'device',
  id: string,
): string {
  return `${accountId}/${teamId}/${kind === 'instance' ? 'i' : 'd'}/${id}`;
}

/** The team row's key from an item's key (or a team's key, as it is). */
export function teamKeyOfItem(key: string): string {
  return key.split('/').slice(0, 2).join('/');
}

/**
 * The view of one TeamRuntime, memoised. Its items are built when first read: the first paint of
 * 2,000 teams reads a dozen of them (the rows on screen), a search reads them all once.
 */
export function runtimeViewOf(accountId: AccountId, runtime: TeamRuntime): TeamRuntimeView {
  const hit = views.get(runtime);
  if (hit !== undefined) return hit;
  const view = new LazyRuntimeView(accountId, runtime);
  views.set(runtime, view);
  return view;
}

class LazyRuntimeView implements TeamRuntimeView {
  private instanceItems: readonly InstanceItem[] | null = null;
  private deviceItems: readonly DeviceItem[] | null = null;

  constructor(
    private readonly accountId: AccountId,
    readonly runtime: TeamRuntime,
  ) {}

  get instances(): readonly InstanceItem[] {
    this.instanceItems ??= instanceItems(this.accountId, this.runtime);
    return this.instanceItems;
  }

  get devices(): readonly DeviceItem[] {
    this.deviceItems ??= deviceItems(this.accountId, this.runtime);
    return this.deviceItems;
  }
}

function runtimeItem(
  accountId: AccountId,
  teamId: string,
  kind: 'instance' | 'device',
  id: string,
  name: string,
): RuntimeItem {
  const key = itemKey(accountId, teamId, kind, id);
  return { key, accountId, teamId, id, name, searchName: name.toLowerCase() };
}

function instanceItems(accountId: AccountId, runtime: TeamRuntime): InstanceItem[] {
  const instances = instancesOf(runtime);
  return instances.id.map((id, index) => ({
    ...runtimeItem(accountId, runtime.teamId, 'instance', id, instances.name[index] ?? ''),
    url: instances.url[index] ?? null,
    application: instances.application[index] ?? null,
    state: instances.state[index] ?? 'unknown',
    action: instances.action[index] ?? null,
  }));
}

function deviceItems(accountId: AccountId, runtime: TeamRuntime): DeviceItem[] {
  const devices = devicesOf(runtime);
  return devices.id.map((id, index) => ({
    ...runtimeItem(accountId, runtime.teamId, 'device', id, devices.name[index] ?? ''),
    lastSeenAt: devices.lastSeenAt[index] ?? null,
    state: devices.state[index] ?? null,
    onlineStatus: devices.onlineStatus[index] ?? null,
  }));
}

export function presenceOfDevice(device: DeviceItem, now: number): Presence {
  return presenceOf(device.lastSeenAt, device.onlineStatus, now);
}

/** Whether an item needs the user: a crashed instance, or an offline device when devices count. */
export function instanceNeedsUser(instance: InstanceItem): boolean {
  return needsAttention(instance.state);
}

export function deviceNeedsUser(device: DeviceItem, now: number, devicesCount: boolean): boolean {
  return devicesCount && presenceOfDevice(device, now) === 'offline';
}
