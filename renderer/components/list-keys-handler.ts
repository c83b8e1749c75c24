/**
 * What a key does on a focused row of the list. The row's own keys first (Enter opens, F2
 * renames, Ctrl+C copies, P pins or unpins, S snoozes, L shows an instance's log), then moving (row-nav.ts: arrows, pages, → and ← through a team's
 * instances and devices). Keys on a row's buttons and editor are theirs, not the row's.
 */
import type { FocusableRow, NavAction } from '../state/row-nav';
import type { TeamRow } from '../state/rows';
import type { DeviceRow, InstanceRow, RuntimeMoreRow } from '../state/runtime-rows';

export interface ListKeyHost {
  openTeam(row: TeamRow, page: 'overview' | 'settings'): void;
  rename(row: TeamRow): void;
  copy(row: TeamRow): void;
  openInstance(row: InstanceRow, page: 'editor' | 'flowfuse'): void;
  openDevice(row: DeviceRow): void;
  /** Pins the row's item at the top of the list, or unpins it (P). */
  togglePin(row: TeamRow | InstanceRow | DeviceRow): void;
  /** Snoozes the notifications about an instance or a device for an hour, or ends it (S). */
  toggleSnooze(row: InstanceRow | DeviceRow): void;
  /** Shows or hides an instance's last log lines (L). */
  toggleLog(row: InstanceRow): void;
  /** Picks or drops an instance for a bulk action (Space); Shift+Space picks a range. */
  toggleSelect(row: InstanceRow, range: boolean): void;
  /** Lists the rest of a team's instances or devices ("Show all 200 instances"). */
  showAll(row: RuntimeMoreRow): void;
  /** Where a navigation key goes from `row` (row-nav.ts). */
  navAction(row: FocusableRow, key: string): NavAction | undefined;
  moveTo(key: string): void;
  setOpen(row: TeamRow, open: boolean): void;
  leaveTop(): void;
}

/** Handles `event` on `row`; true when it did something (the caller prevents the default). */
export function handleRowKey(event: KeyboardEvent, row: FocusableRow, host: ListKeyHost): boolean {
  if (ownKey(event, row, host)) return true;
  const action = host.navAction(row, event.key);
  if (action === undefined) return false;
  switch (action.kind) {
    case 'move':
      host.moveTo(action.key);
      break;
    case 'leave-top':
      host.leaveTop();
      break;
    case 'expand':
    case 'collapse':
      host.setOpen(action.row, action.kind === 'expand');
      break;
  }
  return true;
}

function ownKey(event: KeyboardEvent, row: FocusableRow, host: ListKeyHost): boolean {
  const mod = event.ctrlKey || event.metaKey;
  if (row.kind !== 'runtime-more' && !mod && !event.altKey && event.key.toLowerCase() === 'p') {
    host.togglePin(row);
    return true;
  }
  const letter = !mod && !event.altKey && !event.shiftKey ? event.key.toLowerCase() : '';
  if ((row.kind === 'instance' || row.kind === 'device') && letter === 's') {
    host.toggleSnooze(row);
    return true;
  }
  if (row.kind === 'instance' && event.key === ' ' && !mod && !event.altKey) {
    host.toggleSelect(row, event.shiftKey);
    return true;
  }
  if (row.kind === 'instance' && letter === 'l') {
    host.toggleLog(row);
    return true;
  }
  switch (row.kind) {
    case 'team':
      if (event.key === 'Enter') host.openTeam(row, event.shiftKey ? 'settings' : 'overview');
      else if (event.key === 'F2') host.rename(row);
      else if (mod && event.key.toLowerCase() === 'c') host.copy(row);
      else return false;
      return true;
    case 'instance':
      if (event.key !== 'Enter') return false;
      host.openInstance(row, event.shiftKey ? 'flowfuse' : 'editor');
      return true;
    case 'device':
      if (event.key !== 'Enter') return false;
      host.openDevice(row);
      return true;
    case 'runtime-more':
      if (event.key !== 'Enter' && event.key !== ' ') return false;
      host.showAll(row);
      return true;
  }
}
