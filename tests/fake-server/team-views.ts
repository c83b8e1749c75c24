/** The JSON FlowFuse sends for users and teams (observed on 2.4.0, plus newer fields noted). */
import type { FakeData } from './data';
import type { FakeRuntime } from './runtime-data';
import type { FakeRole, FakeTeam, FakeUser } from './types';

export interface TeamViewContext {
  readonly data: FakeData;
  readonly origin: string;
  readonly startedAt: string;
  /** When given, seeded instances and devices count towards the team's numbers. */
  readonly runtime?: FakeRuntime;
}

export function userView(ctx: TeamViewContext, user: FakeUser): unknown {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    email: user.email,
    email_verified: true,
    sso_enabled: false,
    mfa_enabled: false,
    avatar: ctx.data.avatarOfUser(user, ctx.origin),
    admin: user.admin,
    createdAt: ctx.startedAt,
    suspended: false,
  };
}

/** A team's numbers: the seeded counts plus the instances and devices seeded in it. */
function counts(ctx: TeamViewContext, team: FakeTeam) {
  return {
    instanceCount: team.instanceCount + (ctx.runtime?.instancesOf(team.id).length ?? 0),
    memberCount: ctx.data.memberCount(team.id),
    // 2.4.0 sends no deviceCount in the teams list (2.29+ does); kept so that tests of the
    // count's display have one. The contract accepts either.
    deviceCount: team.deviceCount + (ctx.runtime?.devicesOf(team.id).length ?? 0),
  };
}

export function teamListView(ctx: TeamViewContext, team: FakeTeam, role: FakeRole): unknown {
  return {
    id: team.id,
    name: team.name,
    type: { id: team.type.id, name: team.type.name },
    slug: team.slug,
    avatar: ctx.data.avatarOfTeam(team),
    suspended: false,
    role,
    ...counts(ctx, team),
    links: { self: `${ctx.origin}/api/v1/teams/${team.id}` },
  };
}

/** The full team view: what `GET` and `PUT /api/v1/teams/:id` answer (no `role`). */
export function teamView(ctx: TeamViewContext, team: FakeTeam): unknown {
  return {
    id: team.id,
    name: team.name,
    type: { ...team.type, active: true, order: 1, description: '', properties: {} },
    properties: {},
    slug: team.slug,
    avatar: ctx.data.avatarOfTeam(team),
    suspended: false,
    ...counts(ctx, team),
    brokerCount: 0,
    createdAt: ctx.startedAt,
    updatedAt: new Date().toISOString(),
    links: { self: `${ctx.origin}/api/v1/teams/${team.id}` },
  };
}
