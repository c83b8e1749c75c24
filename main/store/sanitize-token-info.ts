/**
 * Which token an account is (common/token-health.ts), as read back from the settings file: a
 * value of the right shape and bounds, or null (unknown: learnt again at the next refresh). A
 * file written before token health has none. What is kept is never the token itself. Likewise
 * the ids listed with the token (and before it was replaced), and the last expiry warning told:
 * a file written before they were kept (f80a64b) has none.
 */
import * as v from 'valibot';
import type { TokenInfo, TokenWarned } from '../../common/token-health';
import { MAX_TOKEN_NAME, MAX_TOKENS } from '../flowfuse/token-calls';
import { requiredId } from '../flowfuse/schemas';

const name = v.pipe(v.string(), v.maxLength(MAX_TOKEN_NAME));
const when = v.nullable(v.pipe(v.number(), v.finite()));
const schema = v.object({
  id: requiredId,
  name,
  createdAt: when,
  expiresAt: when,
  readOnly: v.nullable(v.boolean()),
  teams: v.nullable(
    v.pipe(v.array(v.object({ id: requiredId, name })), v.minLength(1), v.maxLength(MAX_TOKENS)),
  ),
});

export function sanitizeTokenInfo(raw: unknown): TokenInfo | null {
  const parsed = v.safeParse(schema, raw);
  return parsed.success ? parsed.output : null;
}

const ids = v.pipe(v.array(requiredId), v.maxLength(MAX_TOKENS));
const warned = v.object({ tokenId: requiredId, threshold: v.picklist([7, 1]) });

/** The ids of the user's tokens as kept, or null (none kept, or not of the right shape). */
export function sanitizeTokenIds(raw: unknown): readonly string[] | null {
  const parsed = v.safeParse(ids, raw);
  return parsed.success ? parsed.output : null;
}

/** The last expiry warning told of the account's token, or null. */
export function sanitizeTokenWarned(raw: unknown): TokenWarned | null {
  const parsed = v.safeParse(warned, raw);
  return parsed.success ? parsed.output : null;
}
