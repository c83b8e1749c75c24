/**
 * What one thing holds on this process's heap, for main's heap figure (the core in Node). The
 * heap is measured after a full GC with the thing alive, then again once it is closed and let go,
 * and the thing must really be gone (a WeakRef says so): whatever else the process holds cancels
 * out, the fake servers that run in it, code compiled on its first use, what earlier scenarios
 * left. Measuring from before the core started to after it read the fleet counted all of that
 * too, and moved with it (0.4 MB once, 6.3 MB another time, for the same fleet).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** A thing that can be closed, handed over in a box that heapHeld empties. */
export interface Held<T extends object> {
  value: T | null;
}

export interface Closable {
  close(): Promise<void>;
}

/** This process's JS heap after a full garbage collection, in bytes. */
function heapAfterGc(): number {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

/**
 * Bytes `box.value` holds: the heap with it, minus the heap once it is closed and dropped from
 * the box. `parts` are objects inside it that must be let go with it (e.g. a TestCore's core).
 * Rejects when any of them is still reachable from elsewhere: the figure would then say less
 * than it holds.
 */
export async function heapHeld<T extends Closable & object>(
  box: Held<T>,
  parts: (value: T) => readonly object[] = () => [],
): Promise<number> {
  let value: T | null = box.value;
  if (value === null) throw new Error('heapHeld: the box is empty');
  const watched = [value, ...parts(value)].map((each) => new WeakRef(each));
  const alive = heapAfterGc();
  await value.close();
  value = null;
  box.value = null;
  // A WeakRef's target is kept until the end of the job that made or read it.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const gone = heapAfterGc();
  const reachable = watched.filter((ref) => ref.deref() !== undefined).length;
  if (reachable > 0) {
    throw new Error(`heapHeld: ${reachable} of what was measured is still reachable after close`);
  }
  return alive - gone;
}
