/**
 * The model: what Teamtray believes (common/state.ts), one immutable tree, changed only by the
 * named transitions of ./transitions.ts. Each change yields immer's patches and a new version;
 * everything else (the bridge, notifications, the tray, the caches) is a projection that listens.
 *
 * Hand-written because it is ours: immer does the immutable update and the patches; what is left
 * is the version counter, the transition's name beside its patches, and the listeners.
 */
import { enablePatches, freeze, produceWithPatches, type Patch } from 'immer';
import { Emitter, type Unsubscribe } from '../../common/emitter';
import type { Snapshot, TeamtrayState } from '../../common/state';
import type { Logger } from '../log';
import { transitions, type TransitionName, type TransitionPayload } from './transitions';

enablePatches();

/** One applied transition, as a projection hears it. */
export type Change = {
  [N in TransitionName]: {
    readonly name: N;
    readonly payload: TransitionPayload<N>;
    readonly patches: readonly Patch[];
    readonly version: number;
    readonly state: TeamtrayState;
    readonly previous: TeamtrayState;
  };
}[TransitionName];

export interface Model {
  state(): TeamtrayState;
  snapshot(): Snapshot;
  /** Applies a named transition; listeners hear it only when something changed. */
  apply<N extends TransitionName>(name: N, payload: TransitionPayload<N>): void;
  subscribe(listener: (change: Change) => void): Unsubscribe;
}

/** `log`: each transition that changed something, its name and version, at debug level. */
export function createModel(initial: TeamtrayState, log?: Logger): Model {
  let state = freeze(initial, true);
  let version = 0;
  const changes = new Emitter<Change>();
  return {
    state: () => state,
    snapshot: () => ({ version, state }),
    apply(name, payload) {
      const recipe = transitions[name] as (draft: never, payload: unknown) => void;
      const [next, patches] = produceWithPatches(state, (draft) => {
        recipe(draft as never, payload);
      });
      if (patches.length === 0) return;
      const previous = state;
      state = next;
      version += 1;
      log?.debug('model: transition', { name, version });
      changes.emit({ name, payload, patches, version, state, previous } as Change);
    },
    subscribe: (listener) => changes.on(listener),
  };
}
