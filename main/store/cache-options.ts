/**
 * What both cache files (teams, runtime) share: how one is opened, and how the entries a read no
 * longer lists are dropped. The gathering of their writes is main/base/gathered-writes.ts.
 */
import type { Logger } from '../log';

/** How a cache file is opened: both caches take the same. */
export interface CacheOptions {
  readonly log: Logger;
  readonly projectVersion: string;
  readonly now?: () => Date;
  /** How long writes are gathered (0: each at once). */
  readonly saveDelayMs?: number;
}

/** Deletes the keys not in `keep`; true when any went. */
export function retainKeys(map: Map<string, unknown>, keep: readonly string[]): boolean {
  const kept = new Set(keep);
  let dropped = false;
  for (const key of [...map.keys()]) if (!kept.has(key)) dropped = map.delete(key) || dropped;
  return dropped;
}
