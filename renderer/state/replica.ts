/**
 * The renderer's read-only copy of main's model (common/state.ts): the Snapshot getState
 * answers, then each PatchPush applied in version order (apply-patches.ts); a push may hold
 * several changes (`from` … `version`, main's one push per tick), and pushes received together
 * (`receiveAll`, a frame's: ./frame-pushes.ts) change the tree once. A push it already holds (as
 * old as its snapshot, or older) is ignored; a missing one (or one that does not fit the tree)
 * means the copy can no longer be trusted, so it asks main for the whole state again. Pushes
 * that come while it waits for a snapshot are held, and the newer ones applied after it; at most
 * MAX_HELD of them: past that they are let go and the whole state asked again once the snapshot
 * in flight lands. A push that comes after getState failed, with no tree yet, asks again (main
 * answers pushes, so it may answer getState now).
 *
 * Nothing in the renderer writes this tree: what the UI owns lives beside it (store.ts).
 */
import { batch, signal, type ReadonlySignal } from '@preact/signals-core';
import type { AppErrorShape, Result } from '../../common/errors';
import type { PatchPush, Snapshot, TeamtrayState } from '../../common/state';
import { applyPatches } from './apply-patches';

/** Pushes held while a snapshot is awaited; more and the next snapshot is asked for instead. */
export const MAX_HELD = 500;

export class Replica {
  private readonly tree = signal<TeamtrayState | null>(null);
  /** Main's tree as of `version`; null until the first snapshot. */
  readonly state: ReadonlySignal<TeamtrayState | null> = this.tree;
  private readonly at = signal(-1);
  /**
   * The number of the last change the tree holds; -1 before the first snapshot. A signal, set
   * with the tree: a draft waits for it (drafts.ts).
   */
  readonly versionSignal: ReadonlySignal<number> = this.at;
  /** Pushes that came while a snapshot was awaited, or after a gap. */
  private held: PatchPush[] = [];
  private asking: Promise<AppErrorShape | null> | null = null;
  /** Held pushes were let go: the snapshot in flight may be older than they were. */
  private letGo = false;

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
    this.receiveAll([push]);
  }

  /** Pushes from main, in the order they came: the tree changes once for all of them. */
  receiveAll(pushes: readonly PatchPush[]): void {
    if (pushes.length === 0) return;
    if (this.asking === null && this.version >= 0) {
      this.apply([...pushes]);
      return;
    }
    for (const push of pushes) {
      if (this.held.length >= MAX_HELD) {
        this.held = [];
        this.letGo = true;
      }
      this.held.push(push);
    }
    // getState failed before any tree came: ask again.
    if (this.asking === null) void this.fetch();
  }

  /** How many pushes wait for a snapshot (bounded by MAX_HELD). */
  heldCount(): number {
    return this.held.length;
  }

  /** The number of the last change the tree holds; -1 before the first snapshot. */
  get version(): number {
    return this.at.peek();
  }

  /** Takes a whole tree (getState's answer), then what was held that is newer. */
  load(snapshot: Snapshot): void {
    batch(() => {
      this.tree.value = snapshot.state;
      this.at.value = snapshot.version;
    });
    const held = this.held;
    this.held = [];
    if (this.letGo) {
      // What was let go may be newer than this snapshot: one more, and the pushes after it.
      this.letGo = false;
      this.held = held;
      void this.fetch();
      return;
    }
    this.apply(held);
  }

  /**
   * Applies pushes in version order, skipping those the tree already holds. At a gap, the rest
   * wait for a new snapshot; a push whose patches do not fit the tree is dropped, and the new
   * snapshot holds what it said.
   */
  private apply(pushes: PatchPush[]): void {
    const sorted = pushes.sort((a, b) => a.version - b.version);
    let tree = this.tree.peek();
    let version = this.version;
    const commit = (): void => {
      batch(() => {
        this.tree.value = tree;
        this.at.value = version;
      });
    };
    for (const [at, push] of sorted.entries()) {
      if (push.version <= version) continue;
      // A push that starts past the next change, or within what the tree holds, is a gap.
      const next = (push.from ?? push.version) === version + 1;
      const taken = next && tree !== null ? applied(tree, push) : null;
      if (taken !== null) {
        tree = taken;
        version = push.version;
        continue;
      }
      commit();
      this.held = sorted.slice(next ? at + 1 : at);
      void this.fetch();
      return;
    }
    commit();
  }
}

/** The tree with a push's patches, or null when they do not fit it. */
function applied(tree: TeamtrayState, push: PatchPush): TeamtrayState | null {
  try {
    return applyPatches(tree, push.patches);
  } catch {
    return null;
  }
}
