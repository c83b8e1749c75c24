/**
 * The renderer's Content Security Policy: one string, written literally into
 * renderer/index.html (a test keeps the two equal) and sent as a header by main.
 * No inline script, no eval, no inline style, no network from the page: every HTTP call
 * belongs to main. Images: its own files and Gravatar's avatars only (common/avatar-hosts.ts).
 */
export const CONTENT_SECURITY_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: https://www.gravatar.com https://secure.gravatar.com; font-src 'self'; connect-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; object-src 'none'";
