/**
 * The renderer's read-only copy of main's model (common/state.ts): the Snapshot getState
 * answers, then each PatchPush applied with immer in version order. A push it already holds (as
 * old as its snapshot, or older) is ignored; a missing one means the copy can no longer be
 * trusted, so it asks main for the whole state again. Pushes that come while it waits for a
 * snapshot are held, and the newer ones applied after it.
 *
 * Nothing in the renderer writes this tree: what the UI owns lives beside it (store.ts).
 */
import { applyPatches, enablePatches } from 'immer';
import { signal, type ReadonlySignal } from '@preact/signals-core';
import type { AppErrorShape, Result } from '../../common/errors';
import type { PatchPush, Snapshot, TeamtrayState } from '../../common/state';

enablePatches();

export class Replica {
  private readonly tree = signal<TeamtrayState | null>(null);
  /** Main's tree as of `version`; null until the first snapshot. */
  readonly state: ReadonlySignal<TeamtrayState | null> = this.tree;
  /** The number of the last change the tree holds; -1 before the first snapshot. */
  version = -1;
  /** Pushes that came while a snapshot was awaited, or after a gap. */
  private held: PatchPush[] = [];
  private asking: Promise<AppErrorShape | null> | null = null;

  constructor(private readonly getState: () => Promise<Result<Snapshot>>) {}

  /** Asks main for the whole tree; null once it is loaded, else why it could not be read. */
  fetch(): Promise<AppErrorShape | null> {
    this.asking ??= this.getState().then((result) => {
      this.asking = null;
      if (!result.ok) {
        // Whatever snapshot comes next holds what these pushes said.
        this.held = [];
        return result.error;
      }
      this.load(result.value);
      return null;
    });
    return this.asking;
  }

  /** A push from main. */
  receive(push: PatchPush): void {
    if (this.asking !== null || this.version < 0) {
      this.held.push(push);
      return;
    }
    if (!this.take(push)) {
      this.held.push(push);
      void this.fetch();
    }
  }

  /** Takes a whole tree (getState's answer), then what was held that is newer. */
  load(snapshot: Snapshot): void {
    this.tree.value = snapshot.state;
    this.version = snapshot.version;
    const held = this.held.sort((a, b) => a.version - b.version);
    this.held = [];
    const gap = held.findIndex((push) => !this.take(push));
    if (gap !== -1) {
      this.held = held.slice(gap);
      void this.fetch();
    }
  }

  /** Applies the next push, ignores one already held; false when one is missing before it. */
  private take(push: PatchPush): boolean {
    if (push.version <= this.version) return true;
    const tree = this.tree.peek();
    if (push.version !== this.version + 1 || tree === null) return false;
    this.tree.value = applyPatches(tree, push.patches);
    this.version = push.version;
    return true;
  }
}
