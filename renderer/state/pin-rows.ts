/**
 * The pinned section at the top of the list: the pinned teams, instances and devices of every
 * account (settings `pins`, kept by ids), each found in the model by its ids and shown with its
 * current name and where it is, as the same kind of row as below (the same actions, state and
 * keys), with keys of their own (`p:` and the row's key) so both rows can be on screen.
 *
 * A pin whose item the server no longer lists shows quietly as gone, with its name when it was
 * pinned and a way to unpin it: hiding it would keep it in the settings unseen (and counted
 * against the limit) with no way to remove it. Only when the list that would hold it was read
 * in full: while an account or a team is still loading, failed, or is not visible to the token,
 * the pin waits unseen rather than say "gone" of what may still be there.
 *
 * Pure: the store derives it from the replica and the settings.
 */
import type { Pin } from '../../common/pins';
import type { Account, Team } from '../../common/state';
import { titleOf } from './account-names';
import { asBuilt } from './row-memo';
import type { PinGoneRow, Row, RowOptions, TeamRow } from './rows';
import { childRows, itemKey, type DeviceRow, type InstanceRow } from './runtime-rows';

/** The prefix of every key in the pinned section. */
export const PIN_KEY_PREFIX = 'p:';

export type PinRowOptions = Pick<
  RowOptions,
  'drafts' | 'errors' | 'expanded' | 'shownInFull' | 'now' | 'memo'
>;

const GONE = {
  team: 'team',
  instance: 'instance',
  device: 'device',
} as const;

/** The pinned section's rows (none when nothing is pinned, or no pinned item can be shown). */
export function pinRows(
  accounts: readonly Account[],
  pins: readonly Pin[],
  options: PinRowOptions,
): Row[] {
  options.memo?.begin();
  const keep = options.memo?.keep ?? asBuilt;
  const rows: Row[] = [];
  let items = 0;
  for (const pin of pins) {
    const account = accounts.find((each) => each.id === pin.accountId);
    if (account === undefined) continue;
    const found = pin.kind === 'team' ? teamRows(account, pin, options) : itemRow(account, pin);
    if (found.length === 0) continue;
    items += 1;
    for (const row of found) rows.push(keep(row));
  }
  if (items === 0) return [];
  return [
    keep({ kind: 'pins-heading', key: `${PIN_KEY_PREFIX}heading`, text: `Pinned · ${items}` }),
    ...rows,
  ];
}

function teamRows(account: Account, pin: Pin, options: PinRowOptions): Row[] {
  const team = account.teams.find((each) => each.id === pin.id);
  if (team === undefined) return teamsKnown(account) ? [gone(account, pin)] : [];
  const teamKey = `${account.id}/${team.id}`;
  const key = `${PIN_KEY_PREFIX}${teamKey}`;
  const expanded = options.expanded?.has(key) ?? false;
  const row: TeamRow = {
    kind: 'team',
    key,
    account,
    team,
    name: options.drafts.get(teamKey) ?? team.pendingName ?? team.name,
    pending: options.drafts.has(teamKey) || team.pendingName !== null,
    error: options.errors.get(teamKey) ?? null,
    open: expanded,
    expanded,
    context: titleOf(account).title,
  };
  if (!expanded) return [row];
  const children = childRows(account, team, team.runtime, {
    now: options.now ?? Date.now(),
    ...(options.shownInFull === undefined ? {} : { shownInFull: options.shownInFull }),
  });
  return [row, ...children.map((child) => ({ ...child, key: `${PIN_KEY_PREFIX}${child.key}` }))];
}

function itemRow(account: Account, pin: Pin): Row[] {
  for (const team of account.teams) {
    const context = `${team.name} · ${titleOf(account).title}`;
    // Not `p:` and its key alone: a pinned team that is open lists it under that key.
    const key = `${PIN_KEY_PREFIX}item/${itemKey(account.id, team.id, pin.kind === 'device' ? 'device' : 'instance', pin.id)}`;
    if (pin.kind === 'instance') {
      const instance = team.runtime.instances.find((each) => each.id === pin.id);
      if (instance === undefined) continue;
      const row: InstanceRow = { kind: 'instance', key, account, team, instance, context };
      return [row];
    }
    const device = team.runtime.devices.find((each) => each.id === pin.id);
    if (device === undefined) continue;
    const row: DeviceRow = { kind: 'device', key, account, team, device, context };
    return [row];
  }
  return itemsKnown(account) ? [gone(account, pin)] : [];
}

function gone(account: Account, pin: Pin): PinGoneRow {
  return {
    kind: 'pin-gone',
    key: `${PIN_KEY_PREFIX}gone/${account.id}/${pin.kind}/${pin.id}`,
    account,
    pin,
    text: `No longer listed: this ${GONE[pin.kind]} was removed, or this account lost access · ${titleOf(account).title}`,
  };
}

/** The account's team list was read just now, whole. */
function teamsKnown(account: Account): boolean {
  return account.status === 'ok' && !account.stale && account.teamsLeftOut === null;
}

/** Every team's instances and devices were read, whole. */
function itemsKnown(account: Account): boolean {
  return teamsKnown(account) && account.teams.every(read);
}

function read(team: Team): boolean {
  const { runtime } = team;
  return (
    runtime.status === 'ok' && runtime.instancesLeftOut === null && runtime.devicesLeftOut === null
  );
}
