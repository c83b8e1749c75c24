/**
 * What an instance's state means for the user: its tone (for the dot and the text beside it),
 * whether it needs attention, which actions make sense now, and who may take them. Main and the
 * renderer both use these rules, so the tray and the popover never disagree.
 */
import type { InstanceAction } from './runtime';
import { ROLE, roleInSentence, type Permission } from './roles';

export type StateTone = 'ok' | 'busy' | 'idle' | 'problem' | 'other';

const BUSY = new Set([
  'starting',
  'stopping',
  'restarting',
  'suspending',
  'loading',
  'installing',
  'importing',
  'rollback',
  'pushing',
  'pulling',
  'deploying',
]);
const PROBLEM = new Set(['crashed', 'error', 'safe']);
const IDLE = new Set(['stopped', 'suspended']);

export function stateTone(state: string): StateTone {
  if (state === 'running') return 'ok';
  if (BUSY.has(state)) return 'busy';
  if (PROBLEM.has(state)) return 'problem';
  if (IDLE.has(state)) return 'idle';
  return 'other';
}

/** Crashed, in error or in safe mode (flows stopped after a crash): the user should look. */
export function needsAttention(state: string): boolean {
  return PROBLEM.has(state);
}

/** A state an action is still on its way out of. */
export function isTransitional(state: string): boolean {
  return BUSY.has(state);
}

/** What the instance shows while Teamtray's action is under way. */
export const TRANSITION: { readonly [A in InstanceAction]: string } = {
  start: 'starting',
  restart: 'restarting',
  stop: 'stopping',
  suspend: 'suspending',
};

/** Where a successful action ends. Restart ends where it began on some drivers (`running`). */
export const SETTLED: { readonly [A in InstanceAction]: string } = {
  start: 'running',
  restart: 'running',
  stop: 'stopped',
  suspend: 'suspended',
};

/**
 * The actions that make sense in a state. A suspended instance offers Start only (FlowFuse
 * answers 400 `project_suspended` to the others); one in transition offers none.
 */
export function actionsFor(state: string): readonly InstanceAction[] {
  if (isTransitional(state)) return [];
  if (state === 'suspended') return ['start'];
  if (state === 'running' || state === 'safe') return ['restart', 'stop', 'suspend'];
  if (state === 'stopped') return ['start', 'suspend'];
  return ['start', 'restart', 'stop', 'suspend'];
}

/** FlowFuse lets only team owners start, stop, restart or suspend (`project:change-status`). */
export function actionPermission(role: number | null): Permission {
  if (role === null || role >= ROLE.owner) return { allowed: true };
  return {
    allowed: false,
    reason: `Only team owners can start or stop instances; you are a ${roleInSentence(role)} here.`,
  };
}

/** "running" → "Running", "stopping" → "Stopping…". */
export function stateLabel(state: string): string {
  const word = state === '' ? 'Unknown' : `${state[0]?.toUpperCase() ?? ''}${state.slice(1)}`;
  return isTransitional(state) ? `${word}…` : word;
}
