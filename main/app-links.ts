/**
 * The addresses behind Teamtray's own links (About, Help). The renderer only names a link; the
 * addresses live here, so no URL from a page is ever opened. HOMEPAGE is package.json's
 * `homepage` (a test keeps the two equal).
 */
import type { AppLink } from '../common/about';

export const HOMEPAGE = 'https://github.com/teamtray/teamtray';

const ADDRESSES: { readonly [L in AppLink]: string } = {
  website: HOMEPAGE,
  // The README's "Use it" part: tokens, keys, statuses, where things live.
  help: `${HOMEPAGE}#use-it`,
  issues: `${HOMEPAGE}/issues`,
  // What changed, version by version (CHANGELOG.md at the repository's root).
  releases: `${HOMEPAGE}/blob/main/CHANGELOG.md`,
};

export function appLinkUrl(link: AppLink): string {
  return ADDRESSES[link];
}
