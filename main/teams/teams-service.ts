/**
 * Teams across every saved account. A refresh fans out to all accounts at once and publishes
 * each account the moment its answer arrives, so a slow or dead server never holds the others
 * back. Last-known teams come from the cache at start.
 */
import { AppError, isAppError, type AppErrorShape } from '../../common/errors';
import type { LeftOut } from '../../common/left-out';
import type { AccountStatus, AccountTeams, Renamed } from '../../common/model';
import { renamePermission } from '../../common/roles';
import { checkTeamName } from '../../common/team-name';
import type { ApiTeam, ClientFactory } from '../flowfuse/types';
import type { Logger } from '../log';
import type { AccountRegistry, SavedAccount, TeamsCache } from '../store/types';
import { teamTableOf } from './team-table';

export interface TeamsServiceDeps {
  readonly registry: AccountRegistry;
  readonly cache: TeamsCache;
  readonly clientFactory: ClientFactory;
  readonly now: () => number;
  readonly log: Logger;
}

export interface TeamsService {
  /** Every saved account in the user's order. */
  views(): readonly AccountTeams[];
  view(id: string): AccountTeams | undefined;
  /**
   * Refreshes one account, or all of them in parallel. Never rejects. A refresh joins the one in
   * flight for the same account, unless `restart` says the account's address or token changed:
   * then a new one starts and the answer about the old one is dropped.
   */
  refresh(accountId?: string, options?: { readonly restart?: boolean }): Promise<void>;
  /**
   * Renames on the server. The renderer shows the new name at once and owns that optimistic
   * state; main only guards the refresh race (a confirmed name beats a list read before it).
   */
  rename(accountId: string, teamId: string, name: string): Promise<Renamed>;
  /** The team as last listed, or undefined. */
  team(accountId: string, teamId: string): ApiTeam | undefined;
  /** The account's teams as last listed (or cached). */
  listed(accountId: string): readonly ApiTeam[];
  /**
   * A call other than the team list (an instance action, a team's read) met a 401: the token is
   * refused for the whole account, so the account says so at once (Replace token), without
   * waiting for the next refresh.
   */
  tokenRefused(accountId: string, error: AppErrorShape): void;
  onAccountChanged(listener: (view: AccountTeams) => void): () => void;
}

interface AccountState {
  status: AccountStatus;
  error: AppErrorShape | null;
  teams: readonly ApiTeam[];
  /** What the last list left out; null when nothing (or the teams come from the cache). */
  leftOut: LeftOut | null;
  lastSuccessAt: number | null;
  stale: boolean;
  /** Bumped by each refresh: an answer from an older refresh is dropped. */
  generation: number;
  inFlight: Promise<void> | null;
  /** Teams with a rename sent and not yet answered: a second one waits its turn. */
  renaming: Set<string>;
  /** Renames the server confirmed, with the generation that was current when it did. */
  confirmed: Map<string, { name: string; generation: number }>;
}

const STATUS_BY_CODE: Partial<Record<AppErrorShape['code'], AccountStatus>> = {
  unauthorized: 'unauthorized',
  unreachable: 'unreachable',
  unknown_host: 'unreachable',
  connection_refused: 'unreachable',
  not_https: 'unreachable',
  not_http: 'unreachable',
  timeout: 'unreachable',
  tls: 'unreachable',
};

export function createTeamsService(deps: TeamsServiceDeps): TeamsService {
  const { registry, cache, clientFactory, now, log } = deps;
  const states = new Map<string, AccountState>();
  const listeners = new Set<(view: AccountTeams) => void>();

  function stateOf(account: SavedAccount): AccountState {
    let state = states.get(account.id);
    if (state === undefined) {
      const cached = cache.read(account.id);
      state = {
        status: 'loading',
        error: null,
        teams: cached?.teams ?? [],
        leftOut: null,
        lastSuccessAt: cached?.lastSuccessAt ?? null,
        stale: cached !== undefined,
        generation: 0,
        inFlight: null,
        renaming: new Set(),
        confirmed: new Map(),
      };
      states.set(account.id, state);
    }
    return state;
  }

  function toView(account: SavedAccount, state: AccountState): AccountTeams {
    return {
      id: account.id,
      label: account.label,
      origin: account.origin,
      allowHttp: account.allowHttp,
      username: account.username,
      status: state.status,
      error: state.error,
      lastSuccessAt: state.lastSuccessAt,
      version: account.version,
      stale: state.stale,
      ...(state.leftOut === null ? {} : { teamsLeftOut: state.leftOut }),
      teams: teamTableOf(account.origin, state.teams),
    };
  }

  function publish(id: string): void {
    const account = registry.get(id);
    const state = states.get(id);
    if (account === undefined || state === undefined) return;
    const view = toView(account, state);
    for (const listener of listeners) listener(view);
  }

  function fail(state: AccountState, error: AppErrorShape): void {
    state.status = STATUS_BY_CODE[error.code] ?? 'error';
    state.error = error;
    state.stale = state.teams.length > 0;
  }

  async function refreshOne(account: SavedAccount): Promise<void> {
    const state = stateOf(account);
    state.generation += 1;
    const generation = state.generation;
    state.status = 'loading';
    publish(account.id);

    const held = await registry.credentialsFor(account.id).catch(() => null);
    if (held === null) {
      if (generation !== state.generation) return;
      state.status = 'token_unavailable';
      state.error = {
        code: 'storage_unavailable',
        message: `The token for ${account.label} is not available: paste it again to reconnect.`,
      };
      state.stale = state.teams.length > 0;
      publish(account.id);
      return;
    }

    try {
      // The address the token was read with: the account may have moved since this began.
      const { teams, leftOut } = await clientFactory({
        origin: held.account.origin,
        token: held.token,
        allowHttp: held.account.allowHttp,
      }).listTeams();
      // Removed while in flight, or a newer refresh started: this answer is no longer wanted.
      if (registry.get(account.id) === undefined || generation !== state.generation) return;
      const next = withConfirmedNames(teams, state.confirmed, generation);
      // The same teams as before keep their list (and so their table): no push carries them again.
      if (!sameTeams(state.teams, next)) state.teams = next;
      state.leftOut = leftOut;
      state.status = 'ok';
      state.error = null;
      state.stale = false;
      state.lastSuccessAt = now();
      cache.write(account.id, {
        teams: state.teams,
        lastSuccessAt: state.lastSuccessAt,
        version: account.version,
      });
    } catch (error) {
      if (registry.get(account.id) === undefined || generation !== state.generation) return;
      fail(state, toShape(error, log));
    }
    publish(account.id);
  }

  function refreshAccount(account: SavedAccount, restart = false): Promise<void> {
    const state = stateOf(account);
    // One refresh per account at a time: a second request joins the one in flight.
    if (state.inFlight !== null && !restart) return state.inFlight;
    const run: Promise<void> = refreshOne(account).finally(() => {
      if (state.inFlight === run) state.inFlight = null;
    });
    state.inFlight = run;
    return run;
  }

  async function rename(accountId: string, teamId: string, rawName: string): Promise<Renamed> {
    const check = checkTeamName(rawName);
    if (!check.ok) throw new AppError('invalid_name', check.reason);
    const account = registry.get(accountId);
    if (account === undefined) {
      throw new AppError('unknown_account', 'That FlowFuse server is no longer saved.');
    }
    const state = stateOf(account);
    const team = state.teams.find((candidate) => candidate.id === teamId);
    if (team === undefined) {
      throw new AppError('not_found', 'That team is no longer listed: refresh and try again.');
    }
    const permission = renamePermission(team.role);
    if (!permission.allowed) throw new AppError('forbidden', permission.reason);
    // Checked and set with no await between: another rename while the token is read or this one
    // is sent hears it is under way, and only one reaches the server.
    if (state.renaming.has(teamId)) {
      throw new AppError('invalid_request', 'A rename of this team is already under way.');
    }
    state.renaming.add(teamId);
    try {
      const held = await registry.credentialsFor(account.id);
      if (held === null) {
        throw new AppError('storage_unavailable', 'The token is not available: paste it again.');
      }
      // The team was listed by the old address: it is not the new server's to rename.
      if (held.account.origin !== account.origin) {
        throw new AppError('invalid_request', 'This server was changed meanwhile. Try again.');
      }
      const updated = await clientFactory({
        origin: held.account.origin,
        token: held.token,
        allowHttp: held.account.allowHttp,
      }).renameTeam(teamId, check.name);
      state.confirmed.set(teamId, { name: updated.name, generation: state.generation });
      state.teams = state.teams.map((candidate) =>
        candidate.id === teamId ? { ...candidate, name: updated.name } : candidate,
      );
      // Removed while the rename was in flight: nothing of it goes back on disk.
      if (state.lastSuccessAt !== null && registry.get(account.id) !== undefined) {
        cache.write(account.id, {
          teams: state.teams,
          lastSuccessAt: state.lastSuccessAt,
          version: account.version,
        });
      }
      return { name: updated.name };
    } catch (error) {
      if (isAppError(error) && error.code === 'unauthorized') {
        fail(state, error.toShape());
        publish(account.id);
      }
      throw error;
    } finally {
      state.renaming.delete(teamId);
    }
  }

  return {
    views: () => registry.list().map((account) => toView(account, stateOf(account))),
    view(id) {
      const account = registry.get(id);
      return account === undefined ? undefined : toView(account, stateOf(account));
    },
    async refresh(accountId, options) {
      const targets =
        accountId === undefined
          ? registry.list()
          : registry.list().filter((account) => account.id === accountId);
      if (accountId !== undefined && targets.length === 0) {
        throw new AppError('unknown_account', 'That FlowFuse server is no longer saved.');
      }
      // Drop state of accounts that were removed.
      for (const id of states.keys()) if (registry.get(id) === undefined) states.delete(id);
      await Promise.all(
        targets.map((account) => refreshAccount(account, options?.restart ?? false)),
      );
    },
    rename,
    team(accountId, teamId) {
      return states.get(accountId)?.teams.find((team) => team.id === teamId);
    },
    listed(accountId) {
      const account = registry.get(accountId);
      return account === undefined ? [] : stateOf(account).teams;
    },
    tokenRefused(accountId, error) {
      const account = registry.get(accountId);
      if (account === undefined) return;
      const state = stateOf(account);
      if (state.status === 'unauthorized') return;
      fail(state, error);
      publish(account.id);
    },
    onAccountChanged(listener) {
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

function sameTeams(before: readonly ApiTeam[], after: readonly ApiTeam[]): boolean {
  return before.length === after.length && JSON.stringify(before) === JSON.stringify(after);
}
