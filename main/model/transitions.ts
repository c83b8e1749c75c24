/**
 * Every way the model may change, each a named recipe over an immer draft. Nothing else writes
 * the model (main/model/model.ts applies these); a projection tells one change from another by
 * its name. A recipe changes only what differs, in place, so its patches are the news and no
 * more: an unchanged team keeps its object (and its place in the renderer's memo).
 */
import { dequal } from 'dequal/lite';
import type { Draft } from 'immer';
import type { Notice, Settings, VaultStatus } from '../../common/model';
import type { TeamtrayState } from '../../common/state';

type Recipe<P> = (draft: Draft<TeamtrayState>, payload: P) => void;

const transition = <P>(recipe: Recipe<P>): Recipe<P> => recipe;

/** Sets `draft[key]` to `value` only when it differs: an equal value makes no patch. */
export function put<T extends object, K extends keyof T>(draft: T, key: K, value: T[K]): void {
  if (!dequal(draft[key], value)) draft[key] = value;
}

export const transitions = {
  settingsSaved: transition<Settings>((draft, settings) => {
    put(draft, 'settings', settings);
  }),
  vaultChanged: transition<VaultStatus>((draft, vault) => {
    put(draft, 'vault', vault);
  }),
  noticesChanged: transition<readonly Notice[]>((draft, notices) => {
    put(draft, 'notices', [...notices]);
  }),
};

export type Transitions = typeof transitions;
export type TransitionName = keyof Transitions;
export type TransitionPayload<N extends TransitionName> =
  Transitions[N] extends Recipe<infer P> ? P : never;
