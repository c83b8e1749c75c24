/**
 * Turns what a user pastes into the origin of a FlowFuse account. FlowFuse serves its app and
 * API from the root of its host, so whatever path was pasted (`/team/x`, `/api/v1/...`) goes.
 */
import { asOrigin, type Origin } from '../../common/brand';
import { AppError } from '../../common/errors';

const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    /^127(?:\.\d{1,3}){3}$/.test(host)
  );
}

export interface NormalizeOptions {
  /** The user consented to plain http for this account. */
  readonly allowHttp: boolean;
}

export function normalizeBaseUrl(input: string, options: NormalizeOptions): Origin {
  const text = input.trim();
  if (text === '') throw new AppError('invalid_url', 'Enter the address of your FlowFuse server.');
  if (/\s/.test(text)) throw new AppError('invalid_url', 'A server address cannot contain spaces.');

  let url: URL;
  try {
    url = new URL(HAS_SCHEME.test(text) ? text : `https://${text}`);
  } catch {
    throw new AppError('invalid_url', `"${clip(text)}" is not a web address.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new AppError('invalid_url', 'The address must start with https:// (or http://).');
  }
  if (url.username !== '' || url.password !== '') {
    throw new AppError('invalid_url', 'Leave the user name and password out of the address.');
  }
  if (url.hostname === '' || !/^[\w.[\]:-]+$/.test(url.hostname)) {
    throw new AppError('invalid_url', `"${clip(text)}" has no valid host name.`);
  }
  if (isLinkLocalOrMetadata(url.hostname)) {
    throw new AppError(
      'invalid_url',
      `${url.hostname} is a link-local or cloud metadata address, not a FlowFuse server.`,
    );
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname) && !options.allowHttp) {
    throw insecureHttp(url.host);
  }
  return asOrigin(url.origin);
}

/** Cloud providers' instance-metadata names and addresses (they hand out credentials). */
const METADATA_HOSTS = new Set([
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'metadata.azure.com',
  '100.100.100.200',
  'fd00:ec2::254',
]);

/**
 * Link-local (169.254.0.0/16, fe80::/10, and IPv4-mapped forms) or a metadata service: main
 * would GET /api/json there for whoever typed it. URL has already turned other spellings of an
 * IPv4 address (hex, one number) into dotted decimal. A DNS name that resolves to such an
 * address cannot be seen from here (SECURITY.md says so).
 */
function isLinkLocalOrMetadata(hostname: string): boolean {
  const host = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (METADATA_HOSTS.has(host)) return true;
  if (/^169\.254\.\d{1,3}\.\d{1,3}$/.test(host)) return true;
  if (/^fe[89ab][0-9a-f]:/.test(host)) return true;
  // ::ffff:169.254.x.y, as URL writes it: ::ffff:a9fe:xxxx
  return /^::ffff:a9fe:[0-9a-f]{1,4}$/.test(host);
}

/** Plain http to a host other than loopback, without the user's consent. */
export function insecureHttp(host: string): AppError {
  return new AppError(
    'insecure_http',
    `${host} uses plain http: your token would cross the network unencrypted. Use https, or allow http for this server.`,
  );
}

/** The host (and port) for display. */
export function hostOf(origin: Origin): string {
  return new URL(origin).host;
}

function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
