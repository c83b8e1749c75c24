/** Identifiers in the shapes FlowFuse uses, so format checks in the app meet real-looking values. */
import { createHash, randomBytes } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A hashid-like id such as `Ybg4KwMRDm`. */
export function newHashId(length = 10): string {
  const bytes = randomBytes(length);
  let id = '';
  for (const byte of bytes) id += ALPHANUMERIC[byte % ALPHANUMERIC.length] ?? 'x';
  return id;
}

/** `ffpat_` + 43 base64url characters: 32 random bytes, as FlowFuse makes them. */
export function newToken(): string {
  return `ffpat_${randomBytes(32).toString('base64url')}`;
}

/** Scheme-less, as FlowFuse sends it: the teams layer adds `https:`. */
export function gravatarUrl(seed: string): string {
  const hash = createHash('md5').update(seed.trim().toLowerCase()).digest('hex');
  return `//www.gravatar.com/avatar/${hash}?d=identicon`;
}

export function slugify(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug === '' ? `team-${newHashId(6).toLowerCase()}` : slug;
}
