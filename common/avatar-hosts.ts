/**
 * Where the popover may load images from: its own files, and Gravatar, which FlowFuse uses for
 * every team's avatar. Any other image host would learn the user's address and when the popover
 * opens (a tracking pixel); an avatar elsewhere shows as the team's initials instead.
 */
const AVATAR_ORIGINS = ['https://www.gravatar.com', 'https://secure.gravatar.com'] as const;

export function isAvatarUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (AVATAR_ORIGINS as readonly string[]).includes(parsed.origin) && parsed.username === '';
  } catch {
    return false;
  }
}
