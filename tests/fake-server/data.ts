/**
 * The fake server's state: users, teams, memberships and tokens, with the rules a real FlowFuse
 * 2.4 server applies to them (expired tokens deleted on first use, owners only may rename).
 */
import { gravatarUrl, newHashId, newToken, slugify } from './ids';
import type { FakeRole, FakeTeam, FakeTeamType, FakeTokenOptions, FakeUser } from './types';

export const TEAM_TYPES = {
  starter: { id: 'Vw0pBK0n5e', name: 'Starter' },
  team: { id: 'ZdEbXMg9mV', name: 'Team' },
  enterprise: { id: 'Kp8QbRg2aW', name: 'Enterprise' },
} as const satisfies Record<string, FakeTeamType>;

export interface NewUser {
  readonly username: string;
  readonly name?: string;
  readonly email?: string;
  readonly admin?: boolean;
}

export interface NewTeam {
  /** A fixed id (screenshots keep a team's avatar colour from run to run); a new hashid if absent. */
  readonly id?: string;
  readonly name: string;
  readonly slug?: string;
  readonly type?: FakeTeamType;
  readonly instanceCount?: number;
  readonly deviceCount?: number;
}

interface TokenRecord {
  readonly userId: string;
  readonly expiresAt: number | null;
  readonly readOnly: boolean;
  readonly teamIds: ReadonlySet<string> | null;
  /** The hashid `GET /api/v1/user/tokens` lists; absent for tokens set up by hand. */
  readonly id?: string;
  /** Only named tokens are listed, as in FlowFuse. */
  readonly name?: string | null;
}

/** An item of `GET /api/v1/user/tokens`: never the token itself. */
export interface TokenSummary {
  readonly id: string;
  readonly name: string;
  readonly expiresAt: string | null;
  /** FlowFuse 2.32+, listed here for a read-only or team-limited token only. */
  readonly readOnly?: boolean;
  readonly teams?: readonly { readonly id: string; readonly name: string }[];
}

export type AuthResult =
  | { readonly ok: true; readonly user: FakeUser; readonly token: TokenRecord }
  | { readonly ok: false };

export type RenameOutcome =
  | { readonly kind: 'ok'; readonly team: FakeTeam }
  | { readonly kind: 'not_found' }
  | { readonly kind: 'forbidden' }
  | { readonly kind: 'invalid'; readonly message: string };

export class FakeData {
  readonly users = new Map<string, FakeUser>();
  readonly teams = new Map<string, FakeTeam>();
  /** teamId -> userId -> role. */
  readonly memberships = new Map<string, Map<string, FakeRole>>();
  readonly tokens = new Map<string, TokenRecord>();

  constructor(private readonly now: () => number = Date.now) {}

  addUser(input: NewUser): FakeUser {
    const user: FakeUser = {
      id: newHashId(),
      username: input.username,
      name: input.name ?? input.username,
      email: input.email ?? `${input.username}@example.com`,
      admin: input.admin ?? false,
    };
    this.users.set(user.id, user);
    return user;
  }

  addTeam(input: NewTeam): FakeTeam {
    const team: FakeTeam = {
      id: input.id ?? newHashId(),
      name: input.name,
      slug: input.slug ?? slugify(input.name),
      type: input.type ?? TEAM_TYPES.starter,
      instanceCount: input.instanceCount ?? 0,
      deviceCount: input.deviceCount ?? 0,
    };
    this.teams.set(team.id, team);
    this.memberships.set(team.id, new Map());
    return team;
  }

  /** Adds, changes or (with null) removes a membership. */
  setRole(teamId: string, userId: string, role: FakeRole | null): void {
    const members = this.memberships.get(teamId);
    if (members === undefined) throw new Error(`No team ${teamId}`);
    if (role === null) members.delete(userId);
    else members.set(userId, role);
  }

  roleOf(teamId: string, userId: string): FakeRole | null {
    return this.memberships.get(teamId)?.get(userId) ?? null;
  }

  memberCount(teamId: string): number {
    return this.memberships.get(teamId)?.size ?? 0;
  }

  teamsOf(userId: string): { readonly team: FakeTeam; readonly role: FakeRole }[] {
    const result: { team: FakeTeam; role: FakeRole }[] = [];
    for (const [teamId, members] of this.memberships) {
      const role = members.get(userId);
      const team = this.teams.get(teamId);
      if (role !== undefined && team !== undefined) result.push({ team, role });
    }
    return result;
  }

  createToken(userId: string, options: FakeTokenOptions = {}): string {
    if (!this.users.has(userId)) throw new Error(`No user ${userId}`);
    const token = options.value ?? newToken();
    if (this.tokens.has(token)) throw new Error('That token is taken.');
    this.tokens.set(token, {
      userId,
      expiresAt: options.expiresAt ?? null,
      readOnly: options.readOnly ?? false,
      teamIds: options.teamIds === undefined ? null : new Set(options.teamIds),
      id: newHashId(),
      name: options.name ?? 'teamtray-test',
    });
    return token;
  }

  /** The user's named tokens, oldest first; an expired one is listed until it is used. */
  tokensOf(userId: string): TokenSummary[] {
    const result: TokenSummary[] = [];
    for (const token of this.tokens.values()) {
      if (token.userId !== userId || token.id === undefined || typeof token.name !== 'string') {
        continue;
      }
      const expiresAt = token.expiresAt === null ? null : new Date(token.expiresAt).toISOString();
      // A read-only or team-limited token exists on FlowFuse 2.32+, which lists its scope too.
      const scoped = token.readOnly || token.teamIds !== null;
      const teams = [...(token.teamIds ?? [])].map((id) => ({
        id,
        name: this.teams.get(id)?.name ?? id,
      }));
      result.push({
        id: token.id,
        name: token.name,
        expiresAt,
        ...(scoped ? { readOnly: token.readOnly, teams } : {}),
      });
    }
    return result;
  }

  /** Deleting a token from the user's list, as the Security page does. */
  revokeToken(token: string): boolean {
    return this.tokens.delete(token);
  }

  /** Reads `Authorization: Bearer <token>`; an expired token is deleted on first use. */
  authenticate(header: string | undefined): AuthResult {
    // Case-sensitive, as FlowFuse's verifySession: `bearer <token>` answers 401.
    const match = /^Bearer (\S+)$/.exec(header ?? '');
    const value = match?.[1];
    if (value === undefined) return { ok: false };
    const token = this.tokens.get(value);
    if (token === undefined) return { ok: false };
    if (token.expiresAt !== null && token.expiresAt <= this.now()) {
      this.tokens.delete(value);
      return { ok: false };
    }
    const user = this.users.get(token.userId);
    return user === undefined ? { ok: false } : { ok: true, user, token };
  }

  /**
   * FlowFuse 2.4 semantics: membership first (404), then the owner role (403). An empty name is
   * a silent no-op and the name is stored untrimmed; only `://` is refused.
   */
  renameTeam(
    auth: { readonly user: FakeUser; readonly token: TokenRecord },
    teamId: string,
    name: unknown,
    slug?: unknown,
  ): RenameOutcome {
    const team = this.teams.get(teamId);
    const role = this.roleOf(teamId, auth.user.id);
    if (team === undefined || (role === null && !auth.user.admin)) return { kind: 'not_found' };
    if (auth.token.teamIds !== null && !auth.token.teamIds.has(teamId)) {
      return { kind: 'forbidden' };
    }
    if (auth.token.readOnly || (role !== 50 && !auth.user.admin)) return { kind: 'forbidden' };
    if (typeof name === 'string' && name !== '') {
      if (name.includes('://')) {
        // The database's validator refuses it, and FlowFuse passes Sequelize's words on.
        return {
          kind: 'invalid',
          message: 'SequelizeValidationError: Validation error: Validation not on name failed',
        };
      }
      team.name = name;
    }
    // Observed on 2.4.0: a 230-character slug is kept and listed as it is (the column holds 255).
    if (typeof slug === 'string' && slug !== '') team.slug = slug;
    return { kind: 'ok', team };
  }

  avatarOfTeam(team: FakeTeam): string {
    return gravatarUrl(team.slug);
  }

  /** FlowFuse serves user avatars itself, at `/avatar/<base64url of the name>`. */
  avatarOfUser(user: FakeUser, origin: string): string {
    return `${origin}/avatar/${Buffer.from(user.name).toString('base64url')}`;
  }
}
