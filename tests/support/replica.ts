/**
 * The renderer's side of the bridge, in Node: a replica of main's model kept by the patches
 * pushes, as the renderer keeps it. Tests read what the renderer would have shown, push by push.
 */
import { applyPatches, enablePatches } from 'immer';
import type { PatchPush, Snapshot, TeamtrayState } from '../../common/state';
import type { Core } from '../../main/core-types';

enablePatches();

/**
 * The renderer's side of the bridge: a replica of the model from getState, kept by applying each
 * patches push in order (a push it already holds is skipped; a gap fails the test). `trees` holds
 * the replica after each push, oldest first.
 */
export async function replicaOf(core: Core) {
  const waiting: PatchPush[] = [];
  let tree: TeamtrayState | null = null;
  let version = 0;
  const trees: TeamtrayState[] = [];
  const take = (push: PatchPush): void => {
    if (tree === null) {
      waiting.push(push);
      return;
    }
    if (push.version <= version) return;
    // A push holds the changes `from` … `version` (main sends one per tick).
    const first = push.from ?? push.version;
    if (first !== version + 1) throw new Error(`a gap: ${version} then ${first}`);
    tree = applyPatches(tree, push.patches);
    version = push.version;
    trees.push(tree);
  };
  const stop = core.onEvent((event, payload) => {
    if (event === 'patches') take(payload as PatchPush);
  });
  const answer = await core.dispatch('getState', undefined);
  if (!answer.ok) throw new Error(answer.error.message);
  const snapshot = answer.value as Snapshot;
  tree = snapshot.state;
  version = snapshot.version;
  for (const push of waiting.splice(0)) take(push);
  return {
    trees,
    current(): TeamtrayState {
      return tree ?? snapshot.state;
    },
    /** The version of the model the replica holds. */
    version(): number {
      return version;
    },
    stop,
  };
}
