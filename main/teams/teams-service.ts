/**
 * Teams across every saved instance. A refresh fans out to all instances at once and publishes
 * each instance the moment its answer arrives, so a slow or dead server never holds the others
 * back. Last-known teams come from the cache at start.
 */
import { AppError, isAppError, type AppErrorShape } from '../../common/errors';
import type { InstanceStatus, InstanceView, TeamView } from '../../common/model';
import { checkTeamName } from '../../common/team-name';
import { hostOf } from '../flowfuse/base-url';
import type { ApiTeam, ClientFactory } from '../flowfuse/types';
import type { Logger } from '../log';
import type { InstanceRegistry, SavedInstance, TeamsCache } from '../store/types';
import { toTeamView } from './team-view';

export interface TeamsServiceDeps {
  readonly registry: InstanceRegistry;
  readonly cache: TeamsCache;
  readonly clientFactory: ClientFactory;
  readonly now: () => number;
  readonly log: Logger;
}

export interface TeamsService {
  /** Every saved instance in the user's order. */
  views(): readonly InstanceView[];
  view(id: string): InstanceView | undefined;
  /**
   * Refreshes one instance, or all of them in parallel. Never rejects. A refresh joins the one in
   * flight for the same instance, unless `restart` says the instance's address or token changed:
   * then a new one starts and the answer about the old one is dropped.
   */
  refresh(instanceId?: string, options?: { readonly restart?: boolean }): Promise<void>;
  rename(instanceId: string, teamId: string, name: string): Promise<TeamView>;
  onInstanceChanged(listener: (view: InstanceView) => void): () => void;
}

interface InstanceState {
  status: InstanceStatus;
  error: AppErrorShape | null;
  teams: readonly ApiTeam[];
  lastSuccessAt: number | null;
  stale: boolean;
  /** Bumped by each refresh: an answer from an older refresh is dropped. */
  generation: number;
  inFlight: Promise<void> | null;
  /** Renames sent but not yet answered: shown at once, dropped on failure. */
  pending: Map<string, string>;
  /** Renames the server confirmed, with the generation that was current when it did. */
  confirmed: Map<string, { name: string; generation: number }>;
}

const STATUS_BY_CODE: Partial<Record<AppErrorShape['code'], InstanceStatus>> = {
  unauthorized: 'unauthorized',
  unreachable: 'unreachable',
  timeout: 'unreachable',
  tls: 'unreachable',
};

export function createTeamsService(deps: TeamsServiceDeps): TeamsService {
  const { registry, cache, clientFactory, now, log } = deps;
  const states = new Map<string, InstanceState>();
  const listeners = new Set<(view: InstanceView) => void>();

  function stateOf(instance: SavedInstance): InstanceState {
    let state = states.get(instance.id);
    if (state === undefined) {
      const cached = cache.read(instance.id);
      state = {
        status: 'loading',
        error: null,
        teams: cached?.teams ?? [],
        lastSuccessAt: cached?.lastSuccessAt ?? null,
        stale: cached !== undefined,
        generation: 0,
        inFlight: null,
        pending: new Map(),
        confirmed: new Map(),
      };
      states.set(instance.id, state);
    }
    return state;
  }

  // Every push rebuilds views (and the tray reads them all): build each team's view once, since
  // toTeamView parses its avatar URL. 2,000 teams cost ~25 ms per push before.
  const teamViews = new WeakMap<ApiTeam, { readonly origin: string; readonly view: TeamView }>();
  function teamView(instance: SavedInstance, team: ApiTeam): TeamView {
    const hit = teamViews.get(team);
    if (hit?.origin === instance.origin && hit.view.instanceId === instance.id) return hit.view;
    const view = toTeamView(instance.id, instance.origin, team);
    teamViews.set(team, { origin: instance.origin, view });
    return view;
  }

  function toView(instance: SavedInstance, state: InstanceState): InstanceView {
    const teams = state.teams.map((team) => {
      const view = teamView(instance, team);
      const name = state.pending.get(team.id);
      return name === undefined || name === team.name ? view : { ...view, name };
    });
    return {
      id: instance.id,
      label: instance.label,
      origin: instance.origin,
      host: hostOf(instance.origin),
      allowHttp: instance.allowHttp,
      username: instance.username,
      status: state.status,
      error: state.error,
      lastSuccessAt: state.lastSuccessAt,
      version: instance.version,
      teams,
      stale: state.stale,
    };
  }

  function publish(id: string): void {
    const instance = registry.get(id);
    const state = states.get(id);
    if (instance === undefined || state === undefined) return;
    const view = toView(instance, state);
    for (const listener of listeners) listener(view);
  }

  function fail(state: InstanceState, error: AppErrorShape): void {
    state.status = STATUS_BY_CODE[error.code] ?? 'error';
    state.error = error;
    state.stale = state.teams.length > 0;
  }

  async function refreshOne(instance: SavedInstance): Promise<void> {
    const state = stateOf(instance);
    state.generation += 1;
    const generation = state.generation;
    state.status = 'loading';
    publish(instance.id);

    const token = await registry.tokenFor(instance.id).catch(() => null);
    if (token === null) {
      if (generation !== state.generation) return;
      state.status = 'token_unavailable';
      state.error = {
        code: 'storage_unavailable',
        message: `The token for ${instance.label} is not available: paste it again to reconnect.`,
      };
      state.stale = state.teams.length > 0;
      publish(instance.id);
      return;
    }

    try {
      const teams = await clientFactory({
        origin: instance.origin,
        token,
        allowHttp: instance.allowHttp,
      }).listTeams();
      // Removed while in flight, or a newer refresh started: this answer is no longer wanted.
      if (registry.get(instance.id) === undefined || generation !== state.generation) return;
      state.teams = withConfirmedNames(teams, state.confirmed, generation);
      state.status = 'ok';
      state.error = null;
      state.stale = false;
      state.lastSuccessAt = now();
      cache.write(instance.id, {
        teams: state.teams,
        lastSuccessAt: state.lastSuccessAt,
        version: instance.version,
      });
    } catch (error) {
      if (registry.get(instance.id) === undefined || generation !== state.generation) return;
      fail(state, toShape(error, log));
    }
    publish(instance.id);
  }

  function refreshInstance(instance: SavedInstance, restart = false): Promise<void> {
    const state = stateOf(instance);
    // One refresh per instance at a time: a second request joins the one in flight.
    if (state.inFlight !== null && !restart) return state.inFlight;
    const run: Promise<void> = refreshOne(instance).finally(() => {
      if (state.inFlight === run) state.inFlight = null;
    });
    state.inFlight = run;
    return run;
  }

  async function rename(instanceId: string, teamId: string, rawName: string): Promise<TeamView> {
    const check = checkTeamName(rawName);
    if (!check.ok) throw new AppError('invalid_name', check.reason);
    const instance = registry.get(instanceId);
    if (instance === undefined) {
      throw new AppError('unknown_instance', 'That FlowFuse server is no longer saved.');
    }
    const state = stateOf(instance);
    const team = state.teams.find((candidate) => candidate.id === teamId);
    if (team === undefined) {
      throw new AppError('not_found', 'That team is no longer listed: refresh and try again.');
    }
    const current = toTeamView(instance.id, instance.origin, team);
    if (!current.canRename) {
      throw new AppError(
        'forbidden',
        current.renameBlockedReason ?? 'You cannot rename this team.',
      );
    }
    if (state.pending.has(teamId)) {
      throw new AppError('invalid_request', 'A rename of this team is already under way.');
    }
    const token = await registry.tokenFor(instance.id);
    if (token === null) {
      throw new AppError('storage_unavailable', 'The token is not available: paste it again.');
    }

    state.pending.set(teamId, check.name);
    publish(instance.id);
    try {
      const updated = await clientFactory({
        origin: instance.origin,
        token,
        allowHttp: instance.allowHttp,
      }).renameTeam(teamId, check.name);
      state.confirmed.set(teamId, { name: updated.name, generation: state.generation });
      state.teams = state.teams.map((candidate) =>
        candidate.id === teamId ? { ...candidate, name: updated.name } : candidate,
      );
      // Removed while the rename was in flight: nothing of it goes back on disk.
      if (state.lastSuccessAt !== null && registry.get(instance.id) !== undefined) {
        cache.write(instance.id, {
          teams: state.teams,
          lastSuccessAt: state.lastSuccessAt,
          version: instance.version,
        });
      }
      const renamed = state.teams.find((candidate) => candidate.id === teamId) ?? {
        ...team,
        name: updated.name,
      };
      return toTeamView(instance.id, instance.origin, renamed);
    } catch (error) {
      if (isAppError(error) && error.code === 'unauthorized') fail(state, error.toShape());
      throw error;
    } finally {
      state.pending.delete(teamId);
      publish(instance.id);
    }
  }

  return {
    views: () => registry.list().map((instance) => toView(instance, stateOf(instance))),
    view(id) {
      const instance = registry.get(id);
      return instance === undefined ? undefined : toView(instance, stateOf(instance));
    },
    async refresh(instanceId, options) {
      const targets =
        instanceId === undefined
          ? registry.list()
          : registry.list().filter((instance) => instance.id === instanceId);
      if (instanceId !== undefined && targets.length === 0) {
        throw new AppError('unknown_instance', 'That FlowFuse server is no longer saved.');
      }
      // Drop state of instances that were removed.
      for (const id of states.keys()) if (registry.get(id) === undefined) states.delete(id);
      await Promise.all(
        targets.map((instance) => refreshInstance(instance, options?.restart ?? false)),
      );
    },
    rename,
    onInstanceChanged(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * A refresh that started before a rename was confirmed may carry the old name; the confirmed
 * name wins until a refresh that started after the confirmation says otherwise.
 */
function withConfirmedNames(
  teams: readonly ApiTeam[],
  confirmed: Map<string, { name: string; generation: number }>,
  generation: number,
): readonly ApiTeam[] {
  if (confirmed.size === 0) return teams;
  const result = teams.map((team) => {
    const entry = confirmed.get(team.id);
    return entry !== undefined && entry.generation >= generation && entry.name !== team.name
      ? { ...team, name: entry.name }
      : team;
  });
  for (const [id, entry] of confirmed) if (entry.generation < generation) confirmed.delete(id);
  return result;
}

function toShape(error: unknown, log: Logger): AppErrorShape {
  if (isAppError(error)) return error.toShape();
  log.error('teams: unexpected failure', { error });
  return { code: 'internal', message: 'Something went wrong while listing teams.' };
}
