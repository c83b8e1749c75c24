/**
 * What the list does with a team through main: open its page (or its settings), copy its
 * address, undo a rename. Main builds every URL from the saved account; the renderer only names
 * the team. A failure shows under the row; a success that leaves no trace on screen (a copy, a
 * rename) says so in a toast.
 */
import { rowErrorText } from '../state/error-help';
import type { TeamRow } from '../state/rows';
import type { Store } from '../state/store';
import type { Toast } from './toast-controller';

export function openTeam(
  store: Store,
  row: TeamRow,
  page: 'overview' | 'settings' = 'overview',
): void {
  void store.connected
    .openTeam({ accountId: row.account.id, teamId: row.team.id, page })
    .then((result) => {
      if (!result.ok) store.reportRowError(row.key, rowErrorText(result.error));
    });
}

export async function copyTeamUrl(store: Store, row: TeamRow): Promise<Toast | null> {
  const result = await store.connected.copyTeamUrl({
    accountId: row.account.id,
    teamId: row.team.id,
  });
  if (!result.ok) {
    store.reportRowError(row.key, rowErrorText(result.error));
    return null;
  }
  return { text: `Copied the address of ${row.name}` };
}

/** "Renamed A → B · Undo": Undo renames the team back to A, as it is listed by then. */
export function renamedToast(store: Store, row: TeamRow, from: string, to: string): Toast {
  const { id: accountId } = row.account;
  const teamId = row.team.id;
  return {
    text: `Renamed ${from} → ${to}`,
    action: {
      label: 'Undo',
      run: () => {
        if (store.team(accountId, teamId) !== undefined) void store.rename(accountId, teamId, from);
      },
    },
  };
}
