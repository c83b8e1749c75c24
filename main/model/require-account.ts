/** The one check every area makes first: the account a request names is still saved. */
import { AppError } from '../../common/errors';
import type { Account, TeamtrayState } from '../../common/state';
import { accountIn } from './select';

/** The saved account (as the model has it), or the error every area gives for one that is gone. */
export function requireAccount(state: TeamtrayState, id: string): Account {
  const account = accountIn(state, id);
  if (account === undefined)
    throw new AppError('unknown_account', 'That account is no longer saved.');
  return account;
}
