/**
 * Which of the user's tokens an account is, from `/user/tokens`. No route says which token is
 * calling, so Teamtray takes one only where the list makes it certain: the one it knew already
 * (by id; its dates and scope as listed now), or the only token listed. Otherwise the user is
 * asked, once, with every token's name and dates; it never guesses silently.
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

export function identifyToken(
  known: TokenInfo | null,
  listed: readonly TokenInfo[],
): TokenIdentity {
  if (known !== null) {
    const same = listed.find((token) => token.id === known.id);
    return same === undefined ? { kind: 'unknown' } : { kind: 'known', token: same };
  }
  const [only, ...others] = listed;
  if (only === undefined) return { kind: 'unknown' };
  if (others.length === 0) return { kind: 'known', token: only };
  return { kind: 'ask', choices: listed };
}
