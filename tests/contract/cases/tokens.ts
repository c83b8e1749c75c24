/**
 * The user's tokens (`GET /api/v1/user/tokens`, any token): each with its id, its name and the
 * `expiresAt` it was made with (an ISO date, or null for one that never expires). Token health
 * warns from this before a token expires: FlowFuse deletes an expired token on first use and
 * then answers 401 as for a revoked one. The token's value is never listed.
 */
import { exchange, type ContractCase } from '../case';
import { is } from '../shape';
import { SOON_TOKEN_NAME } from '../world-spec';

export const TOKEN_CASES: readonly ContractCase[] = [
  exchange(
    'tokens/expires-at',
    '`/user/tokens` lists each token’s id, name and `expiresAt` (ISO, or null), and no token value',
    { path: '/api/v1/user/tokens', as: 'alice' },
    {
      status: 200,
      body: {
        count: is.count(),
        tokens: is.arrayWith(
          {
            id: is.text(),
            name: SOON_TOKEN_NAME,
            expiresAt: is.isoDate(),
            token: is.absent(),
          },
          { id: is.text(), name: 'contract-alice', expiresAt: null, token: is.absent() },
        ),
      },
    },
  ),
  exchange(
    'tokens/any-token',
    'any user’s token reads its own user’s tokens (a member’s, here)',
    { path: '/api/v1/user/tokens', as: 'bob' },
    {
      status: 200,
      body: { tokens: is.arrayWith({ name: 'contract-bob', expiresAt: null }) },
    },
  ),
];
