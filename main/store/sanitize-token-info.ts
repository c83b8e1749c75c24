/**
 * Which token an account is (common/token-health.ts), as read back from the settings file: a
 * value of the right shape and bounds, or null (unknown: learnt again at the next refresh). A
 * file written before token health has none. What is kept is never the token itself.
 */
import * as v from 'valibot';
import type { TokenInfo } from '../../common/token-health';
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
