/**
 * The token health area of the bridge: the user's answer to "Which of your tokens is this?".
 * The payload was validated by the contract (common/contract.ts); the service checks the token
 * is one the account was asked about before anything is saved.
 */
import type { AreaHandlers } from '../ipc/area-handlers';
import { requireAccount } from '../model/require-account';
import type { TeamtrayState } from '../../common/state';
import type { TokenService } from './token-service';

export interface TokenHandlerDeps {
  readonly state: () => TeamtrayState;
  readonly tokens: Pick<TokenService, 'choose'>;
}

export function tokenHandlers(deps: TokenHandlerDeps): AreaHandlers<'chooseToken'> {
  return {
    async chooseToken({ accountId, tokenId }) {
      const account = requireAccount(deps.state(), accountId);
      await deps.tokens.choose(account.id, tokenId);
      return null;
    },
  };
}
