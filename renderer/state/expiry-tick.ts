/**
 * The popover's clock ticks every 30 s (store.ts). A token's known expiry can fall between two
 * ticks: the account's badge then said "Token expires within a day" past the moment, and a 401
 * arriving just after it read "Token expired or revoked" (the clock still before the expiry) for
 * up to half a minute. The store ticks once more at the next known expiry that falls before its
 * next tick; this says when that is.
 */
import type { TokenInfo } from '../../common/token-health';

/** The first known token expiry after `now` and no later than `now + withinMs`, or null. */
export function nextExpiryWithin(
  accounts: readonly { readonly tokenInfo: TokenInfo | null }[],
  now: number,
  withinMs: number,
): number | null {
  let next: number | null = null;
  for (const { tokenInfo } of accounts) {
    const at = tokenInfo?.expiresAt ?? null;
    if (at === null || at <= now || at > now + withinMs) continue;
    if (next === null || at < next) next = at;
  }
  return next;
}
