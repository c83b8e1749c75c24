/**
 * Reads the instances and devices of every team of every account into the model. A refresh
 * reads each team on its own, at most a few requests at a time per server, and puts each team in
 * the model the moment it is read: a slow team or a dead server never holds back the others. A
 * 403 on a team (a dashboard role, a token limited to other teams) marks that team "hidden", not
 * the account as broken.
 *
 * What is known lives in the model (main/model); this service keeps only the plumbing: the read
 * in flight per team (a second one joins it) and its lane, the server's request limiter, what the
 * server was found to understand, and each team's share of the account's budget.
 *
 * A refresh reads in the background lane; a team just brought on screen in the user's: it goes
 * before the refresh's queued reads, and when it joins a read the refresh already queued, that
 * read is raised (main/base/limiter.ts).
 */
import type { AccountId, TeamId } from '../../common/brand';
import { isAppError, type AppErrorShape } from '../../common/errors';
import { ROLE } from '../../common/roles';
import type { Team } from '../../common/state';
import type { FlowFuseClient } from '../flowfuse/types';
import type { Logger } from '../log';
import { readingOf, type TeamReading } from '../model/facts';
import type { Model } from '../model/model';
import { accountIn, teamIn } from '../model/select';
import type { AccountRegistry, SavedAccount } from '../store/types';
import { ACCOUNT_RUNTIME_BUDGET, readingSize, withinBudget } from './budget';
import { createLimiter, type Lane, type Limiter } from '../base/limiter';
import { createSingleFlight, type SingleFlight } from '../base/single-flight';
import { readTeamRuntime, type ServerFeatures } from './team-fetch';

/** Requests at a time per server. */
export const PER_SERVER = 4;

export interface RuntimeServiceDeps {
  readonly model: Model;
  readonly registry: AccountRegistry;
  readonly now: () => number;
  readonly log: Logger;
  /** A read met a 401: the whole account's token is refused (the teams service says so). */
  readonly tokenRefused: (accountId: AccountId, error: AppErrorShape) => void;
}

export interface RuntimeService {
  /** Reads every listed team of the account. */
  refreshAccount(accountId: AccountId): Promise<void>;
  /** Reads a team on screen; `asked` (just brought on screen): in the user's lane. */
  refreshTeam(accountId: AccountId, teamId: TeamId, asked: boolean): Promise<void>;
  /** The server's request limiter, for calls outside a refresh (actions). */
  limiter(accountId: AccountId): Limiter;
  forget(accountId: AccountId): void;
}

/** Per account: how its reads are made, not what they found. */
interface Plumbing {
  readonly features: ServerFeatures;
  readonly limit: Limiter;
  /** Each team's share of the account's budget (budget.ts), in characters. */
  readonly sizes: Map<TeamId, number>;
  readonly reads: SingleFlight<TeamId, void>;
  /** The lane of each team's read in flight: a user who asks for it raises it. */
  readonly lanes: Map<TeamId, Lane>;
}

export function createRuntimeService(deps: RuntimeServiceDeps): RuntimeService {
  const { model, registry, now, log } = deps;
  const accounts = new Map<AccountId, Plumbing>();

  function plumbingOf(accountId: AccountId): Plumbing {
    let found = accounts.get(accountId);
    if (found === undefined) {
      // What the model already holds (from the runtime cache) counts against the budget.
      const sizes = new Map<TeamId, number>();
      for (const team of accountIn(model.state(), accountId)?.teams ?? []) {
        sizes.set(team.id, readingSize(readingOf(team.runtime)));
      }
      found = {
        features: { includeMeta: null },
        limit: createLimiter(PER_SERVER),
        sizes,
        reads: createSingleFlight(),
        lanes: new Map(),
      };
      accounts.set(accountId, found);
    }
    return found;
  }

  /**
   * The account's client for one refresh: the token is read (a file read and a keychain
   * decrypt) once per refresh, not once per team. Null when the token is not available.
   */
  async function connect(saved: SavedAccount): Promise<FlowFuseClient | null> {
    // The address the token was read with; a read for an account that moved meanwhile is dropped.
    return (await registry.clientFor(saved.id))?.client ?? null;
  }

  async function readTeam(
    saved: SavedAccount,
    team: Team,
    connection: Promise<FlowFuseClient | null>,
    lane: Lane,
  ): Promise<void> {
    const own = plumbingOf(saved.id);
    const ref = { accountId: saved.id, teamId: team.id };
    if (team.role !== null && team.role < ROLE.viewer) {
      // FlowFuse lets dashboard users see dashboards only: asking would only earn a 403. The
      // status says it all (the renderer words it); no reason is sent for each such team.
      model.apply('hidden', ref);
      return;
    }
    const client = await connection;
    let outcome: { reading: TeamReading } | { error: AppErrorShape };
    if (client === null) {
      outcome = { error: { code: 'storage_unavailable', message: 'The token is not available.' } };
    } else {
      try {
        const limit = <T>(task: () => Promise<T>) => own.limit(task, lane);
        outcome = { reading: await readTeamRuntime(client, team, limit, own.features) };
      } catch (error) {
        outcome = { error: toShape(error, log) };
      }
    }
    // Removed, or moved to another server, while the read was in flight: not ours any more.
    const current = registry.get(saved.id);
    if (current?.origin !== saved.origin || accounts.get(saved.id) !== own) return;
    if ('reading' in outcome) {
      // The account's other teams keep their share; this one gets what is left of the budget.
      let others = 0;
      for (const [id, size] of own.sizes) if (id !== team.id) others += size;
      const { reading, size } = withinBudget(
        outcome.reading,
        Math.max(0, ACCOUNT_RUNTIME_BUDGET - others),
      );
      own.sizes.set(team.id, size);
      model.apply('read', { ...ref, reading, at: now() });
      return;
    }
    if (outcome.error.code === 'forbidden') model.apply('hidden', ref);
    else model.apply('readFailed', { ...ref, error: outcome.error });
    if (outcome.error.code === 'unauthorized') deps.tokenRefused(saved.id, outcome.error);
  }

  function refreshTeamOf(
    saved: SavedAccount,
    team: Team,
    connection: Promise<FlowFuseClient | null>,
    asked: boolean,
  ): Promise<void> {
    const { reads, lanes, limit } = plumbingOf(saved.id);
    // One read per team at a time: a second request joins the one in flight, raised if asked.
    const joined = lanes.get(team.id);
    if (asked && joined !== undefined) limit.raise(joined);
    return reads.run(team.id, () => {
      const lane: Lane = { user: asked };
      lanes.set(team.id, lane);
      return readTeam(saved, team, connection, lane).finally(() => {
        if (lanes.get(team.id) === lane) lanes.delete(team.id);
      });
    });
  }

  return {
    async refreshAccount(accountId) {
      const saved = registry.get(accountId);
      const teams = accountIn(model.state(), accountId)?.teams;
      if (saved === undefined || teams === undefined) return;
      const own = plumbingOf(accountId);
      const keep = new Set<string>(teams.map((team) => team.id));
      for (const teamId of own.sizes.keys()) if (!keep.has(teamId)) own.sizes.delete(teamId);
      const connection = connect(saved);
      await Promise.all(teams.map((team) => refreshTeamOf(saved, team, connection, false)));
    },
    async refreshTeam(accountId, teamId, asked) {
      const saved = registry.get(accountId);
      const team = teamIn(model.state(), accountId, teamId);
      if (saved === undefined || team === undefined) return;
      await refreshTeamOf(saved, team, connect(saved), asked);
    },
    limiter: (accountId) => plumbingOf(accountId).limit,
    forget(accountId) {
      accounts.delete(accountId);
    },
  };
}

function toShape(error: unknown, log: Logger): AppErrorShape {
  if (isAppError(error)) return error.toShape();
  log.error('runtime: unexpected failure', { error });
  return { code: 'internal', message: 'Something went wrong while reading instances.' };
}
