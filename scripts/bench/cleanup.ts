/**
 * Everything the bench starts (fake servers, cores, Chromium, temp folders) registers its
 * cleanup here, so it is closed on success, on failure and on Ctrl+C alike.
 */
type Cleanup = () => Promise<void>;

const pending: Cleanup[] = [];

/** Registers a cleanup; call the returned function to run it now (and only once). */
export function onCleanup(cleanup: Cleanup): () => Promise<void> {
  let done = false;
  const once: Cleanup = async () => {
    if (done) return;
    done = true;
    const at = pending.indexOf(once);
    if (at !== -1) pending.splice(at, 1);
    await cleanup();
  };
  pending.push(once);
  return once;
}

/** Runs every registered cleanup, newest first; a failing one does not stop the others. */
export async function cleanupAll(): Promise<void> {
  while (pending.length > 0) {
    const next = pending[pending.length - 1];
    if (next === undefined) break;
    await next().catch((error: unknown) => {
      console.error('bench: cleanup failed:', error);
    });
  }
}
