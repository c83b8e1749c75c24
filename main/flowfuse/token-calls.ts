/**
 * The user's tokens (`GET /api/v1/user/tokens`, FlowFuse 1.10.4+, any token of the user): each
 * token's id, name and expiry, and on FlowFuse 2.32+ whether it is read-only and the teams it is
 * limited to. The token's value is never listed. Token health (main/tokens) reads this to learn
 * which token an account is and when it expires. Built by the client (client.ts) over the same
 * requester and token rules; server text is cleaned and bounded here, where it is parsed.
 */
import * as v from 'valibot';
import type { Token } from '../../common/brand';
import { cleanServerText } from '../../common/text';
import type { TokenInfo } from '../../common/token-health';
import type { Requester } from './request';
import { lenient, requiredId as id } from './schemas';

/** A token's name is the user's words: kept this long at most. */
export const MAX_TOKEN_NAME = 100;
/** More tokens than this are not read (a user keeps a handful). */
export const MAX_TOKENS = 100;

const name = v.pipe(
  v.string(),
  v.transform((value) => cleanServerText(value, MAX_TOKEN_NAME)),
);
/** An ISO date (or epoch ms) as epoch ms; anything else reads as null. */
const when = lenient(
  v.pipe(
    v.union([v.string(), v.number()]),
    v.transform((value) => new Date(value).getTime()),
    v.check((ms) => Number.isFinite(ms)),
  ),
);
const teamSchema = v.object({ id, name });
const tokenSchema = v.object({
  id,
  name: v.fallback(name, ''),
  expiresAt: when,
  createdAt: when,
  created_at: when,
  readOnly: lenient(v.boolean()),
  teams: lenient(v.pipe(v.array(teamSchema), v.maxLength(MAX_TOKENS))),
});
const tokensSchema = v.object({ tokens: v.array(v.unknown()) });

export interface TokenCalls {
  /** `GET /user/tokens`: the user's tokens as listed (at most MAX_TOKENS), those unreadable left out. */
  userTokens(): Promise<readonly TokenInfo[]>;
}

export interface TokenCallDeps {
  readonly send: Requester;
  readonly requireToken: () => Token;
}

export function tokenCalls(deps: TokenCallDeps): TokenCalls {
  const { send, requireToken } = deps;
  return {
    async userTokens() {
      const token = requireToken();
      const body = await send({
        operation: 'userTokens',
        method: 'get',
        path: '/api/v1/user/tokens',
        token,
        schema: tokensSchema,
      });
      return body.tokens.slice(0, MAX_TOKENS).flatMap((raw) => {
        const parsed = v.safeParse(tokenSchema, raw);
        if (!parsed.success) return [];
        const item = parsed.output;
        const info: TokenInfo = {
          id: item.id,
          name: item.name,
          createdAt: item.createdAt ?? item.created_at,
          expiresAt: item.expiresAt,
          readOnly: item.readOnly,
          teams: item.teams === null || item.teams.length === 0 ? null : item.teams,
        };
        return [info];
      });
    },
  };
}
