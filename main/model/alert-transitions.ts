/**
 * The model's transitions for what the alerts told of an instance's trouble: its one still-down
 * reminder (main/runtime/runtime-watcher.ts, after the user's chosen time) is a fact of the
 * trouble (common/state.ts `Trouble.remindedAt`), so it lives where the trouble lives and ends
 * with it, like `tokenWarned` on the account for the token's warnings. Part of the model's one
 * table (transitions.ts).
 *
 * Not kept on disk: the trouble itself is not (a restart sees it anew, from its first read, and
 * the first read of a run is no news), so neither is its reminder.
 */
import type { Draft } from 'immer';
import type { TeamtrayState } from '../../common/state';
import { findInstance, type InstanceRef } from './find';

type Recipe<P> = (draft: Draft<TeamtrayState>, payload: P) => void;
const transition = <P>(recipe: Recipe<P>): Recipe<P> => recipe;

/** An instance's trouble, by when it began, and when its reminder was told. */
export interface StillDownReminded extends InstanceRef {
  /** The trouble's `since`: a reminder of a trouble that ended meanwhile changes nothing. */
  readonly since: number;
  readonly at: number;
}

export const alertTransitions = {
  /** The still-down reminder of this trouble was told: once per trouble. */
  stillDownReminded: transition<StillDownReminded>((draft, reminded) => {
    const trouble = findInstance(draft, reminded)?.trouble;
    if (trouble == null || trouble.since !== reminded.since || trouble.remindedAt !== undefined) {
      return;
    }
    trouble.remindedAt = reminded.at;
  }),
};
