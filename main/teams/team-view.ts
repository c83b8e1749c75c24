/**
 * A team from the server as the model keeps it, and the URLs main builds: a team's avatar and
 * pages, an instance's and a device's, the token page.
 */
import { isAvatarUrl } from '../../common/avatar-hosts';
import { asTeamId, type Origin } from '../../common/brand';
import type { ApiTeam } from '../flowfuse/types';
import type { ListedTeam } from '../model/facts';

/** A team of the server's list, as the model keeps it. */
export function listedTeam(team: ApiTeam, origin?: Origin): ListedTeam {
  return {
    id: asTeamId(team.id),
    name: team.name,
    slug: team.slug,
    typeName: team.type?.name ?? null,
    role: team.role,
    avatarUrl: avatarUrl(team.avatar, origin),
    instanceCount: team.instanceCount,
    memberCount: team.memberCount,
    deviceCount: team.deviceCount,
  };
}

/**
 * FlowFuse sends gravatar URLs without a scheme. Only Gravatar's avatars are shown
 * (common/avatar-hosts.ts); any other is left out and the popover shows the team's initials. A
 * relative one is resolved against the server's origin (none known: it is left out).
 */
export function avatarUrl(avatar: string | null, origin?: Origin): string | null {
  if (avatar === null || avatar === '') return null;
  let url: URL;
  try {
    url = new URL(avatar.startsWith('//') ? `https:${avatar}` : avatar, origin);
  } catch {
    return null;
  }
  return isAvatarUrl(url.href) ? url.href : null;
}

/** The team's page in the browser, built from the saved origin only. */
export function teamPageUrl(origin: Origin, slug: string, page: 'overview' | 'settings'): string {
  const base = `${origin}/team/${encodeURIComponent(slug)}`;
  return page === 'settings' ? `${base}/settings/general` : base;
}

export function tokenPageUrl(origin: Origin): string {
  return `${origin}/account/security/tokens`;
}

/** An instance's overview in FlowFuse. */
export function instancePageUrl(origin: Origin, instanceId: string): string {
  return `${origin}/instance/${encodeURIComponent(instanceId)}`;
}

/** An instance's log in FlowFuse. */
export function instanceLogUrl(origin: Origin, instanceId: string): string {
  return `${instancePageUrl(origin, instanceId)}/logs`;
}

/** An instance's audit log in FlowFuse (who changed what, and when). */
export function instanceAuditLogUrl(origin: Origin, instanceId: string): string {
  return `${instancePageUrl(origin, instanceId)}/audit-log`;
}

/** A device's overview in FlowFuse. */
export function devicePageUrl(origin: Origin, deviceId: string): string {
  return `${origin}/device/${encodeURIComponent(deviceId)}`;
}

/**
 * The Node-RED editor FlowFuse gave for an instance (`instance.url`, on its own host): only a
 * plain web address, never another scheme or one with credentials in it.
 */
export function editorUrl(url: string | null): string | null {
  if (url === null) return null;
  try {
    const parsed = new URL(url);
    const web = parsed.protocol === 'https:' || parsed.protocol === 'http:';
    return web && parsed.username === '' && parsed.password === '' ? parsed.href : null;
  } catch {
    return null;
  }
}
