/**
 * Restart a device's Node-RED, turn its developer mode on or off. Like an instance's actions
 * (instance-actions.ts): the row shows the action at once (the model's `deviceActionSent`), main
 * sends it in the server limiter's user lane, and a restart is followed (the device's reported
 * state, polled with a bound and a timeout) until it settles; a mode change shows the mode the
 * server stored. A refusal ends the action and the caller hears why. Where the server is older
 * than the route (404) or its licence leaves developer mode out (400 `not_licensed`), the
 * account remembers it for this run and the rows stop offering it: the first case says nothing,
 * the second says why once.
 *
 * The rules of who may (owners restart, members change the mode) and what the token may (a
 * read-only or team-limited token, FlowFuse 2.32+: common/token-health.ts) are checked here
 * before a request is sent: a member's click never reaches the server, nor a read-only token's.
 */
import type { AccountId, DeviceId, TeamId } from '../../common/brand';
import {
  deviceModePermission,
  deviceRestartPermission,
  knownToHaveRoute,
  olderThanRoute,
  type DeviceAction,
  type DeviceMode,
  type DeviceRoutes,
} from '../../common/device-actions';
import { AppError, isAppError, type AppErrorShape } from '../../common/errors';
import { withTokenScope } from '../../common/token-health';
import { isTransitional, needsAttention } from '../../common/instance-state';
import { USER, type Limiter } from '../base/limiter';
import type { ClientFactory, FlowFuseClient } from '../flowfuse/types';
import type { Logger } from '../log';
import type { Model } from '../model/model';
import type { DeviceRef } from '../model/find';
import { accountIn, deviceIn, teamIn } from '../model/select';
import type { AccountRegistry } from '../store/types';
import { ACTION_TIMING, type ActionTiming } from './instance-actions';

export interface DeviceActionsDeps {
  readonly model: Model;
  readonly registry: AccountRegistry;
  /** The server's request limiter (the runtime service's). */
  readonly limiter: (accountId: AccountId) => Limiter;
  readonly clientFactory: ClientFactory;
  readonly log: Logger;
  readonly now: () => number;
  readonly timing?: ActionTiming;
  /** A call met a 401: the whole account's token is refused. */
  readonly tokenRefused: (accountId: AccountId, error: AppErrorShape) => void;
}

export interface DeviceActions {
  /** Resolves once FlowFuse took the restart (or the route is missing); following goes on. */
  restart(accountId: AccountId, teamId: TeamId, deviceId: DeviceId): Promise<void>;
  /** Resolves once FlowFuse stored the mode (or the route is missing). */
  setMode(
    accountId: AccountId,
    teamId: TeamId,
    deviceId: DeviceId,
    mode: DeviceMode,
  ): Promise<void>;
  /** Resolves when every followed restart has settled (tests, quitting). */
  idle(): Promise<void>;
  /** Stops following (quitting). */
  stop(): void;
}

export function createDeviceActions(deps: DeviceActionsDeps): DeviceActions {
  const { model, registry, clientFactory, log, now } = deps;
  const timing = deps.timing ?? ACTION_TIMING;
  const following = new Set<Promise<void>>();
  const quitting = new AbortController();
  const quit = (): boolean => quitting.signal.aborted;
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

  const route = (action: DeviceAction): keyof DeviceRoutes =>
    action === 'restart' ? 'restart' : 'mode';

  /**
   * Checks the ask, marks the action sent, and gives the client to send it with; null when the
   * server is older than the route (nothing is sent).
   */
  async function begin(
    ref: DeviceRef,
    action: DeviceAction,
  ): Promise<{ readonly client: FlowFuseClient; readonly before: string | null } | null> {
    const saved = registry.get(ref.accountId);
    if (saved === undefined) {
      throw new AppError('unknown_account', 'That account is no longer saved.');
    }
    const state = model.state();
    const team = teamIn(state, ref.accountId, ref.teamId);
    const device = deviceIn(state, ref.accountId, ref.teamId, ref.deviceId);
    if (team === undefined || device === undefined) {
      throw new AppError('not_found', 'That device is no longer listed: refresh and try again.');
    }
    // A read-only or team-limited token (FlowFuse 2.32+) is not sent to be refused.
    const permission = withTokenScope(
      action === 'restart' ? deviceRestartPermission(team.role) : deviceModePermission(team.role),
      saved.tokenInfo,
      ref.teamId,
    );
    if (!permission.allowed) throw new AppError('forbidden', permission.reason);
    if (olderThanRoute(accountIn(state, ref.accountId)?.version ?? null, route(action))) {
      // The row offers nothing here; a page that asks anyway hears nothing and asks no more.
      model.apply('deviceRouteRefused', {
        accountId: ref.accountId,
        route: route(action),
        support: 'missing',
      });
      return null;
    }
    if (device.action !== null) {
      throw new AppError('invalid_request', `Something on ${device.name} is already under way.`);
    }
    // Checked and set with no await between: a second click hears "under way".
    model.apply('deviceActionSent', { ...ref, action });
    try {
      const held = await registry.credentialsFor(ref.accountId);
      if (held === null) {
        throw new AppError('storage_unavailable', 'The token is not available: paste it again.');
      }
      if (held.account.origin !== saved.origin) {
        throw new AppError('invalid_request', 'This server was changed meanwhile. Try again.');
      }
      const client = clientFactory({
        origin: held.account.origin,
        token: held.token,
        allowHttp: held.account.allowHttp,
      });
      return { client, before: device.state };
    } catch (error) {
      model.apply('deviceActionEnded', ref);
      throw error;
    }
  }

  /**
   * A refusal: the action ends; a 401 reaches the account; a route the server is too old for, or
   * unlicensed, is remembered. True when the refusal is to be said nothing of (a missing route).
   */
  function refusal(ref: DeviceRef, route: keyof DeviceRoutes, error: unknown): boolean {
    model.apply('deviceActionEnded', ref);
    if (!isAppError(error)) return false;
    if (error.code === 'unauthorized') deps.tokenRefused(ref.accountId, error.toShape());
    if (error.detail === 'not_licensed') {
      model.apply('deviceRouteRefused', { accountId: ref.accountId, route, support: 'unlicensed' });
    }
    if (error.detail === 'route_missing') {
      const version = accountIn(model.state(), ref.accountId)?.version ?? null;
      // A server that has the route answers 404 for a device that is gone: that is an error.
      if (knownToHaveRoute(version, route)) return false;
      model.apply('deviceRouteRefused', { accountId: ref.accountId, route, support: 'missing' });
      log.info('devices: the server has no such route', { route, version });
      return true;
    }
    return false;
  }

  /** Polls the device's reported state until the restart settles; the last one read, or null. */
  async function follow(ref: DeviceRef, before: string | null, client: FlowFuseClient) {
    const limit = deps.limiter(ref.accountId);
    const deadline = now() + timing.timeoutMs;
    let delay = timing.firstPollMs;
    let sawTransition = false;
    let last: { state: string | null; mode: string | null } | null = null;
    while (!quit() && now() < deadline && registry.get(ref.accountId) !== undefined) {
      await wait(delay);
      if (quit()) return last;
      delay = Math.min(delay * 1.5, 3_000);
      try {
        last = await limit(() => client.deviceState(ref.deviceId), USER);
      } catch (error) {
        if (isAppError(error) && error.code === 'unauthorized') {
          deps.tokenRefused(ref.accountId, error.toShape());
          return last;
        }
        log.warn('devices: could not read the state while following a restart', { error });
        continue;
      }
      const state = last.state ?? 'unknown';
      if (isTransitional(state)) {
        sawTransition = true;
        continue;
      }
      if (state === 'running' || sawTransition || needsAttention(state) || state !== before) {
        return last;
      }
    }
    return last;
  }

  return {
    async restart(accountId, teamId, deviceId) {
      const ref = { accountId, teamId, deviceId };
      const begun = await begin(ref, 'restart');
      if (begun === null) return;
      const { client, before } = begun;
      try {
        await deps.limiter(accountId)(() => client.restartDevice(deviceId), USER);
      } catch (error) {
        if (refusal(ref, 'restart', error)) return;
        throw error;
      }
      const run = follow(ref, before, client)
        .catch((error: unknown) => {
          log.error('devices: following a restart failed', { error });
          return null;
        })
        .then((last) => {
          model.apply('deviceActionEnded', {
            ...ref,
            ...(last === null ? {} : { state: last.state, mode: last.mode }),
          });
        })
        .finally(() => {
          following.delete(run);
        });
      following.add(run);
    },
    async setMode(accountId, teamId, deviceId, mode) {
      const ref = { accountId, teamId, deviceId };
      const begun = await begin(ref, mode);
      if (begun === null) return;
      const { client } = begun;
      let stored: string | null;
      try {
        stored = await deps.limiter(accountId)(() => client.setDeviceMode(deviceId, mode), USER);
      } catch (error) {
        if (refusal(ref, 'mode', error)) return;
        throw error;
      }
      model.apply('deviceActionEnded', { ...ref, mode: stored ?? mode });
    },
    async idle() {
      await Promise.all([...following]);
    },
    stop() {
      quitting.abort();
    },
  };
}
