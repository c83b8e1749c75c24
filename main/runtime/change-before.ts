/**
 * What changed just before an instance broke: a projection of the model that reads the newest
 * change in the instance's audit log (the client's recentChanges: a deploy, settings, nodes, the
 * stack, a rollback; main/flowfuse/change-calls.ts) when a read, a poll or a settled action finds
 * it turned crashed, in safe mode or in error, or when its audit log names a failed start
 * (last-actions.ts' `lastActionRead`). Also for an instance found so with nothing read in this run
 * (the first read after a start): at most UNASKED_CHANGE_READS of those and the turned ones per
 * change of a team. Only instances in trouble, never on every refresh; at most one read in flight
 * per instance, in the server limiter's background lane (main/base/limiter.ts), behind what a
 * user waits for. What it learns goes into the model (`changeBeforeRead`); a failed read is
 * logged with its code, and nothing changes. A server whose audit log holds no change says so
 * with `event: null`, and nothing is shown.
 */
import type { AccountId, InstanceId, TeamId } from '../../common/brand';
import type { Unsubscribe } from '../../common/emitter';
import { isAppError } from '../../common/errors';
import { needsAttention } from '../../common/instance-state';
import type { ChangeBefore, TeamtrayState } from '../../common/state';
import type { Limiter } from '../base/limiter';
import { createSingleFlight } from '../base/single-flight';
import { changeBeforeProblem } from '../flowfuse/change-calls';
import type { Logger } from '../log';
import type { Change, Model } from '../model/model';
import { instanceIn, instanceTurns, teamRead } from '../model/select';
import type { AccountRegistry } from '../store/types';

/** Reads per change of a team: 60 crashed instances are not 60 reads at once. */
const UNASKED_CHANGE_READS = 3;

export interface ChangeBeforeDeps {
  readonly model: Model;
  readonly registry: AccountRegistry;
  /** The server's request limiter (the runtime service's). */
  readonly limiter: (accountId: AccountId) => Limiter;
  readonly now: () => number;
  readonly log: Logger;
}

export interface ChangesBefore {
  readonly stop: Unsubscribe;
  /** Resolves when no read is in flight (for tests and a clean shutdown). */
  idle(): Promise<void>;
}

/** The problem an instance's state is, for the audit log's entries; null when it is none. */
function problemOf(state: string): string | null {
  return needsAttention(state) ? state : null;
}

export function watchChangesBefore(deps: ChangeBeforeDeps): ChangesBefore {
  const { model, registry, limiter, now, log } = deps;
  const reads = createSingleFlight<string>();

  async function readOne(
    ref: { accountId: AccountId; teamId: TeamId; instanceId: InstanceId },
    problem: string,
    seenAt: number | null,
  ): Promise<void> {
    const { accountId, instanceId } = ref;
    const held = await registry.clientFor(accountId);
    if (held === null) return;
    const { client } = held;
    // The background lane: a read nobody asked for waits behind what a user waits for.
    const events = await limiter(accountId)(() => client.recentChanges(instanceId));
    // Moved to another server meanwhile: what was read is not about this account any more.
    if (registry.get(accountId)?.origin !== held.account.origin) return;
    // The instance left that problem meanwhile: what was read belongs to no problem shown.
    const instance = instanceIn(model.state(), accountId, ref.teamId, instanceId);
    if (instance === undefined || !stillIn(instance.state, instance.lastAction?.event, problem)) {
      return;
    }
    const { change, problemAt } = changeBeforeProblem(events, problem);
    const changeBefore: ChangeBefore = {
      event: change?.event ?? null,
      at: change?.at ?? null,
      by: change?.actor?.kind === 'user' ? change.actor.username : null,
      problem,
      problemAt: problemAt ?? seenAt,
    };
    model.apply('changeBeforeRead', { ...ref, changeBefore });
  }

  function read(
    ref: { accountId: AccountId; teamId: TeamId; instanceId: InstanceId },
    problem: string,
    seenAt: number | null,
  ): void {
    void reads.run(`${ref.accountId}/${ref.instanceId}`, () =>
      readOne(ref, problem, seenAt).catch((error: unknown) => {
        // Only the code: the message may quote the server.
        log.warn('change before: could not read the audit log', {
          code: isAppError(error) ? error.code : 'internal',
        });
      }),
    );
  }

  /** The team's instances that turned to a problem, then those in one with nothing read yet. */
  function heard(
    state: TeamtrayState,
    previous: TeamtrayState,
    accountId: AccountId,
    teamId: TeamId,
  ): void {
    const turned: { id: InstanceId; problem: string }[] = [];
    const unread: { id: InstanceId; problem: string }[] = [];
    for (const { instance, turned: hasTurned } of instanceTurns(
      state,
      previous,
      accountId,
      teamId,
    )) {
      const problem = problemOf(instance.state);
      if (problem === null) continue;
      if (hasTurned) turned.push({ id: instance.id, problem });
      else if (instance.changeBefore === null) unread.push({ id: instance.id, problem });
    }
    const at = now();
    for (const [index, each] of [...turned, ...unread].slice(0, UNASKED_CHANGE_READS).entries()) {
      // When it turned is when Teamtray saw it; what the first read finds began before.
      read(
        { accountId, teamId, instanceId: each.id },
        each.problem,
        index < turned.length ? at : null,
      );
    }
  }

  const stop = model.subscribe((change: Change) => {
    const team = teamRead(change);
    if (team !== null) {
      heard(change.state, change.previous, team.accountId, team.teamId);
      return;
    }
    switch (change.name) {
      case 'lastActionRead': {
        // A failed start: its own entry says when; the change before it is read once.
        const { accountId, teamId, instanceId, lastAction } = change.payload;
        if (lastAction.event !== 'project.start-failed') return;
        const known = instanceIn(change.state, accountId, teamId, instanceId)?.changeBefore;
        if (known?.problem === 'start-failed') return;
        read({ accountId, teamId, instanceId }, 'start-failed', lastAction.at);
        return;
      }
      default:
        return;
    }
  });

  return { stop, idle: () => reads.idle() };
}

/** The instance is still in the problem the read was for. */
function stillIn(state: string, lastEvent: string | undefined, problem: string): boolean {
  if (problem === 'start-failed')
    return state === 'suspended' && lastEvent === 'project.start-failed';
  return state === problem;
}
