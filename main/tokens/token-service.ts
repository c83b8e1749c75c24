/**
 * Token health in main: a projection of the model that learns which of the user's tokens each
 * account is (`GET /api/v1/user/tokens`) the first time its team list answers in a run
 * (`listed`), after it was added or its token replaced, or for an account saved before token
 * health at its next refresh. The ids listed are saved with the account at each read; when the
 * user replaces its token they are kept as "before", and the one token listed then that was not
 * before is the new one (./token-identity.ts). A certain answer is saved with the account (its
 * id, name, dates and scope: never the token) and reaches the model as `accountSaved`; otherwise
 * the tokens are put to the user once (`tokenChoicesRead`) and the user's choice (`choose`, a
 * bridge call) is checked against them before it is saved. A Replace withdraws the question at
 * once (`tokenReplaced`, applied by the accounts' handler), and a choice made before the new
 * token's list is read is refused: it names a token from the list before the Replace.
 *
 * One read per account, address and known token per run, through the server's limiter as a
 * background read. An answer that arrives after the account's token was replaced is dropped (it
 * is about the old token). A failed read stays quiet (logged): the account works as before.
 */
import type { AccountId, Origin } from '../../common/brand';
import type { Unsubscribe } from '../../common/emitter';
import { AppError, isAppError } from '../../common/errors';
import type { Limiter } from '../base/limiter';
import type { Logger } from '../log';
import type { Change, Model } from '../model/model';
import { accountIn } from '../model/select';
import type { AccountRegistry } from '../store/types';
import { identifyToken } from './token-identity';

export interface TokenServiceDeps {
  readonly model: Model;
  readonly registry: Pick<
    AccountRegistry,
    'clientFor' | 'tokenFor' | 'get' | 'setTokenInfo' | 'setTokensRead'
  >;
  /** The server's request limiter (the runtime service's). */
  readonly limiter: (accountId: AccountId) => Limiter;
  readonly log: Logger;
}

export interface TokenService {
  readonly stop: Unsubscribe;
  /** The user says which of the listed tokens this account is: one of those asked about. */
  choose(accountId: AccountId, tokenId: string): Promise<void>;
  /** Resolves when no read is in flight (tests, shutdown). */
  idle(): Promise<void>;
}

export function watchTokens(deps: TokenServiceDeps): TokenService {
  const { model, registry, limiter, log } = deps;
  /** What was read in this run: account, address and the token known then. */
  const read = new Set<string>();
  const inFlight = new Set<Promise<void>>();

  /** Reads the account's tokens; false when the answer came too late to be about it. */
  async function readOne(accountId: AccountId): Promise<boolean> {
    const token = await registry.tokenFor(accountId);
    const held = await registry.clientFor(accountId);
    if (held === null || token === null) return true;
    const { client } = held;
    const { origin, tokenInfo } = held.account;
    const listed = await limiter(accountId)(() => client.userTokens());
    // Moved to another server, or its token replaced, meanwhile: this answer is about a token
    // the account no longer holds (it would name the old token again, or spend the list a
    // Replace compares with).
    if (registry.get(accountId)?.origin !== origin) return false;
    if ((await registry.tokenFor(accountId).catch(() => null)) !== token) return false;
    const identity = identifyToken(tokenInfo, listed, held.account.tokensBefore ?? null);
    // The ids listed are kept with the account: after a Replace they tell the new token apart.
    await registry.setTokensRead(accountId, origin, {
      listed: listed.map((token) => token.id),
      known: identity.kind === 'known' ? identity.token : null,
    });
    if (identity.kind === 'ask')
      model.apply('tokenChoicesRead', { accountId, choices: identity.choices });
    return true;
  }

  function start(accountId: AccountId, origin: Origin, knownId: string | null): void {
    // A token pasted in place of another and not listed with yet is read again in this run,
    // even where the one it replaced was not known (no change of the model says so).
    const saved = registry.get(accountId);
    const replaced = saved?.tokensBefore != null && saved.tokensListed == null;
    const key = `${accountId} ${origin} ${knownId ?? ''}${replaced ? ' replaced' : ''}`;
    if (read.has(key)) return;
    read.add(key);
    const run = readOne(accountId)
      .then((current) => {
        // Too late to count: the account may be read again in this run.
        if (!current) read.delete(key);
      })
      .catch((error: unknown) => {
        const code = isAppError(error) ? error.code : 'internal';
        log.warn('tokens: could not read the user’s tokens', { code });
      })
      .finally(() => inFlight.delete(run));
    inFlight.add(run);
  }

  const stop = model.subscribe((change: Change) => {
    if (change.name === 'accountSaved') {
      // A new token was pasted (what was known is forgotten): learn which one it is again.
      const before = accountIn(change.previous, change.payload.id)?.tokenInfo ?? null;
      if (before !== null && (change.payload.tokenInfo ?? null) === null) {
        for (const key of read) if (key.startsWith(`${change.payload.id} `)) read.delete(key);
      }
      return;
    }
    if (change.name !== 'listed') return;
    const account = accountIn(change.state, change.payload.accountId);
    if (account !== undefined) start(account.id, account.origin, account.tokenInfo?.id ?? null);
  });

  return {
    stop,
    async choose(accountId, tokenId) {
      // Replaced, and the new token's list not read yet: the question was about the old one.
      const memory = registry.get(accountId);
      if (memory?.tokensBefore != null && memory.tokensListed == null) {
        throw new AppError(
          'invalid_request',
          'This account’s token was replaced, so that list was of your tokens before it. Teamtray reads them again and asks once more if it must.',
        );
      }
      const account = accountIn(model.state(), accountId);
      const choice = account?.tokenChoices?.find((token) => token.id === tokenId);
      if (account === undefined || choice === undefined) {
        throw new AppError(
          'not_found',
          'That token is no longer among those listed. Refresh and try again.',
        );
      }
      const saved = await registry.setTokenInfo(accountId, account.origin, choice);
      if (!saved)
        throw new AppError('invalid_request', 'This server was changed meanwhile. Try again.');
    },
    async idle() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}
