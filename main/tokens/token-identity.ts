/**
 * Which of the user's tokens an account is, from `/user/tokens`. No route says which token is
 * calling, and no FlowFuse sends a token's creation date (2.4.0 does not), so Teamtray takes one
 * only where the list makes it certain: the one it knew already (by id; its dates and scope as
 * listed now), the only token listed, or, after the user replaced the account's token, the one
 * token listed now that was not listed with the token it replaced (the one just created).
 * Otherwise the user is asked, once, with every token's name and dates; it never guesses
 * silently.
 */
import type { TokenInfo } from '../../common/token-health';

export type TokenIdentity =
  /** Certain: this is the account's token. */
  | { readonly kind: 'known'; readonly token: TokenInfo }
  /** Several could be: ask the user which. */
  | { readonly kind: 'ask'; readonly choices: readonly TokenInfo[] }
  /**
   * Nothing to say: no named token is listed, or the one known is no longer listed (FlowFuse
   * lists named tokens only; what was known stays).
   */
  | { readonly kind: 'unknown' };

/**
 * `before`: the ids listed with the token this one replaced (null when it replaced none, or
 * nothing was listed with it).
 */
export function identifyToken(
  known: TokenInfo | null,
  listed: readonly TokenInfo[],
  before: readonly string[] | null = null,
): TokenIdentity {
  if (known !== null) {
    const same = listed.find((token) => token.id === known.id);
    return same === undefined ? { kind: 'unknown' } : { kind: 'known', token: same };
  }
  const [only, ...others] = listed;
  if (only === undefined) return { kind: 'unknown' };
  if (others.length === 0) return { kind: 'known', token: only };
  if (before !== null) {
    const seen = new Set(before);
    const [created, ...more] = listed.filter((token) => !seen.has(token.id));
    // Exactly one created since the token it replaced: the one just pasted.
    if (created !== undefined && more.length === 0) return { kind: 'known', token: created };
  }
  return { kind: 'ask', choices: listed };
}
