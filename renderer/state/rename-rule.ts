/**
 * Whether the user may rename a team, in one place: the team view's `canRename` and
 * `renameBlockedReason` are read here and nowhere else in the renderer, so deriving them in the
 * renderer instead (from the role) changes this file only.
 */
import type { TeamRow } from './rows';

const FALLBACK = 'You cannot rename this team.';

/** Why this team cannot be renamed, in words, or null when the user may try. */
export function renameBlockedReason(row: TeamRow): string | null {
  const { team } = row;
  return team.canRename ? null : (team.renameBlockedReason ?? FALLBACK);
}
