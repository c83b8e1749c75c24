/**
 * FlowFuse team roles, and what each may do. The one place these rules live: main enforces them
 * at the trust boundary, the renderer uses the same functions to disable a control and say why.
 */

/** FlowFuse team roles as numbers on the wire (`GET /api/v1/user/teams`). */
export const ROLE = { dashboard: 5, viewer: 10, member: 30, owner: 50 } as const;

const BADGES: ReadonlyMap<number, string> = new Map([
  [ROLE.owner, 'Owner'],
  [ROLE.member, 'Member'],
  [ROLE.viewer, 'Viewer'],
  [ROLE.dashboard, 'Dashboard'],
]);

const IN_A_SENTENCE: ReadonlyMap<number, string> = new Map([
  [ROLE.owner, 'owner'],
  [ROLE.member, 'member'],
  [ROLE.viewer, 'viewer'],
  [ROLE.dashboard, 'dashboard user'],
]);

/** The badge text of a role ("Owner"), or null when the server did not say. */
export function roleBadge(role: number | null): string | null {
  return role === null ? null : (BADGES.get(role) ?? `Role ${String(role)}`);
}

/** The role inside a sentence ("you are a viewer here"). */
export function roleInSentence(role: number): string {
  return IN_A_SENTENCE.get(role) ?? `role ${String(role)}`;
}

export type Permission =
  { readonly allowed: true } | { readonly allowed: false; readonly reason: string };

/**
 * Only owners may rename a team. A role the server did not send means "try and see": the server
 * has the last word, and its 403 is reported.
 */
export function renamePermission(role: number | null): Permission {
  if (role === null || role >= ROLE.owner) return { allowed: true };
  return {
    allowed: false,
    reason: `Only team owners can rename a team; you are a ${roleInSentence(role)} here.`,
  };
}
