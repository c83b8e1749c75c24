/**
 * Start, restart, stop or suspend many instances at once, across teams and accounts. Each item
 * is checked first (listed, its role, its token's scope, its state: those that cannot take part
 * are named and left out), then every other one is sent as a single action is (main/runtime/instance-actions.ts):
 * through its server's limiter in the user's lane (at most 4 at a time per server, before any
 * background read), its row showing the transition and following it until it settles. An item
 * ends when its row settles (the model's `settled`): where the action leads, or elsewhere
 * ("line-2 is crashed"); the run finishes when the last item ended, so the summary counts how
 * each ended, not what FlowFuse accepted. The run, each item's answer and ending and the end are
 * facts of the model, so the summary survives the popover closing meanwhile and the renderer
 * reads it from its replica.
 */
import {
  bulkEnding,
  bulkItemOpen,
  bulkCandidate,
  bulkRefusal,
  type BulkItem,
  type BulkRef,
  type BulkRun,
} from '../../common/bulk';
import { AppError, isAppError } from '../../common/errors';
import type { InstanceAction } from '../../common/runtime';
import type { Logger } from '../log';
import type { Change, Model } from '../model/model';
import { accountIn, instanceIn, teamIn } from '../model/select';
import type { InstanceActions } from '../runtime/instance-actions';

export interface BulkActionsDeps {
  readonly model: Model;
  readonly actions: InstanceActions;
  readonly now: () => number;
  readonly log: Logger;
}

export interface BulkActions {
  /** Checks and starts a bulk action; resolves with its id once every item is on its way. */
  start(action: InstanceAction, refs: readonly BulkRef[]): { readonly id: number };
  /** Resolves when every bulk action has finished (tests). */
  idle(): Promise<void>;
  /** Stops hearing the model (quitting). */
  stop(): void;
}

export function createBulkActions(deps: BulkActionsDeps): BulkActions {
  const { model, actions, now, log } = deps;
  let lastId = 0;
  /** The run's end, for idle(): resolved when its last item ended. */
  let ending: { readonly id: number; readonly resolve: () => void } | null = null;
  const running = new Set<Promise<void>>();

  /** Ends the run when none of its items is still open. */
  function finishIfEnded(): void {
    const run = model.state().bulk;
    if (run == null || run.finishedAt !== null || run.items.some(bulkItemOpen)) return;
    model.apply('bulkFinished', { id: run.id, at: now() });
    if (ending?.id === run.id) {
      ending.resolve();
      ending = null;
    }
  }

  /** A taken item's row settled (or its account went): the item ends, and maybe the run. */
  function hear(change: Change): void {
    const run = model.state().bulk;
    if (run == null || run.finishedAt !== null) return;
    if (change.name === 'settled') {
      const { accountId, instanceId, state } = change.payload;
      run.items.forEach((item, index) => {
        if (item.outcome !== 'sent' || item.accountId !== accountId) return;
        if (item.instanceId !== instanceId) return;
        const ended = bulkEnding(run.action, item.name, state);
        model.apply('bulkItemEnded', { id: run.id, index, ...ended });
      });
    } else if (change.name === 'accountRemoved') {
      run.items.forEach((item, index) => {
        if (item.outcome !== 'sent' || item.accountId !== change.payload.accountId) return;
        const reason = `${item.name}: its account was removed`;
        model.apply('bulkItemEnded', { id: run.id, index, outcome: 'failed', reason });
      });
    } else return;
    finishIfEnded();
  }

  // After the change has reached every listener: hearing it applies transitions of its own.
  const stopHearing = model.subscribe((change) => {
    if (change.name === 'settled' || change.name === 'accountRemoved') {
      queueMicrotask(() => {
        hear(change);
      });
    }
  });

  /** The item as the model lists it now, waiting or refused with why. */
  function itemOf(action: InstanceAction, ref: BulkRef): BulkItem {
    const state = model.state();
    const team = teamIn(state, ref.accountId, ref.teamId);
    const instance = instanceIn(state, ref.accountId, ref.teamId, ref.instanceId);
    const account = accountIn(state, ref.accountId);
    if (account === undefined || team === undefined || instance === undefined) {
      return {
        ...ref,
        name: instance?.name ?? 'an instance',
        teamName: team?.name ?? '',
        outcome: 'refused',
        reason: 'an instance is no longer listed',
      };
    }
    const reason = bulkRefusal(action, bulkCandidate(account, team, instance));
    return {
      ...ref,
      name: instance.name,
      teamName: team.name,
      outcome: reason === null ? 'waiting' : 'refused',
      reason,
    };
  }

  return {
    start(action, refs) {
      if (model.state().bulk?.finishedAt === null) {
        throw new AppError(
          'invalid_request',
          'A bulk action is already under way: wait for its summary.',
        );
      }
      // One item per instance, in the order picked.
      const seen = new Set<string>();
      const unique = refs.filter((ref) => {
        const key = `${ref.accountId}\n${ref.instanceId}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
      lastId += 1;
      const id = lastId;
      const run: BulkRun = {
        id,
        action,
        startedAt: now(),
        finishedAt: null,
        items: unique.map((ref) => itemOf(action, ref)),
      };
      model.apply('bulkStarted', run);
      const all = new Promise<void>((resolve) => {
        ending = { id, resolve };
      });
      run.items.forEach((item, index) => {
        if (item.outcome !== 'waiting') return;
        // Each as a single action: its own checks, transition, limiter place and following; it
        // ends when its row settles (hear).
        void actions.act(item.accountId, item.teamId, item.instanceId, action).then(
          () => {
            model.apply('bulkItemAnswered', { id, index, outcome: 'sent', reason: null });
          },
          (error: unknown) => {
            const why = isAppError(error) ? error.message : 'it could not be sent';
            log.info('bulk: an item was refused', { action, code: codeOf(error) });
            model.apply('bulkItemAnswered', {
              id,
              index,
              outcome: 'refused',
              reason: `${item.name}: ${why}`,
            });
            finishIfEnded();
          },
        );
      });
      // Every item left out before anything was sent: ended already.
      finishIfEnded();
      const tracked = all.finally(() => {
        running.delete(tracked);
      });
      running.add(tracked);
      return { id };
    },
    async idle() {
      await Promise.all([...running]);
    },
    stop() {
      stopHearing();
      ending?.resolve();
      ending = null;
    },
  };
}

function codeOf(error: unknown): string {
  return isAppError(error) ? error.code : 'unknown';
}
