/**
 * The rows under a team: its instances and devices, when the team is expanded, when a search
 * matched them, or when the list shows only what needs attention; and a note when there is
 * nothing to list (still loading, not visible with this token, the read failed, none).
 */
import { leftOutSentences } from '../../common/left-out';
import type { Account, Team } from './account-item';
import {
  deviceNeedsUser,
  instanceNeedsUser,
  presenceOfDevice,
  type DeviceItem,
  type InstanceItem,
  type RuntimeItem,
  type TeamRuntimeView,
} from './runtime-view';

export interface InstanceRow {
  readonly kind: 'instance';
  readonly key: string;
  readonly account: Account;
  readonly team: Team;
  readonly instance: InstanceItem;
}

export interface DeviceRow {
  readonly kind: 'device';
  readonly key: string;
  readonly account: Account;
  readonly team: Team;
  readonly device: DeviceItem;
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

/** The children that pass the search (by name) and the attention filter. */
export function visibleChildren(
  view: TeamRuntimeView | undefined,
  options: ChildOptions,
): { readonly instances: readonly InstanceItem[]; readonly devices: readonly DeviceItem[] } {
  if (view === undefined) return { instances: [], devices: [] };
  const byQuery = options.query !== '' && !options.teamMatched;
  // Nothing filters them: the view's own arrays, not copies.
  if (!byQuery && !options.attentionOnly) return view;
  const named = (item: RuntimeItem): boolean => !byQuery || item.searchName.includes(options.query);
  return {
    instances: view.instances.filter(
      (instance) => named(instance) && (!options.attentionOnly || instanceNeedsUser(instance)),
    ),
    devices: view.devices.filter(
      (device) =>
        named(device) &&
        (!options.attentionOnly || deviceNeedsUser(device, options.now, options.devicesCount)),
    ),
  };
}

/** Whether the list opens the team's children without the user expanding it. */
export function revealsChildren(
  children: ReturnType<typeof visibleChildren>,
  options: ChildOptions,
): boolean {
  const some = children.instances.length + children.devices.length > 0;
  return some && (options.attentionOnly || (options.query !== '' && !options.teamMatched));
}

export interface ChildListOptions {
  readonly now: number;
  /** `…/i` and `…/d` keys whose whole list the user asked for (Show all). */
  readonly shownInFull?: ReadonlySet<string>;
}

/**
 * A team's rows: what needs the user first (crashed instances, offline devices), the rest in the
 * server's order; "Instances" and "Devices" headings when it has both; the first CHILD_LIMIT of
 * each kind, then a row that shows the rest.
 */
export function childRows(
  account: Account,
  team: Team,
  view: TeamRuntimeView | undefined,
  children: ReturnType<typeof visibleChildren>,
  options: ChildListOptions,
): ChildRow[] {
  const prefix = `${account.id}/${team.id}`;
  // What the read left out, named under the list it belongs to: "1 instance could not be read: …".
  const leftOut = (kind: 'instance' | 'device'): RuntimeNoteRow[] => {
    const of = kind === 'instance' ? view?.runtime.instancesLeftOut : view?.runtime.devicesLeftOut;
    return leftOutSentences(kind, of).map((text, index) => ({
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
    const note = noteFor(view);
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
    const full = items.length <= CHILD_LIMIT || (options.shownInFull?.has(listKey) ?? false);
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
    key: instance.key,
    account,
    team,
    instance,
  }));
  rows.push(...instanceNotes);
  const offline = (device: DeviceItem): boolean =>
    presenceOfDevice(device, options.now) === 'offline';
  section(problemsFirst(devices, offline), 'd', 'Devices', (device) => ({
    kind: 'device',
    key: device.key,
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

function noteFor(view: TeamRuntimeView | undefined): Pick<RuntimeNoteRow, 'text' | 'tone'> {
  const runtime = view?.runtime;
  if (runtime === undefined || runtime.status === 'loading') {
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
