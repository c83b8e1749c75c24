/**
 * Comparing a server's version with the version a route came with, in the renderer as in main.
 * Written here rather than taken from `semver` (which main uses): the renderer needs only this,
 * and semver would add about 10 kB gzip to the popover's first script (issue 30). Reads a version
 * as semver's `coerce` does: the first `major[.minor[.patch]]` in the text, missing parts 0.
 */

/** [major, minor, patch] of the first version in the text, or null when it holds none. */
export function coerceVersion(text: string): readonly [number, number, number] | null {
  const found = /(\d{1,9})(?:\.(\d{1,9}))?(?:\.(\d{1,9}))?/.exec(text);
  if (found === null) return null;
  return [Number(found[1]), Number(found[2] ?? 0), Number(found[3] ?? 0)];
}

/**
 * Compares the server's version with `since` (`2.2.0`): negative when older, 0 when the same,
 * positive when newer; null when the server's version says no number.
 */
export function compareVersion(version: string, since: string): number | null {
  const known = coerceVersion(version);
  const wanted = coerceVersion(since);
  if (known === null || wanted === null) return null;
  for (let part = 0; part < 3; part += 1) {
    const difference = (known[part] ?? 0) - (wanted[part] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}
