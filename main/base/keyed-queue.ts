/**
 * Runs tasks one at a time per key. Two writes of the same token must land in the order they
 * were asked for, even when the first one's encryption happens to finish last.
 */
export type KeyedQueue = <T>(key: string, task: () => Promise<T>) => Promise<T>;

export function createKeyedQueue(): KeyedQueue {
  const tails = new Map<string, Promise<void>>();
  return (key, task) => {
    const previous = tails.get(key) ?? Promise.resolve();
    // A failed task must not block the ones queued after it.
    const result = previous.then(task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return result;
  };
}
