/**
 * Start, restart, stop and suspend. The instance shows the action's transition at once
 * ("Stopping…"); main sends the action, then follows the instance's state until it settles
 * (polling, with a bound and a timeout) and lets go. A refusal (403, 400 `project_suspended`, a
 * server error) puts the state back and the caller hears why.
 */
import { AppError, isAppError, type AppErrorShape } from '../../common/errors';
import {
  actionPermission,
  actionsFor,
  isTransitional,
  needsAttention,
  SETTLED,
  stateLabel,
} from '../../common/instance-state';
import type { InstanceAction } from '../../common/runtime';
import type { ApiTeam, ClientFactory, FlowFuseClient } from '../flowfuse/types';
import type { Logger } from '../log';
import type { AccountRegistry } from '../store/types';
import type { RuntimeService } from './runtime-service';

export interface ActionTiming {
  /** First poll after the action; later ones wait longer, up to 3 s. */
  readonly firstPollMs: number;
  /** Give up following after this long (the state then shows what the server last said). */
  readonly timeoutMs: number;
}

export const ACTION_TIMING: ActionTiming = { firstPollMs: 500, timeoutMs: 60_000 };
/** An instance the user stopped from Teamtray this long ago is not news when it reads stopped. */
const ACTED_RECENTLY_MS = 10 * 60 * 1000;

export interface InstanceActionsDeps {
  readonly registry: AccountRegistry;
  readonly runtime: RuntimeService;
  readonly listed: (accountId: string) => readonly ApiTeam[];
  readonly clientFactory: ClientFactory;
  readonly now: () => number;
  readonly log: Logger;
  readonly timing?: ActionTiming;
  /** An action or its polling met a 401: the whole account's token is refused. */
  readonly tokenRefused: (accountId: string, error: AppErrorShape) => void;
}

export interface InstanceActions {
  /** Resolves once FlowFuse took the action; the state keeps following in the background. */
  act(accountId: string, teamId: string, instanceId: string, action: InstanceAction): Promise<void>;
  /** The user acted on this instance from Teamtray a short while ago. */
  actedRecently(accountId: string, instanceId: string): boolean;
  /** Resolves when every followed action has settled (tests, quitting). */
  idle(): Promise<void>;
}

export function createInstanceActions(deps: InstanceActionsDeps): InstanceActions {
  const { registry, runtime, clientFactory, now, log } = deps;
  const timing = deps.timing ?? ACTION_TIMING;
  const following = new Map<string, Promise<void>>();
  /** From the click until the following settles (or the action fails). */
  const underWay = new Set<string>();
  const actedAt = new Map<string, number>();
  const keyOf = (accountId: string, instanceId: string): string => `${accountId}/${instanceId}`;
  /** True when `error` is a 401, after the account heard of it. */
  const refused = (accountId: string, error: unknown): boolean => {
    if (!isAppError(error) || error.code !== 'unauthorized') return false;
    deps.tokenRefused(accountId, error.toShape());
    return true;
  };

  async function follow(
    accountId: string,
    teamId: string,
    instanceId: string,
    action: InstanceAction,
    before: string,
    client: FlowFuseClient,
  ): Promise<void> {
    const limit = runtime.limiter(accountId);
    const deadline = now() + timing.timeoutMs;
    let delay = timing.firstPollMs;
    let sawTransition = false;
    while (now() < deadline && registry.get(accountId) !== undefined) {
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 1.5, 3_000);
      let state: string;
      try {
        state = await limit(() => client.instanceState(instanceId));
      } catch (error) {
        if (refused(accountId, error)) return;
        log.warn('actions: could not read the state while following', { action, error });
        continue;
      }
      runtime.setState(accountId, teamId, instanceId, state);
      if (isTransitional(state)) {
        sawTransition = true;
        continue;
      }
      // Where the action ends, or anywhere else once it went through a transition (a start that
      // failed ends suspended), or a problem: settled.
      if (state === SETTLED[action] || sawTransition || needsAttention(state)) return;
      if (state !== before) return;
    }
  }

  return {
    async act(accountId, teamId, instanceId, action) {
      const saved = registry.get(accountId);
      if (saved === undefined) {
        throw new AppError('unknown_account', 'That account is no longer saved.');
      }
      const team = deps.listed(accountId).find((candidate) => candidate.id === teamId);
      const instance = runtime
        .reading(accountId, teamId)
        ?.instances.find((candidate) => candidate.id === instanceId);
      if (team === undefined || instance === undefined) {
        throw new AppError(
          'not_found',
          'That instance is no longer listed: refresh and try again.',
        );
      }
      const permission = actionPermission(team.role);
      if (!permission.allowed) throw new AppError('forbidden', permission.reason);
      if (!actionsFor(instance.state).includes(action)) {
        throw new AppError(
          'action_refused',
          `${instance.name} is ${stateLabel(instance.state).toLowerCase()}: it cannot ${action} now.`,
        );
      }
      const key = keyOf(accountId, instanceId);
      // Checked and set with no await between: a second click while the token is read or the
      // action is sent hears "under way", and only one reaches the server.
      if (underWay.has(key)) {
        throw new AppError(
          'invalid_request',
          `An action on ${instance.name} is already under way.`,
        );
      }
      underWay.add(key);
      let followed = false;
      try {
        const held = await registry.credentialsFor(accountId);
        if (held === null) {
          throw new AppError('storage_unavailable', 'The token is not available: paste it again.');
        }
        // The instance was listed by the old address: it is not the new server's to act on.
        if (held.account.origin !== saved.origin) {
          throw new AppError('invalid_request', 'This server was changed meanwhile. Try again.');
        }

        actedAt.set(key, now());
        runtime.follow(accountId, teamId, instanceId, action);
        const client = clientFactory({
          origin: held.account.origin,
          token: held.token,
          allowHttp: held.account.allowHttp,
        });
        try {
          await runtime.limiter(accountId)(() => client.instanceAction(instanceId, action));
        } catch (error) {
          actedAt.delete(key);
          runtime.follow(accountId, teamId, instanceId, null);
          refused(accountId, error);
          throw error;
        }
        const run = follow(accountId, teamId, instanceId, action, instance.state, client)
          .catch((error: unknown) => {
            log.error('actions: following failed', { error });
          })
          .finally(() => {
            following.delete(key);
            underWay.delete(key);
            actedAt.set(key, now());
            runtime.follow(accountId, teamId, instanceId, null);
          });
        following.set(key, run);
        followed = true;
      } finally {
        // Refused before or by the server: the next click may try again. Otherwise the
        // following lets go when it settles.
        if (!followed) underWay.delete(key);
      }
    },
    actedRecently(accountId, instanceId) {
      const at = actedAt.get(keyOf(accountId, instanceId));
      return at !== undefined && now() - at < ACTED_RECENTLY_MS;
    },
    async idle() {
      await Promise.all([...following.values()]);
    },
  };
}
