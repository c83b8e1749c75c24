/**
 * Token health: which of the user's FlowFuse tokens an account is (`GET /api/v1/user/tokens`
 * lists them; no route says which one is calling), and what its expiry means now. FlowFuse
 * deletes an expired token on its first use and then answers 401 exactly as for a revoked one,
 * so Teamtray warns while the token still works: 7 days and 1 day before it expires.
 *
 * Only what the list says of a token is kept (its id, name, dates and scope): never the token.
 * Pure functions of the token and the clock, shared by main (notifications) and the renderer.
 */
import type { Permission } from './roles';

/** One of the user's tokens, as `/user/tokens` lists it. Server text, cleaned where parsed. */
export interface TokenInfo {
  /** The token's id in FlowFuse (a hashid): not the token. */
  readonly id: string;
  readonly name: string;
  /** Epoch ms it was made; null when the server does not say (FlowFuse 2.4 does not). */
  readonly createdAt: number | null;
  /** Epoch ms it expires; null when it never does. */
  readonly expiresAt: number | null;
  /** FlowFuse 2.32+: true for a read-only token; null when the server does not say. */
  readonly readOnly: boolean | null;
  /** FlowFuse 2.32+: the teams it is limited to; null when it is not (or the server does not say). */
  readonly teams: readonly TokenTeam[] | null;
}

interface TokenTeam {
  readonly id: string;
  readonly name: string;
}

/** The last expiry warning told of a token (kept with its account, so a restart does not tell it again). */
export interface TokenWarned {
  /** The token's id (a hashid): a warning told of another token is not this one's. */
  readonly tokenId: string;
  /** 7: the 7-day warning was told; 1: the last day's too (it says the 7-day one as well). */
  readonly threshold: 7 | 1;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Warn this long before a token expires, then again at the last day. */
const TOKEN_WARN_DAYS = [7, 1] as const;

/** The warning a token's expiry calls for now. */
export type TokenExpiry =
  /** Never expires, or more than 7 days left. */
  | { readonly kind: 'fine' }
  /** `threshold`: the warning it is within (7 or 1); `days`: whole days left, at least 1. */
  | { readonly kind: 'soon'; readonly threshold: 7 | 1; readonly days: number }
  | { readonly kind: 'expired'; readonly at: number };

export function tokenExpiry(token: TokenInfo | null, now: number): TokenExpiry {
  const at = token?.expiresAt ?? null;
  if (at === null) return { kind: 'fine' };
  const left = at - now;
  if (left <= 0) return { kind: 'expired', at };
  if (left > TOKEN_WARN_DAYS[0] * DAY_MS) return { kind: 'fine' };
  const days = Math.max(1, Math.ceil(left / DAY_MS));
  return { kind: 'soon', threshold: left > TOKEN_WARN_DAYS[1] * DAY_MS ? 7 : 1, days };
}

/** "Token expires in 3 days", "Token expires within a day". */
export function expiresInWords(days: number): string {
  return days <= 1 ? 'Token expires within a day' : `Token expires in ${String(days)} days`;
}

/** "12 Dec" (with the year when it is not this one's): the day a token expired or expires. */
export function tokenDay(at: number, now: number): string {
  const date = new Date(at);
  const sameYear = date.getFullYear() === new Date(now).getFullYear();
  return date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
  });
}

/** "Token expired on 12 Dec": said instead of "revoked" for a 401 after the expiry. */
export function expiredWords(at: number, now: number): string {
  return `Token expired on ${tokenDay(at, now)}`;
}

/** What a token may not do, in words; null when it may write to every team it sees. */
export function tokenLimit(token: TokenInfo | null): string | null {
  if (token?.readOnly === true) return 'This token is read-only';
  if (token?.teams != null && token.teams.length > 0) {
    const names = token.teams.map((team) => team.name).join(', ');
    return `This token is limited to ${names}`;
  }
  return null;
}

/**
 * A role's permission (common/roles.ts) narrowed by the token: a read-only token, or one limited
 * to other teams, may not act or rename here, and says why ("This token is read-only", "This
 * token is limited to other teams"). Main refuses with these words before anything is sent; the
 * rows offer the action disabled with them.
 */
export function withTokenScope(
  permission: Permission,
  token: TokenInfo | null,
  teamId: string,
): Permission {
  if (!permission.allowed || tokenMayWrite(token, teamId)) return permission;
  return { allowed: false, reason: tokenScopeReason(token) };
}

/**
 * Why this token may not change a team it may not write to: "This token is read-only", or, for
 * one limited to some teams, "This token is limited to other teams" (this team is not one).
 */
function tokenScopeReason(token: TokenInfo | null): string {
  if (token?.readOnly === true) return 'This token is read-only';
  return 'This token is limited to other teams';
}

/** May this token change things in this team (act, rename)? Unknown scope: yes, as before. */
export function tokenMayWrite(token: TokenInfo | null, teamId: string): boolean {
  if (token === null) return true;
  if (token.readOnly === true) return false;
  return (
    token.teams === null || token.teams.length === 0 || token.teams.some((t) => t.id === teamId)
  );
}

/**
 * Said by the inbox of an account whose token may not write: FlowFuse (2.32+) answers 403 on
 * every `/user/notifications` route for a read-only token, so the inbox cannot be read with it.
 */
export const INBOX_NEEDS_WRITE =
  'The inbox needs a token that may write: this one is read-only. Replace it in Settings › Accounts.';
