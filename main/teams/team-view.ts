/**
 * From the API's team to what the renderer shows: absolute avatar URLs, and whether rename is
 * offered, with the reason in words when it is not.
 */
import type { AccountId, Origin } from '../../common/brand';
import type { TeamView } from '../../common/model';
import { renamePermission } from '../../common/roles';
import type { ApiTeam } from '../flowfuse/types';

/** FlowFuse sends gravatar URLs without a scheme and self-hosted avatars as a path. */
export function avatarUrl(avatar: string | null, origin: Origin): string | null {
  if (avatar === null || avatar === '') return null;
  let url: URL;
  try {
    url = new URL(avatar.startsWith('//') ? `https:${avatar}` : avatar, origin);
  } catch {
    return null;
  }
  if (url.protocol === 'https:' || url.origin === origin) return url.href;
  return null;
}

export function toTeamView(accountId: AccountId, origin: Origin, team: ApiTeam): TeamView {
  const rename = renamePermission(team.role);
  return {
    accountId,
    id: team.id,
    name: team.name,
    slug: team.slug,
    avatarUrl: avatarUrl(team.avatar, origin),
    typeName: team.type?.name ?? null,
    role: team.role,
    instanceCount: team.instanceCount,
    memberCount: team.memberCount,
    deviceCount: team.deviceCount,
    canRename: rename.allowed,
    renameBlockedReason: rename.allowed ? null : rename.reason,
  };
}

/** The team's page in the browser, built from the saved origin only. */
export function teamPageUrl(origin: Origin, slug: string, page: 'overview' | 'settings'): string {
  const base = `${origin}/team/${encodeURIComponent(slug)}`;
  return page === 'settings' ? `${base}/settings/general` : base;
}

export function tokenPageUrl(origin: Origin): string {
  return `${origin}/account/security/tokens`;
}
