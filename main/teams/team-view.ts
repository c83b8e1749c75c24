/** URLs main builds for a team: its avatar, its pages, the server's token page. */
import type { Origin } from '../../common/brand';

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

/** The team's page in the browser, built from the saved origin only. */
export function teamPageUrl(origin: Origin, slug: string, page: 'overview' | 'settings'): string {
  const base = `${origin}/team/${encodeURIComponent(slug)}`;
  return page === 'settings' ? `${base}/settings/general` : base;
}

export function tokenPageUrl(origin: Origin): string {
  return `${origin}/account/security/tokens`;
}
