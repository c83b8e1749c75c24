/**
 * Start, restart, stop and suspend. The instance shows the action's transition at once
 * ("Stopping…", the model's `actionSent`); main sends the action, then follows the instance's
 * state until it settles (polling, with a bound and a timeout) and lets go (`settled`). A refusal
 * (403, 400 `project_suspended`, a server error) puts the state back (`actionRefused`) and the
 * caller hears why. The action in flight is the model's (Instance.action): only the promises of
 * the followers are kept here, for idle().
 *
 * The action and every poll go in the server limiter's user lane: they never wait behind a
 * refresh's queued reads, so neither the click nor the follow timeout is spent in that queue.
 */
import type { AccountId, InstanceId, TeamId } from '../../common/brand';
import { AppError, isAppError, type AppErrorShape } from '../../common/errors';
import { withTokenScope } from '../../common/token-health';
import {
  actionPermission,
  actionsFor,
  isTransitional,
  needsAttention,
  SETTLED,
  stateLabel,
  TRANSITION,
} from '../../common/instance-state';
import type { InstanceAction } from '../../common/runtime';
import type { ClientFactory, FlowFuseClient } from '../flowfuse/types';
import type { Logger } from '../log';
import type { Model } from '../model/model';
import { instanceIn, teamIn } from '../model/select';
import type { AccountRegistry } from '../store/types';
import { USER, type Limiter } from '../base/limiter';

export interface ActionTiming {
  /** First poll after the action; later ones wait longer, up to 3 s. */
  readonly firstPollMs: number;
  /** Give up following after this long (the state then shows what the server last said). */
  readonly timeoutMs: number;
}

export const ACTION_TIMING: ActionTiming = { firstPollMs: 500, timeoutMs: 60_000 };

export interface InstanceActionsDeps {
  readonly model: Model;
  readonly registry: AccountRegistry;
  /** The server's request limiter (the runtime service's). */
  readonly limiter: (accountId: AccountId) => Limiter;
  readonly clientFactory: ClientFactory;
  readonly now: () => number;
  readonly log: Logger;
  readonly timing?: ActionTiming;
  /** An action or its polling met a 401: the whole account's token is refused. */
  readonly tokenRefused: (accountId: AccountId, error: AppErrorShape) => void;
}

export interface InstanceActions {
  /** Resolves once FlowFuse took the action; the state keeps following in the background. */
  act(
    accountId: AccountId,
    teamId: TeamId,
    instanceId: InstanceId,
    action: InstanceAction,
  ): Promise<void>;
  /** Resolves when every followed action has settled (tests, quitting). */
  idle(): Promise<void>;
  /** Stops following (quitting): no poll after this; each action lets go with what is known. */
  stop(): void;
}

interface InstanceRef {
  readonly accountId: AccountId;
  readonly teamId: TeamId;
  readonly instanceId: InstanceId;
}

export function createInstanceActions(deps: InstanceActionsDeps): InstanceActions {
  const { model, registry, clientFactory, now, log } = deps;
  const timing = deps.timing ?? ACTION_TIMING;
  const following = new Set<Promise<void>>();
  /** Aborted by stop(): each follower's wait between polls ends at once, and it lets go. */
  const quitting = new AbortController();
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        quitting.signal.removeEventListener('abort', wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      quitting.signal.addEventListener('abort', wake);
    });
  // A call, not the property: TypeScript would keep the loop's check narrowed across the await.
  const quit = (): boolean => quitting.signal.aborted;
  /** True when `error` is a 401, after the account heard of it. */
  const refused = (accountId: AccountId, error: unknown): boolean => {
    if (!isAppError(error) || error.code !== 'unauthorized') return false;
    deps.tokenRefused(accountId, error.toShape());
    return true;
  };

  /** Polls until the state settles; the last state read, or null when none could be read. */
  async function follow(
    ref: InstanceRef,
    action: InstanceAction,
    before: string,
    client: FlowFuseClient,
  ): Promise<string | null> {
    const limit = deps.limiter(ref.accountId);
    const deadline = now() + timing.timeoutMs;
    let delay = timing.firstPollMs;
    let sawTransition = false;
    let last: string | null = null;
    while (
      !quitting.signal.aborted &&
      now() < deadline &&
      registry.get(ref.accountId) !== undefined
    ) {
      await wait(delay);
      if (quit()) return last;
      delay = Math.min(delay * 1.5, 3_000);
      let state: string;
      try {
        state = await limit(() => client.instanceState(ref.instanceId), USER);
      } catch (error) {
        if (refused(ref.accountId, error)) return last;
        log.warn('actions: could not read the state while following', { action, error });
        continue;
      }
      last = state;
      if (isTransitional(state)) {
        sawTransition = true;
        model.apply('polled', { ...ref, state, at: now() });
        continue;
      }
      // Where the action ends, or anywhere else once it went through a transition (a start that
      // failed ends suspended), or a problem: settled.
      if (state === SETTLED[action] || sawTransition || needsAttention(state)) return state;
      if (state !== before) return state;
      model.apply('polled', { ...ref, state, at: now() });
    }
    return last;
  }

  /** Lets go of the action: the state it settled in, else the best known. */
  function settle(ref: InstanceRef, action: InstanceAction, before: string, last: string | null) {
    const { accountId, teamId, instanceId } = ref;
    const shown = instanceIn(model.state(), accountId, teamId, instanceId)?.state;
    // Nothing read: what a read in the meantime found, or the state from before the action.
    const fallback = shown !== undefined && shown !== TRANSITION[action] ? shown : before;
    model.apply('settled', { ...ref, state: last ?? fallback, at: now() });
  }

  return {
    async act(accountId, teamId, instanceId, action) {
      const saved = registry.get(accountId);
      if (saved === undefined) {
        throw new AppError('unknown_account', 'That account is no longer saved.');
      }
      const state = model.state();
      const team = teamIn(state, accountId, teamId);
      const instance = instanceIn(state, accountId, teamId, instanceId);
      if (team === undefined || instance === undefined) {
        throw new AppError(
          'not_found',
          'That instance is no longer listed: refresh and try again.',
        );
      }
      // A read-only or team-limited token (FlowFuse 2.32+) is not sent to be refused.
      const permission = withTokenScope(actionPermission(team.role), saved.tokenInfo, teamId);
      if (!permission.allowed) throw new AppError('forbidden', permission.reason);
      if (instance.action !== null) {
        throw new AppError(
          'invalid_request',
          `An action on ${instance.name} is already under way.`,
        );
      }
      if (!actionsFor(instance.state).includes(action)) {
        throw new AppError(
          'action_refused',
          `${instance.name} is ${stateLabel(instance.state).toLowerCase()}: it cannot ${action} now.`,
        );
      }
      const ref = { accountId, teamId, instanceId };
      const before = instance.state;
      // Checked and set with no await between: a second click while the token is read or the
      // action is sent hears "under way", and only one reaches the server.
      model.apply('actionSent', { ...ref, action, at: now() });
      let client: FlowFuseClient;
      try {
        const held = await registry.credentialsFor(accountId);
        if (held === null) {
          throw new AppError('storage_unavailable', 'The token is not available: paste it again.');
        }
        // The instance was listed by the old address: it is not the new server's to act on.
        if (held.account.origin !== saved.origin) {
          throw new AppError('invalid_request', 'This server was changed meanwhile. Try again.');
        }
        client = clientFactory({
          origin: held.account.origin,
          token: held.token,
          allowHttp: held.account.allowHttp,
        });
        const sent = client;
        await deps.limiter(accountId)(() => sent.instanceAction(instanceId, action), USER);
      } catch (error) {
        // Refused before or by the server: the state from before, and the next click may try.
        model.apply('actionRefused', { ...ref, state: before });
        refused(accountId, error);
        throw error;
      }
      const run = follow(ref, action, before, client)
        .catch((error: unknown) => {
          log.error('actions: following failed', { error });
          return null;
        })
        .then((last) => {
          settle(ref, action, before, last);
        })
        .finally(() => {
          following.delete(run);
        });
      following.add(run);
    },
    async idle() {
      await Promise.all([...following]);
    },
    stop() {
      quitting.abort();
    },
  };
}
