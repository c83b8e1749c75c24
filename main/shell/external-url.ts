/**
 * The last check before a URL leaves for the user's browser. The core builds every URL it opens
 * from a saved account (its origin, https or consented http), so this only has to make sure no
 * other scheme slips through: `file:`, `smb:` (NTLM hashes leak on Windows), `javascript:`, app
 * protocol handlers (`ms-settings:`, `vscode:`...) are never opened.
 */
export function isSafeExternalUrl(raw: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  // Credentials in a URL are a phishing shape, and never one the core builds.
  if (url.username !== '' || url.password !== '') return false;
  return url.hostname !== '';
}
