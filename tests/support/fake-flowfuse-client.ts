/**
 * A hand-written FlowFuseClient for logic tests of the registry: servers by origin, users by
 * token, and a log of every call so a test can say "no network was used". HTTP behaviour is
 * tested elsewhere against a real server.
 */
import type { Origin, Token } from '../../common/brand';
import { AppError } from '../../common/errors';
import type { ApiTeam, ApiUser, ClientFactory, FlowFuseClient } from '../../main/flowfuse/types';
import { emptyRuntimeCalls } from './empty-runtime';

export interface FakeServer {
  readonly version?: string | null;
  /** Token -> the user it belongs to. */
  readonly users?: Readonly<Record<string, ApiUser>>;
  /** Answers, but not as FlowFuse. */
  readonly notFlowFuse?: boolean;
  /** Every call fails with this (e.g. unreachable). */
  readonly failure?: Error;
  readonly teams?: readonly ApiTeam[];
}

export interface FakeCall {
  readonly origin: Origin;
  readonly token: Token | null;
  readonly method: 'probe' | 'whoAmI' | 'listTeams' | 'renameTeam';
}

export class FakeFlowFuse {
  readonly servers = new Map<string, FakeServer>();
  readonly calls: FakeCall[] = [];

  serve(origin: string, server: FakeServer): this {
    this.servers.set(origin, server);
    return this;
  }

  readonly factory: ClientFactory = ({ origin, token }) => {
    const answer = async <T>(
      method: FakeCall['method'],
      reply: (s: FakeServer) => T,
    ): Promise<T> => {
      this.calls.push({ origin, token, method });
      await Promise.resolve();
      const server = this.servers.get(origin);
      if (server === undefined) {
        throw new AppError('unreachable', `Could not reach ${origin}.`);
      }
      if (server.failure !== undefined) throw server.failure;
      if (server.notFlowFuse === true) {
        throw new AppError('not_flowfuse', `${origin} does not look like a FlowFuse server.`);
      }
      return reply(server);
    };
    const userOf = (server: FakeServer): ApiUser => {
      const user = token === null ? undefined : server.users?.[token];
      if (user === undefined) throw new AppError('unauthorized', 'unauthorized');
      return user;
    };
    const client: FlowFuseClient = {
      origin,
      ...emptyRuntimeCalls(),
      probe: () => answer('probe', (server) => ({ version: server.version ?? null })),
      whoAmI: () => answer('whoAmI', userOf),
      listTeams: () =>
        answer('listTeams', (server) => {
          userOf(server);
          return { teams: server.teams ?? [], leftOut: null };
        }),
      renameTeam: (teamId, name) =>
        answer('renameTeam', (server) => {
          userOf(server);
          const team = server.teams?.find((candidate) => candidate.id === teamId);
          if (team === undefined) throw new AppError('not_found', 'Not Found');
          return { ...team, name };
        }),
    };
    return client;
  };

  callsTo(method: FakeCall['method']): readonly FakeCall[] {
    return this.calls.filter((call) => call.method === method);
  }
}

export function user(id: string, username = id): ApiUser {
  return { id, username, name: null };
}
