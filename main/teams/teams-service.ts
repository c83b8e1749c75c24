/**
 * Teams across every saved account. A refresh fans out to all accounts at once and puts each
 * account's answer in the model the moment it arrives, so a slow or dead server never holds the
 * others back. A rename shows its name at once (the model's pending name) and the stored one
 * when the server answers.
 *
 * What is known lives in the model (main/model); this service keeps only the plumbing around it:
 * the refresh in flight per account (a second one joins it) and a generation number that drops
 * the answer of a refresh a newer one replaced.
 */
import type { AccountId, TeamId } from '../../common/brand';
import { AppError, isAppError, type AppErrorShape } from '../../common/errors';
import type { Renamed } from '../../common/model';
import { renamePermission } from '../../common/roles';
import { withTokenScope } from '../../common/token-health';
import { checkTeamName } from '../../common/team-name';
import type { ClientFactory } from '../flowfuse/types';
import { createSingleFlight, type SingleFlight } from '../base/single-flight';
import type { Logger } from '../log';
import type { ListedTeam } from '../model/facts';
import type { Model } from '../model/model';
import { accountIn, teamIn } from '../model/select';
import type { AccountRegistry, SavedAccount } from '../store/types';
import { listedTeam } from './team-view';

export interface TeamsServiceDeps {
  readonly model: Model;
  readonly registry: AccountRegistry;
  readonly clientFactory: ClientFactory;
  readonly now: () => number;
  readonly log: Logger;
}

export interface TeamsService {
  /**
   * Refreshes one account, or all of them in parallel. Never rejects. A refresh joins the one in
   * flight for the same account, unless `restart` says the account's address or token changed:
   * then a new one starts and the answer about the old one is dropped.
   */
  refresh(accountId?: AccountId, options?: { readonly restart?: boolean }): Promise<void>;
  /** Renames on the server; the model shows the name sent meanwhile. */
  rename(accountId: AccountId, teamId: TeamId, name: string): Promise<Renamed>;
  /**
   * A call other than the team list (an instance action, a team's read) met a 401: the token is
   * refused for the whole account, so the account says so at once (Replace token), without
   * waiting for the next refresh.
   */
  tokenRefused(accountId: AccountId, error: AppErrorShape): void;
  /** Forgets the plumbing of a removed account. */
  forget(accountId: AccountId): void;
}

/** Per account: what orders the answers, not what they say. */
interface Plumbing {
  /** Bumped by each refresh: an answer from an older refresh is dropped. */
  generation: number;
  /** The refresh in flight (forgotten with the account's plumbing). */
  readonly refreshes: SingleFlight<AccountId, void>;
  /** Teams renamed, with the generation current when the server confirmed it. */
  readonly renamedAt: Map<TeamId, number>;
}

export function createTeamsService(deps: TeamsServiceDeps): TeamsService {
  const { model, registry, clientFactory, now, log } = deps;
  const plumbing = new Map<AccountId, Plumbing>();

  function plumbingOf(accountId: AccountId): Plumbing {
    let found = plumbing.get(accountId);
    if (found === undefined) {
      found = { generation: 0, refreshes: createSingleFlight(), renamedAt: new Map() };
      plumbing.set(accountId, found);
    }
    return found;
  }

  async function refreshOne(account: SavedAccount): Promise<void> {
    const accountId = account.id;
    const own = plumbingOf(accountId);
    own.generation += 1;
    const generation = own.generation;
    model.apply('refreshStarted', { accountId });

    // A token refused (saved for another address) says why in its own words.
    const { held, refused } = await registry.credentialsFor(accountId).then(
      (found) => ({ held: found, refused: null }),
      (error: unknown) => ({ held: null, refused: isAppError(error) ? error.message : null }),
    );
    if (held === null) {
      if (generation !== own.generation) return;
      model.apply('listFailed', {
        accountId,
        status: 'token_unavailable',
        error: {
          code: 'storage_unavailable',
          message:
            refused ??
            `The token for ${account.label} is not available: paste it again to reconnect.`,
        },
      });
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
      const current = registry.get(accountId);
      if (current === undefined || generation !== own.generation) return;
      const listed = teams.map((team) => listedTeam(team, held.account.origin));
      model.apply('listed', {
        accountId,
        teams: withConfirmedNames(accountId, listed, own, generation),
        leftOut,
        username: current.username,
        version: current.version,
        at: now(),
      });
    } catch (error) {
      if (registry.get(accountId) === undefined || generation !== own.generation) return;
      model.apply('listFailed', { accountId, error: toShape(error, log) });
    }
  }

  /**
   * A refresh that started before a rename was confirmed may carry the old name; the confirmed
   * name (the model's) wins until a refresh that started after the confirmation says otherwise.
   */
  function withConfirmedNames(
    accountId: AccountId,
    teams: readonly ListedTeam[],
    own: Plumbing,
    generation: number,
  ): readonly ListedTeam[] {
    if (own.renamedAt.size === 0) return teams;
    const state = model.state();
    const result = teams.map((team) => {
      const at = own.renamedAt.get(team.id);
      const confirmed = at === undefined ? undefined : teamIn(state, accountId, team.id)?.name;
      return at !== undefined && at >= generation && confirmed !== undefined
        ? { ...team, name: confirmed }
        : team;
    });
    for (const [id, at] of own.renamedAt) if (at < generation) own.renamedAt.delete(id);
    return result;
  }

  function refreshAccount(account: SavedAccount, restart = false): Promise<void> {
    // One refresh per account at a time: a second request joins the one in flight.
    const { refreshes } = plumbingOf(account.id);
    const start = () => refreshOne(account);
    return restart ? refreshes.restart(account.id, start) : refreshes.run(account.id, start);
  }

  async function rename(accountId: AccountId, teamId: TeamId, rawName: string): Promise<Renamed> {
    const check = checkTeamName(rawName);
    if (!check.ok) throw new AppError('invalid_name', check.reason);
    const account = registry.get(accountId);
    if (account === undefined || accountIn(model.state(), accountId) === undefined) {
      throw new AppError('unknown_account', 'That FlowFuse server is no longer saved.');
    }
    const team = teamIn(model.state(), accountId, teamId);
    if (team === undefined) {
      throw new AppError('not_found', 'That team is no longer listed: refresh and try again.');
    }
    // A read-only or team-limited token (FlowFuse 2.32+) is not sent to be refused.
    const permission = withTokenScope(renamePermission(team.role), account.tokenInfo, teamId);
    if (!permission.allowed) throw new AppError('forbidden', permission.reason);
    // Checked and set with no await between: another rename while the token is read or this one
    // is sent hears it is under way, and only one reaches the server.
    if (team.pendingName !== null) {
      throw new AppError('invalid_request', 'A rename of this team is already under way.');
    }
    const ref = { accountId, teamId };
    model.apply('renameSent', { ...ref, name: check.name });
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
      plumbingOf(accountId).renamedAt.set(teamId, plumbingOf(accountId).generation);
      model.apply('renamed', { ...ref, name: updated.name });
      return { name: updated.name };
    } catch (error) {
      model.apply('renameRefused', ref);
      if (isAppError(error) && error.code === 'unauthorized') {
        model.apply('tokenRefused', { accountId, error: error.toShape() });
      }
      throw error;
    }
  }

  return {
    async refresh(accountId, options) {
      const targets =
        accountId === undefined
          ? registry.list()
          : registry.list().filter((account) => account.id === accountId);
      if (accountId !== undefined && targets.length === 0) {
        throw new AppError('unknown_account', 'That FlowFuse server is no longer saved.');
      }
      // Drop the plumbing of accounts that were removed.
      for (const id of plumbing.keys()) if (registry.get(id) === undefined) plumbing.delete(id);
      await Promise.all(
        targets.map((account) => refreshAccount(account, options?.restart ?? false)),
      );
    },
    rename,
    tokenRefused(accountId, error) {
      model.apply('tokenRefused', { accountId, error });
    },
    forget(accountId) {
      plumbing.delete(accountId);
    },
  };
}

function toShape(error: unknown, log: Logger): AppErrorShape {
  if (isAppError(error)) return error.toShape();
  log.error('teams: unexpected failure', { error });
  return { code: 'internal', message: 'Something went wrong while listing teams.' };
}
