/** Whether the user may rename a team: the role's rule (common/roles.ts), for a row. */
import { renamePermission } from '../../common/roles';
import type { TeamRow } from './rows';

/** Why this team cannot be renamed, in words, or null when the user may try. */
export function renameBlockedReason(row: TeamRow): string | null {
  const permission = renamePermission(row.team.role);
  return permission.allowed ? null : permission.reason;
}
