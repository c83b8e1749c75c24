/**
 * Whether the user may rename a team: the role's rule (common/roles.ts) narrowed by the token's
 * scope (a read-only or team-limited token, FlowFuse 2.32+: common/token-health.ts), for a row.
 */
import { renamePermission } from '../../common/roles';
import { withTokenScope } from '../../common/token-health';
import type { TeamRow } from './rows';

/**
 * Why this team cannot be renamed, in words, or null when the user may try. One rename of a team
 * at a time: main refuses a second while the first is on its way, so the row says so first.
 */
export function renameBlockedReason(row: TeamRow): string | null {
  if (row.pending) return 'The new name is still being saved; try again in a moment.';
  const permission = withTokenScope(
    renamePermission(row.team.role),
    row.account.tokenInfo,
    row.team.id,
  );
  return permission.allowed ? null : permission.reason;
}
