/**
 * An instance's trouble as Teamtray sees it: when it began (crashed, safe mode, error, or a failed
 * start that left it suspended) and how it ended. A pure function of the instance and the time,
 * which the transitions that move an instance's state (a read, an action's polling, its end, the
 * audit log's last action) apply, so "down 12 min" is a fact of the model with its own time stamp,
 * not a map kept beside it. A transitional state (`restarting`) is on its way and changes nothing;
 * running again is a recovery; any other calm state (stopped, suspended by someone) ends the
 * trouble without one. A recovery the user's own action from Teamtray brought about (its action
 * still on the instance, or just settled) says which action it was.
 */
import { isTransitional, needsAttention } from '../../common/instance-state';
import type { InstanceAction } from '../../common/runtime';
import type { Instance, LastAction, Recovery, Trouble } from '../../common/state';

/** The instance's trouble in its state now, or null. */
export function troubleOf(state: string, lastAction: LastAction | null): string | null {
  if (needsAttention(state)) return state;
  if (state === 'suspended' && lastAction?.event === 'project.start-failed') return 'start-failed';
  return null;
}

type Followed = Pick<Instance, 'state' | 'lastAction' | 'trouble' | 'recovered'>;

export interface TroubleFacts {
  readonly trouble: Trouble | null;
  readonly recovered: Recovery | null;
}

/**
 * The instance's trouble and recovery once its state (or last action) is what it is, at `at`;
 * `action`: the user's own action from Teamtray that got it there, if any.
 */
export function followTrouble(
  instance: Followed,
  at: number,
  action: InstanceAction | null = null,
): TroubleFacts {
  const trouble = instance.trouble ?? null;
  const recovered = instance.recovered ?? null;
  const what = troubleOf(instance.state, instance.lastAction);
  if (what !== null) {
    if (trouble === null) return { trouble: { since: at, what }, recovered: null };
    return trouble.what === what
      ? { trouble, recovered }
      : { trouble: { ...trouble, what }, recovered };
  }
  if (trouble === null || isTransitional(instance.state)) return { trouble, recovered };
  if (instance.state !== 'running') return { trouble: null, recovered };
  return {
    trouble: null,
    recovered: {
      at,
      from: trouble.what,
      downMs: Math.max(0, at - trouble.since),
      ...(action === null ? {} : { action }),
    },
  };
}

/** Whether following at `at` would change what the instance says of its trouble. */
export function troubleMoves(instance: Followed, at: number): boolean {
  const next = followTrouble(instance, at);
  return (
    next.trouble !== (instance.trouble ?? null) || next.recovered !== (instance.recovered ?? null)
  );
}
