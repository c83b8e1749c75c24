/**
 * The FlowFuse API client. One factory holds the fetch and the limits; each client talks to one
 * origin with one token, over ky, and turns every failure into an AppError.
 */
import { AppError } from '../../common/errors';
import type { Origin, Token } from '../../common/brand';
import type { Logger } from '../log';
import { activityCalls } from './activity-calls';
import { deviceCalls } from './device-calls';
import { tokenCalls } from './token-calls';
import { normalizeBaseUrl } from './base-url';
import { MAX_TEAMS_PER_ACCOUNT, readList, TEAMS_BUDGET } from './list-caps';
import { createRequester, type Limits } from './request';
import { runtimeCalls } from './runtime-calls';
import {
  looksLikeFlowFuse,
  openApiSchema,
  teamListSchema,
  teamSchema,
  userSchema,
} from './schemas';
import type { ClientFactory, ClientOptions, FlowFuseClient } from './types';

export interface ClientFactoryDeps {
  /** A fetch over Electron's net.request in the app (electron/net-fetch.ts), Node's fetch in tests. */
  readonly fetch: typeof globalThis.fetch;
  /** Per attempt, for the headers and again for the body. */
  readonly timeoutMs?: number;
  /** For the whole call, retries and waits included. */
  readonly totalTimeoutMs?: number;
  readonly maxBodyBytes?: number;
  readonly retry?: { readonly limit?: number; readonly maxRetryAfterMs?: number };
  readonly log?: Logger;
}

export const CLIENT_DEFAULTS: Limits = Object.freeze({
  timeoutMs: 10_000,
  totalTimeoutMs: 30_000,
  maxBodyBytes: 10 * 1024 * 1024,
  retryLimit: 2,
  maxRetryAfterMs: 5_000,
  maxRedirects: 3,
});

const silent: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

/** Answers that mean "this is not a FlowFuse API", when probing. */
const NOT_FLOWFUSE_CODES = new Set(['bad_response', 'not_found', 'unauthorized', 'forbidden']);

export function createClientFactory(deps: ClientFactoryDeps): ClientFactory {
  const limits: Limits = {
    timeoutMs: deps.timeoutMs ?? CLIENT_DEFAULTS.timeoutMs,
    totalTimeoutMs: deps.totalTimeoutMs ?? CLIENT_DEFAULTS.totalTimeoutMs,
    maxBodyBytes: deps.maxBodyBytes ?? CLIENT_DEFAULTS.maxBodyBytes,
    retryLimit: deps.retry?.limit ?? CLIENT_DEFAULTS.retryLimit,
    maxRetryAfterMs: deps.retry?.maxRetryAfterMs ?? CLIENT_DEFAULTS.maxRetryAfterMs,
    maxRedirects: CLIENT_DEFAULTS.maxRedirects,
  };
  const log = deps.log ?? silent;
  return (options) => createClient(options, deps.fetch, limits, log);
}

function createClient(
  options: ClientOptions,
  fetch: typeof globalThis.fetch,
  limits: Limits,
  log: Logger,
): FlowFuseClient {
  const { origin, token } = options;
  const host = displayHost(origin);
  // Checked once, thrown by every call: the client never sends a byte to a refused origin.
  const originProblem = checkOrigin(origin, options.allowHttp);
  const send = createRequester({
    origin,
    host,
    allowHttp: options.allowHttp,
    fetch,
    limits,
    log,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });

  const requireToken = (): Token => {
    if (originProblem !== null) throw originProblem;
    if (token === null) throw new AppError('invalid_token', `No token is saved for ${host}.`);
    // A CR, LF or non-ASCII character would make fetch throw an error that quotes the header.
    if (!/^[\x21-\x7e]+$/.test(token)) {
      throw new AppError(
        'invalid_token',
        `The token for ${host} contains characters a token cannot have.`,
      );
    }
    return token;
  };

  return {
    origin,
    ...runtimeCalls({ send, requireToken, now: Date.now }),
    ...activityCalls({ send, requireToken }),
    ...deviceCalls({ send, requireToken }),
    ...tokenCalls({ send, requireToken }),

    async probe() {
      if (originProblem !== null) throw originProblem;
      let doc;
      try {
        doc = await send({
          operation: 'probe',
          method: 'get',
          path: '/api/json',
          token: null,
          schema: openApiSchema,
        });
      } catch (error) {
        if (error instanceof AppError && NOT_FLOWFUSE_CODES.has(error.code)) {
          throw new AppError(
            'not_flowfuse',
            `${host} does not look like a FlowFuse server: it has no FlowFuse API description at /api/json.`,
            { cause: error },
          );
        }
        throw error;
      }
      if (!looksLikeFlowFuse(doc)) {
        throw new AppError(
          'not_flowfuse',
          `${host} serves an API, but not FlowFuse's. Check the address.`,
        );
      }
      return { version: doc.info.version };
    },

    async whoAmI() {
      const bearer = requireToken();
      const user = await send({
        operation: 'whoAmI',
        method: 'get',
        path: '/api/v1/user',
        token: bearer,
        schema: userSchema,
      });
      return user;
    },

    async listTeams() {
      const bearer = requireToken();
      const list = await send({
        operation: 'listTeams',
        method: 'get',
        path: '/api/v1/user/teams',
        token: bearer,
        schema: teamListSchema,
      });
      const { items, leftOut } = readList(
        teamSchema,
        list.teams,
        MAX_TEAMS_PER_ACCOUNT,
        TEAMS_BUDGET,
      );
      return { teams: items, leftOut };
    },

    async renameTeam(teamId, name) {
      const bearer = requireToken();
      if (teamId.length === 0) throw new AppError('not_found', `That team is not on ${host}.`);
      const team = await send({
        operation: 'renameTeam',
        method: 'put',
        path: `/api/v1/teams/${encodeURIComponent(teamId)}`,
        token: bearer,
        json: { name },
        schema: teamSchema,
      });
      return team;
    },
  };
}

function checkOrigin(origin: Origin, allowHttp: boolean): AppError | null {
  try {
    const normalized = normalizeBaseUrl(origin, { allowHttp });
    if (normalized !== origin) {
      return new AppError(
        'invalid_url',
        `"${displayHost(origin)}" is not a server address Teamtray can use.`,
      );
    }
    return null;
  } catch (error) {
    if (error instanceof AppError) return error;
    return new AppError('invalid_url', `"${displayHost(origin)}" is not a server address.`);
  }
}

function displayHost(origin: string): string {
  try {
    return new URL(origin).host || origin;
  } catch {
    return origin.length > 60 ? `${origin.slice(0, 57)}...` : origin;
  }
}
