/**
 * A store that reads like the file it came from and keeps every write in memory: for a file a
 * newer version of the app wrote, which this version must not overwrite.
 */
import type { ConfLike } from './store-factory';

export function createMemoryStore(data: Record<string, unknown>, path: string): ConfLike {
  const values = new Map<string, unknown>(Object.entries(structuredClone(data)));
  return {
    path,
    get: (key) => structuredClone(values.get(key)),
    set(key, value) {
      values.set(key, structuredClone(value));
    },
    delete(key) {
      values.delete(key);
    },
  };
}
