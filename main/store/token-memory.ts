/**
 * What a saved account remembers of its token besides which one it is (token health): the ids
 * listed with it, the ids listed with the token it replaced, the last expiry warning told. Each
 * is kept only when there is something to keep, so an account without them is written (and read
 * back) exactly as the versions before them wrote it.
 */
import type { SavedAccount } from './types';

type TokenMemory = Pick<SavedAccount, 'tokensListed' | 'tokensBefore' | 'tokenWarned'>;

/** The fields that hold something; none for null or absent. */
export function tokenMemory(memory: TokenMemory): TokenMemory {
  const { tokensListed, tokensBefore, tokenWarned } = memory;
  return {
    ...(tokensListed == null ? {} : { tokensListed }),
    ...(tokensBefore == null ? {} : { tokensBefore }),
    ...(tokenWarned == null ? {} : { tokenWarned }),
  };
}

/** The account without any of them: the fields it keeps besides. */
export function withoutTokenMemory(account: SavedAccount): SavedAccount {
  const { tokensListed: _listed, tokensBefore: _before, tokenWarned: _warned, ...rest } = account;
  return rest;
}
