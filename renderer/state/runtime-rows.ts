/**
 * The rows under a team: its instances and devices, when the team is expanded, when a search
 * matched them, or when the list shows only what needs attention; and a note when there is
 * nothing to list (still loading, not visible with this token, the read failed, none). An
 * instance or a device is the model's own object (common/state.ts); its row holds it.
 */
import { presenceOf, type Presence } from '../../common/device-status';
import { needsAttention } from '../../common/instance-state';
import { isStuckDeploy } from '../../common/stuck-deploy';
import { leftOutSentences } from '../../common/left-out';
import type { Account, Device, Instance, Team, TeamRuntime } from '../../common/state';
import { runtimeSearchNames } from './search-keys';

export interface InstanceRow {
  readonly kind: 'instance';
  readonly key: string;
  readonly account: Account;
  readonly team: Team;
  readonly instance: Instance;
  /** In the pinned section: where it is (team · account), shown under its name. */
  readonly context?: string;
}

export interface DeviceRow {
  readonly kind: 'device';
  readonly key: string;
  readonly account: Account;
  readonly team: Team;
  readonly device: Device;
  /** In the pinned section: where it is (team · account), shown under its name. */
  readonly context?: string;
}

export interface RuntimeNoteRow {
  readonly kind: 'runtime-note';
  readonly key: string;
  readonly account: Account;
  readonly team: Team;
  readonly text: string;
  readonly tone: 'muted' | 'warning';
}

/** "Instances · 200" over a team's instances, "Devices · 30" over its devices. */
export interface RuntimeHeadingRow {
  readonly kind: 'runtime-heading';
  readonly key: string;
  readonly account: Account;
  readonly team: Team;
  readonly text: string;
}

/** After the first CHILD_LIMIT of a kind: the row that shows the rest ("Show all 200 instances"). */
export interface RuntimeMoreRow {
  readonly kind: 'runtime-more';
  readonly key: string;
  readonly account: Account;
  readonly team: Team;
  /** The key to give Store.showAll: the team's key and the kind (`…/i` or `…/d`). */
  readonly listKey: string;
  readonly text: string;
}

export type ChildRow =
  InstanceRow | DeviceRow | RuntimeNoteRow | RuntimeHeadingRow | RuntimeMoreRow;

/** How many of one kind an open team lists before "Show all": a few dozen. */
export const CHILD_LIMIT = 30;

export interface ChildOptions {
  /** Lower-cased search, '' for none. */
  readonly query: string;
  /** The team's own name or slug matched the search (so every child may show). */
  readonly teamMatched: boolean;
  readonly attentionOnly: boolean;
  readonly now: number;
  readonly devicesCount: boolean;
}

/** A team's instances and devices that pass the search (by name) and the attention filter. */
export interface Children {
  readonly instances: readonly Instance[];
  readonly devices: readonly Device[];
}

/** The children that pass the search (by name) and the attention filter. */
export function visibleChildren(runtime: TeamRuntime, options: ChildOptions): Children {
  const byQuery = options.query !== '' && !options.teamMatched;
  // Nothing filters them: the model's own arrays, not copies.
  if (!byQuery && !options.attentionOnly) return runtime;
  const names = byQuery ? runtimeSearchNames(runtime) : null;
  return {
    instances: runtime.instances.filter((instance, index) =>
      instanceShown(instance, names?.instances[index], options),
    ),
    devices: runtime.devices.filter((device, index) =>
      deviceShown(device, names?.devices[index], options),
    ),
  };
}

/** How many of each kind visibleChildren gives. */
export interface ChildTally {
  readonly instances: number;
  readonly devices: number;
}

/**
 * How many instances and devices visibleChildren gives, counted without building its arrays: for
 * a team whose rows a block stands for (team-blocks.ts), where only their number counts.
 */
export function visibleTally(runtime: TeamRuntime, options: ChildOptions): ChildTally {
  const byQuery = options.query !== '' && !options.teamMatched;
  const names = byQuery ? runtimeSearchNames(runtime) : null;
  let instances = 0;
  let devices = 0;
  runtime.instances.forEach((instance, index) => {
    if (instanceShown(instance, names?.instances[index], options)) instances += 1;
  });
  runtime.devices.forEach((device, index) => {
    if (deviceShown(device, names?.devices[index], options)) devices += 1;
  });
  return { instances, devices };
}

/** Whether an instance passes the search (`name`: its lower-cased name, when searching by it). */
function instanceShown(
  instance: Instance,
  name: string | undefined,
  options: ChildOptions,
): boolean {
  return (
    (name?.includes(options.query) ?? true) &&
    (!options.attentionOnly || instanceNeedsUser(instance))
  );
}

function deviceShown(device: Device, name: string | undefined, options: ChildOptions): boolean {
  return (
    (name?.includes(options.query) ?? true) &&
    (!options.attentionOnly || deviceNeedsUser(device, options.now, options.devicesCount))
  );
}

/** Whether the list opens the team's children without the user expanding it. */
export function revealsChildren(children: Children | ChildTally, options: ChildOptions): boolean {
  const some = tallyOf(children.instances) + tallyOf(children.devices) > 0;
  return some && (options.attentionOnly || (options.query !== '' && !options.teamMatched));
}

export interface ChildListOptions {
  readonly now: number;
  /**
   * The children are the matches of a search or the attention filter: every one is listed (a
   * match past the first CHILD_LIMIT would otherwise hide behind Show all).
   */
  readonly everyMatch?: boolean;
  /** `…/i` and `…/d` keys whose whole list the user asked for (Show all). */
  readonly shownInFull?: ReadonlySet<string>;
}

/**
 * A team's rows: what needs the user first (crashed instances, offline devices), the rest in the
 * server's order; "Instances" and "Devices" headings when it has both; the first CHILD_LIMIT of
 * each kind, then a row that shows the rest (every one when they are a search's matches).
 */
export function childRows(
  account: Account,
  team: Team,
  children: Children,
  options: ChildListOptions,
): ChildRow[] {
  const prefix = `${account.id}/${team.id}`;
  const { runtime } = team;
  // What the read left out, named under the list it belongs to: "1 instance could not be read: …".
  const leftOut = (kind: 'instance' | 'device'): RuntimeNoteRow[] => {
    const of = kind === 'instance' ? runtime.instancesLeftOut : runtime.devicesLeftOut;
    return leftOutSentences(kind, of ?? undefined).map((text, index) => ({
      kind: 'runtime-note',
      key: `${prefix}/left-${kind}-${index}`,
      account,
      team,
      text,
      tone: index === 0 && (of?.unreadCount ?? 0) > 0 ? 'warning' : 'muted',
    }));
  };
  const { instances, devices } = children;
  const instanceNotes = leftOut('instance');
  const deviceNotes = leftOut('device');
  if (instances.length + devices.length + instanceNotes.length + deviceNotes.length === 0) {
    const note = noteFor(runtime);
    return [{ kind: 'runtime-note', key: `${prefix}/note`, account, team, ...note }];
  }
  const headed = instances.length > 0 && devices.length > 0;
  const rows: ChildRow[] = [];
  const section = <T>(
    items: readonly T[],
    kind: 'i' | 'd',
    label: string,
    row: (item: T) => ChildRow,
  ): void => {
    if (items.length === 0) return;
    const listKey = `${prefix}/${kind}`;
    if (headed) {
      rows.push({
        kind: 'runtime-heading',
        key: `${listKey}/heading`,
        account,
        team,
        text: `${label} · ${items.length}`,
      });
    }
    const full =
      items.length <= CHILD_LIMIT ||
      (options.everyMatch ?? false) ||
      (options.shownInFull?.has(listKey) ?? false);
    for (const item of full ? items : items.slice(0, CHILD_LIMIT)) rows.push(row(item));
    if (!full) {
      rows.push({
        kind: 'runtime-more',
        key: `${listKey}/more`,
        account,
        team,
        listKey,
        text: `Show all ${items.length} ${label.toLowerCase()}`,
      });
    }
  };
  section(problemsFirst(instances, instanceNeedsUser), 'i', 'Instances', (instance) => ({
    kind: 'instance',
    key: itemKey(account.id, team.id, 'instance', instance.id),
    account,
    team,
    instance,
  }));
  rows.push(...instanceNotes);
  // Offline, or not on its target snapshot for a quarter of an hour.
  const offline = (device: Device): boolean =>
    presenceOfDevice(device, options.now) === 'offline' || isStuckDeploy(device, options.now);
  section(problemsFirst(devices, offline), 'd', 'Devices', (device) => ({
    kind: 'device',
    key: itemKey(account.id, team.id, 'device', device.id),
    account,
    team,
    device,
  }));
  rows.push(...deviceNotes);
  return rows;
}

/** The items that need the user, then the others, each in the order they came. */
function problemsFirst<T>(items: readonly T[], problem: (item: T) => boolean): readonly T[] {
  const first = items.filter(problem);
  if (first.length === 0) return items;
  return [...first, ...items.filter((item) => !problem(item))];
}

/** A team whose instances the token cannot see (a dashboard user's, or a 403). */
const HIDDEN_NOTE = 'This token cannot see the instances of this team.';

function noteFor(runtime: TeamRuntime): Pick<RuntimeNoteRow, 'text' | 'tone'> {
  if (runtime.status === 'loading') {
    return { text: 'Loading instances and devices…', tone: 'muted' };
  }
  if (runtime.status === 'hidden') {
    return { text: HIDDEN_NOTE, tone: 'muted' };
  }
  if (runtime.status === 'error' && runtime.fetchedAt === null) {
    return {
      text: `Could not read its instances: ${runtime.error?.message ?? 'unknown error'}`,
      tone: 'warning',
    };
  }
  return { text: 'No instances or devices in this team.', tone: 'muted' };
}

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

export function presenceOfDevice(device: Device, now: number): Presence {
  return presenceOf(device.lastSeenAt, device.onlineStatus, now);
}

/**
 * Whether an item needs the user: a crashed instance, an offline device when devices count, a
 * device not on its target snapshot for a quarter of an hour.
 */
function instanceNeedsUser(instance: Instance): boolean {
  return needsAttention(instance.state);
}

function deviceNeedsUser(device: Device, now: number, devicesCount: boolean): boolean {
  return (
    (devicesCount && presenceOfDevice(device, now) === 'offline') || isStuckDeploy(device, now)
  );
}

/** A list's length, or the number that counts it (ChildTally). */
export function tallyOf(of: readonly unknown[] | number): number {
  return typeof of === 'number' ? of : of.length;
}
