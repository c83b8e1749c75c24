/**
 * The instances and devices of every team of every account. A refresh reads each team on its
 * own, at most a few requests at a time per server, and publishes each team the moment it is
 * read: a slow team or a dead server never holds back the others. A 403 on a team (a dashboard
 * role, a token limited to other teams) marks that team "hidden", not the account as broken.
 * Last-known lists come from the runtime cache at start.
 */
import type { AccountId } from '../../common/brand';
import { isAppError, type AppErrorShape } from '../../common/errors';
import { ROLE } from '../../common/roles';
import type { AccountRuntime, InstanceAction, TeamRuntime } from '../../common/runtime';
import { foldQuiet } from '../../common/runtime-read';
import type { ApiTeam, ClientFactory, FlowFuseClient } from '../flowfuse/types';
import type { Logger } from '../log';
import type { RuntimeCache } from '../store/runtime-cache';
import type { AccountRegistry, SavedAccount } from '../store/types';
import { ACCOUNT_RUNTIME_BUDGET, readingSize, withinBudget } from './budget';
import { createLimiter, type Limiter } from '../base/limiter';
import { EMPTY_READING, teamRuntimeOf, type TeamRuntimeState } from './runtime-table';
import { readTeamRuntime, type ServerFeatures, type TeamReading } from './team-fetch';

/** Requests at a time per server. */
export const PER_SERVER = 4;

export interface RuntimeServiceDeps {
  readonly registry: AccountRegistry;
  /** The account's teams as last listed (the teams service). */
  readonly listed: (accountId: string) => readonly ApiTeam[];
  readonly clientFactory: ClientFactory;
  readonly cache: RuntimeCache;
  readonly now: () => number;
  readonly log: Logger;
  /** A read met a 401: the whole account's token is refused (the teams service says so). */
  readonly tokenRefused: (accountId: string, error: AppErrorShape) => void;
}

interface RuntimeChange {
  readonly accountId: AccountId;
  readonly runtime: TeamRuntime;
  /** What a fresh read found (null: the change was not a read). */
  readonly read: TeamReading | null;
}

export interface RuntimeService {
  /** Every listed team's runtime, in the teams' order. */
  runtimes(accountId: string): readonly TeamRuntime[];
  /** The same, sparse, for getState: quiet teams (read, nothing there) as one timestamp. */
  accountRuntime(accountId: string): AccountRuntime;
  /** What is known of one team now. */
  reading(accountId: string, teamId: string): TeamReading | undefined;
  refreshAccount(accountId: string): Promise<void>;
  refreshTeam(accountId: string, teamId: string): Promise<void>;
  /** The action Teamtray follows on an instance (null when it settled), shown at once. */
  follow(
    accountId: string,
    teamId: string,
    instanceId: string,
    action: InstanceAction | null,
  ): void;
  /** A state the action's polling read: published and cached as a read of the team. */
  setState(accountId: string, teamId: string, instanceId: string, state: string): void;
  /** The server's request limiter, for calls outside a refresh (actions). */
  limiter(accountId: string): Limiter;
  forget(accountId: string): void;
  onChange(listener: (change: RuntimeChange) => void): () => void;
}

/** What is known of one team; changed in place as reads come back. */
type TeamState = { -readonly [K in keyof TeamRuntimeState]: TeamRuntimeState[K] } & {
  /** The reading's share of the account's budget (budget.ts). */
  size: number;
  inFlight: Promise<void> | null;
  /** The view built from all of the above; null after any change (built again when asked). */
  view: TeamRuntime | null;
};

interface AccountState {
  readonly teams: Map<string, TeamState>;
  readonly features: ServerFeatures;
  readonly actions: Map<string, InstanceAction>;
  readonly limit: Limiter;
}

export function createRuntimeService(deps: RuntimeServiceDeps): RuntimeService {
  const { registry, clientFactory, cache, now, log } = deps;
  const accounts = new Map<string, AccountState>();
  const listeners = new Set<(change: RuntimeChange) => void>();

  function accountState(accountId: string): AccountState {
    let state = accounts.get(accountId);
    if (state === undefined) {
      const teams = new Map<string, TeamState>();
      for (const [teamId, cached] of cache.read(accountId)) {
        const { fetchedAt, ...reading } = cached;
        teams.set(teamId, {
          status: 'ok',
          error: null,
          fetchedAt,
          reading,
          size: readingSize(reading),
          inFlight: null,
          view: null,
        });
      }
      state = {
        teams,
        features: { includeMeta: null },
        actions: new Map(),
        limit: createLimiter(PER_SERVER),
      };
      accounts.set(accountId, state);
    }
    return state;
  }

  function teamState(account: AccountState, teamId: string): TeamState {
    let state = account.teams.get(teamId);
    if (state === undefined) {
      state = {
        status: 'loading',
        error: null,
        fetchedAt: null,
        reading: EMPTY_READING,
        size: 0,
        inFlight: null,
        view: null,
      };
      account.teams.set(teamId, state);
    }
    return state;
  }

  // Every push and the tray read these: build a team's view once per change, not per read.
  function runtimeOf(account: AccountState, teamId: string, state: TeamState): TeamRuntime {
    if (state.view !== null) return state.view;
    const actions = new Map<string, InstanceAction>();
    for (const instance of state.reading.instances) {
      const action = account.actions.get(instance.id);
      if (action !== undefined) actions.set(instance.id, action);
    }
    state.view = teamRuntimeOf(teamId, state, actions);
    return state.view;
  }

  function publish(saved: SavedAccount, teamId: string, read: RuntimeChange['read'] = null): void {
    const account = accountState(saved.id);
    const state = account.teams.get(teamId);
    if (state === undefined) return;
    state.view = null;
    const change: RuntimeChange = {
      accountId: saved.id,
      runtime: runtimeOf(account, teamId, state),
      read,
    };
    for (const listener of listeners) {
      try {
        listener(change);
      } catch (error) {
        log.error('runtime: a listener failed', { error });
      }
    }
  }

  /**
   * The account's client for one refresh: the token is read (a file read and a keychain
   * decrypt) once per refresh, not once per team. Null when the token is not available.
   */
  async function connect(saved: SavedAccount): Promise<FlowFuseClient | null> {
    // The address the token was read with; a read for an account that moved meanwhile is dropped.
    const held = await registry.credentialsFor(saved.id).catch(() => null);
    return held === null
      ? null
      : clientFactory({
          origin: held.account.origin,
          token: held.token,
          allowHttp: held.account.allowHttp,
        });
  }

  async function readTeam(
    saved: SavedAccount,
    team: ApiTeam,
    connection: Promise<FlowFuseClient | null>,
  ): Promise<void> {
    const account = accountState(saved.id);
    const state = teamState(account, team.id);
    if (team.role !== null && team.role < ROLE.viewer) {
      // FlowFuse lets dashboard users see dashboards only: asking would only earn a 403. The
      // status says it all (the renderer words it); no reason is sent for each such team.
      Object.assign(state, { status: 'hidden', error: null });
      publish(saved, team.id);
      return;
    }
    const client = await connection;
    let outcome: { reading: TeamReading } | { error: AppErrorShape };
    if (client === null) {
      outcome = { error: { code: 'storage_unavailable', message: 'The token is not available.' } };
    } else {
      try {
        outcome = {
          reading: await readTeamRuntime(client, team, account.limit, account.features),
        };
      } catch (error) {
        outcome = { error: toShape(error, log) };
      }
    }
    // Removed, or moved to another server, while the read was in flight: not ours any more.
    const current = registry.get(saved.id);
    if (current?.origin !== saved.origin || accounts.get(saved.id) !== account) return;
    if ('reading' in outcome) {
      // The account's other teams keep their share; this one gets what is left of the budget.
      let others = 0;
      for (const [id, other] of account.teams) if (id !== team.id) others += other.size;
      const { reading, size } = withinBudget(
        outcome.reading,
        Math.max(0, ACCOUNT_RUNTIME_BUDGET - others),
      );
      Object.assign(state, { status: 'ok', error: null, fetchedAt: now(), reading, size });
      cache.write(saved.id, team.id, { fetchedAt: state.fetchedAt ?? now(), ...reading });
      publish(saved, team.id, reading);
      return;
    }
    const hidden = outcome.error.code === 'forbidden';
    Object.assign(state, {
      status: hidden ? 'hidden' : 'error',
      error: hidden ? null : outcome.error,
    });
    publish(saved, team.id);
    if (outcome.error.code === 'unauthorized') deps.tokenRefused(saved.id, outcome.error);
  }

  function refreshTeamOf(
    saved: SavedAccount,
    team: ApiTeam,
    connection: Promise<FlowFuseClient | null>,
  ): Promise<void> {
    const state = teamState(accountState(saved.id), team.id);
    // One read per team at a time: a second request joins the one in flight.
    if (state.inFlight !== null) return state.inFlight;
    const run = readTeam(saved, team, connection).finally(() => {
      state.inFlight = null;
    });
    state.inFlight = run;
    return run;
  }

  function teamsOf(accountId: string): readonly ApiTeam[] {
    return deps.listed(accountId);
  }

  function runtimesOf(accountId: string): readonly TeamRuntime[] {
    if (registry.get(accountId) === undefined) return [];
    const account = accountState(accountId);
    return teamsOf(accountId).map((team) =>
      runtimeOf(account, team.id, teamState(account, team.id)),
    );
  }

  return {
    runtimes: runtimesOf,
    accountRuntime: (accountId) => foldQuiet(runtimesOf(accountId)),
    reading: (accountId, teamId) => accounts.get(accountId)?.teams.get(teamId)?.reading,
    async refreshAccount(accountId) {
      const saved = registry.get(accountId);
      if (saved === undefined) return;
      const teams = teamsOf(accountId);
      const account = accountState(accountId);
      const keep = new Set(teams.map((team) => team.id));
      for (const teamId of account.teams.keys())
        if (!keep.has(teamId)) account.teams.delete(teamId);
      cache.retainTeams(accountId, [...keep]);
      const connection = connect(saved);
      await Promise.all(teams.map((team) => refreshTeamOf(saved, team, connection)));
    },
    async refreshTeam(accountId, teamId) {
      const saved = registry.get(accountId);
      const team = teamsOf(accountId).find((candidate) => candidate.id === teamId);
      if (saved === undefined || team === undefined) return;
      await refreshTeamOf(saved, team, connect(saved));
    },
    follow(accountId, teamId, instanceId, action) {
      const saved = registry.get(accountId);
      if (saved === undefined) return;
      const account = accountState(accountId);
      if (action === null) account.actions.delete(instanceId);
      else account.actions.set(instanceId, action);
      publish(saved, teamId);
    },
    setState(accountId, teamId, instanceId, value) {
      const saved = registry.get(accountId);
      const state = accounts.get(accountId)?.teams.get(teamId);
      if (saved === undefined || state === undefined) return;
      state.reading = {
        ...state.reading,
        instances: state.reading.instances.map((instance) =>
          instance.id === instanceId ? { ...instance, state: value } : instance,
        ),
      };
      // A state the action's polling read is as true as one a full read found: the cache keeps
      // it and the watcher hears it now, not at the next refresh.
      cache.write(saved.id, teamId, { fetchedAt: state.fetchedAt ?? now(), ...state.reading });
      publish(saved, teamId, state.reading);
    },
    limiter: (accountId) => accountState(accountId).limit,
    forget(accountId) {
      accounts.delete(accountId);
      cache.delete(accountId);
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function toShape(error: unknown, log: Logger): AppErrorShape {
  if (isAppError(error)) return error.toShape();
  log.error('runtime: unexpected failure', { error });
  return { code: 'internal', message: 'Something went wrong while reading instances.' };
}
