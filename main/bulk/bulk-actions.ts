/**
 * Start, restart, stop or suspend many instances at once, across teams and accounts. Each item
 * is checked first (listed, its role, its token's scope, its state: those that cannot take part
 * are named and left out), then every other one is sent as a single action is (main/runtime/instance-actions.ts):
 * through its server's limiter in the user's lane (at most 4 at a time per server, before any
 * background read), its row showing the transition and following it until it settles. The run,
 * each item's answer and the end are facts of the model, so the summary survives the popover
 * closing meanwhile and the renderer reads it from its replica.
 */
import { bulkRefusal, type BulkItem, type BulkRef, type BulkRun } from '../../common/bulk';
import { AppError, isAppError } from '../../common/errors';
import type { InstanceAction } from '../../common/runtime';
import type { Logger } from '../log';
import type { Model } from '../model/model';
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
}

export function createBulkActions(deps: BulkActionsDeps): BulkActions {
  const { model, actions, now, log } = deps;
  let lastId = 0;
  const running = new Set<Promise<void>>();

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
    const reason = bulkRefusal(action, {
      name: instance.name,
      state: instance.state,
      action: instance.action,
      teamName: team.name,
      teamId: team.id,
      role: team.role,
      token: account.tokenInfo,
    });
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
      const sent = run.items.flatMap((item, index) => {
        if (item.outcome !== 'waiting') return [];
        // Each as a single action: its own checks, transition, limiter place and following.
        return [
          actions.act(item.accountId, item.teamId, item.instanceId, action).then(
            () => {
              model.apply('bulkItemAnswered', { id, index, outcome: 'done', reason: null });
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
            },
          ),
        ];
      });
      const all = Promise.all(sent)
        .then(() => {
          model.apply('bulkFinished', { id, at: now() });
        })
        .finally(() => {
          running.delete(all);
        });
      running.add(all);
      return { id };
    },
    async idle() {
      await Promise.all([...running]);
    },
  };
}

function codeOf(error: unknown): string {
  return isAppError(error) ? error.code : 'unknown';
}
