/**
 * The checks an account passes before anything is saved: the address is FlowFuse (a probe with no
 * token), the token is a user's (who am I), and a saved token only ever goes to its own server.
 */
import type { Origin, Token } from '../../common/brand';
import { AppError, isAppError } from '../../common/errors';
import type { ApiUser, ClientFactory } from '../flowfuse/types';
import type { Logger } from '../log';
import { looksLikeFlowFuseToken } from './account-fields';

export const TOKEN_REFUSED_MESSAGE =
  'FlowFuse refused this token: it may be mistyped, expired or revoked.';

export interface Verified {
  readonly user: ApiUser;
  readonly version: string | null;
}

export interface VerifyDeps {
  readonly clientFactory: ClientFactory;
  readonly log: Logger;
}

/** Is this FlowFuse (probe, no token), and whose token is this (whoAmI)? */
export async function verifyAccount(
  deps: VerifyDeps,
  origin: Origin,
  token: Token,
  allowHttp: boolean,
  signal?: AbortSignal,
): Promise<Verified> {
  const stop = signal === undefined ? {} : { signal };
  let version: string | null;
  try {
    ({ version } = await deps.clientFactory({ origin, token: null, allowHttp, ...stop }).probe());
  } catch (error) {
    throw asAppError(deps.log, error, 'probe');
  }
  let user: ApiUser;
  try {
    user = await deps.clientFactory({ origin, token, allowHttp, ...stop }).whoAmI();
  } catch (error) {
    if (isAppError(error) && error.code === 'unauthorized') {
      const hint = looksLikeFlowFuseToken(token) ? '' : ' FlowFuse tokens start with "ffpat_".';
      throw new AppError('unauthorized', `${TOKEN_REFUSED_MESSAGE}${hint}`, { cause: error });
    }
    throw asAppError(deps.log, error, 'whoAmI');
  }
  if (user.id === '') {
    throw new AppError('bad_response', 'The server did not say whose token this is.');
  }
  return { user, version };
}

/**
 * The checks in flight, each stoppable from the form (cancel) and bounded by `limitMs`: the
 * form shows that limit while it waits.
 */
export function createCheckControl(limitMs: number) {
  const running = new Set<AbortController>();
  return {
    /** Runs `check` with a signal that aborts on cancel or at the limit. */
    async run<T>(origin: Origin, check: (signal: AbortSignal) => Promise<T>): Promise<T> {
      const controller = new AbortController();
      const timer = setTimeout(() => {
        controller.abort(
          new AppError(
            'timeout',
            `${new URL(origin).host} did not answer within ${formatSeconds(limitMs)}. Try again later.`,
          ),
        );
      }, limitMs);
      running.add(controller);
      try {
        return await check(controller.signal);
      } finally {
        clearTimeout(timer);
        running.delete(controller);
      }
    },
    cancelAll(): void {
      for (const controller of running) {
        controller.abort(new AppError('cancelled', 'Stopped checking: nothing was saved.'));
      }
    },
  };
}

function formatSeconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}

function asAppError(log: Logger, error: unknown, step: string): AppError {
  if (isAppError(error)) return error;
  log.error(`registry: ${step} failed unexpectedly`, { error });
  return new AppError('internal', 'Something went wrong while checking this server.', {
    cause: error,
  });
}

/**
 * The same origin, or the same host and port moving from http to https (80 to 443 counts as
 * the same: both are the default). Another port may be another service on the same host.
 */
export function mayReuseToken(saved: string, next: string): boolean {
  if (saved === next) return true;
  const from = new URL(saved);
  const to = new URL(next);
  if (from.protocol !== 'http:' || to.protocol !== 'https:' || from.hostname !== to.hostname) {
    return false;
  }
  // URL drops the scheme's default port: '' is 80 for http, 443 for https.
  return from.port === to.port;
}
