/**
 * Who may see or change what, as FlowFuse 2.4.0 answers (observed; tests/contract holds the
 * proof): a team, instance or application of a team you are not in is 404 `not_found`, but a
 * device of such a team is 403 `unauthorized`; a role below the route's is 403. Admins pass.
 */
import type { AuthResult, FakeData } from './data';
import type { FakeRole } from './types';

export type Authed = Extract<AuthResult, { readonly ok: true }>;
export type Access = 'ok' | 'not_found' | 'forbidden';

/** The roles FlowFuse's permissions ask for: viewers read, only owners act. */
export const ROLE = { dashboard: 5, viewer: 10, member: 30, owner: 50 } as const;

export interface AccessRule {
  readonly minRole: FakeRole;
  /** Changes something: a read-only token (FlowFuse 2.32+) is refused. */
  readonly write?: boolean;
  /** What a non-member gets: 404 on team, instance and application routes, 403 on devices. */
  readonly outsider?: 'not_found' | 'forbidden';
}

export function teamAccess(data: FakeData, auth: Authed, teamId: string, rule: AccessRule): Access {
  if (!data.teams.has(teamId)) return 'not_found';
  const role = data.roleOf(teamId, auth.user.id);
  if (role === null && !auth.user.admin) return rule.outsider ?? 'not_found';
  if (auth.token.teamIds !== null && !auth.token.teamIds.has(teamId)) return 'forbidden';
  if (rule.write === true && auth.token.readOnly) return 'forbidden';
  if (auth.user.admin) return 'ok';
  return role !== null && role >= rule.minRole ? 'ok' : 'forbidden';
}
