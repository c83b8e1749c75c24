/** Whether the user may rename a team: the role's rule (common/roles.ts), for a row. */
import { renamePermission } from '../../common/roles';
import type { TeamRow } from './rows';

/**
 * Why this team cannot be renamed, in words, or null when the user may try. One rename of a team
 * at a time: main refuses a second while the first is on its way, so the row says so first.
 */
export function renameBlockedReason(row: TeamRow): string | null {
  if (row.pending) return 'The new name is still being saved; try again in a moment.';
  const permission = renamePermission(row.team.role);
  return permission.allowed ? null : permission.reason;
}
