/**
 * The rules a team name must meet before we send it. The server accepts a blank name as a
 * silent no-op and stores untrimmed text, and Postgres columns hold 255 characters, so the
 * client is the one that has to say no.
 */
import { hasControlChars } from './text';

export const TEAM_NAME_MAX_LENGTH = 255;

export type TeamNameCheck =
  { readonly ok: true; readonly name: string } | { readonly ok: false; readonly reason: string };

export function checkTeamName(raw: string): TeamNameCheck {
  const name = raw.trim();
  if (name.length === 0) return { ok: false, reason: 'A team name cannot be blank.' };
  // Postgres counts characters (code points), not UTF-16 units.
  if (Array.from(name).length > TEAM_NAME_MAX_LENGTH) {
    return { ok: false, reason: `A team name can be at most ${TEAM_NAME_MAX_LENGTH} characters.` };
  }
  if (name.includes('://')) return { ok: false, reason: 'A team name cannot contain "://".' };
  if (hasControlChars(name)) {
    return { ok: false, reason: 'A team name cannot contain line breaks or control characters.' };
  }
  return { ok: true, name };
}
