/**
 * What the vault keeps for an account: its token bound to the server it was saved for and to the
 * account's id, inside the ciphertext. Whoever can edit the settings file (a restored backup, a
 * synced or shared folder) can change an account's address, but not what the ciphertext says:
 * a token whose server differs from the account's is refused, never sent (SECURITY.md).
 *
 * Written by hand: it is our own format, one line of JSON behind a versioned prefix. Secrets
 * written before the binding (a token alone) read as `bare`; the registry binds them to their
 * account's server on the first start (account-registry.ts, bindBareTokens).
 */
import * as v from 'valibot';

const PREFIX = 'teamtray-bound-token/1:';

const boundSchema = v.object({
  origin: v.string(),
  account: v.string(),
  token: v.string(),
});

export type OpenedSecret =
  | {
      readonly kind: 'bound';
      readonly origin: string;
      readonly account: string;
      readonly token: string;
    }
  /** Written before tokens were bound (0.1.0 to 5d0a501): the token alone. */
  | { readonly kind: 'bare'; readonly token: string }
  /** Bound, but not readable: a damaged or hand-made value. */
  | { readonly kind: 'unreadable' };

/** The vault's plain text for `token`, saved for `origin` and account `account`. */
export function bindSecret(origin: string, account: string, token: string): string {
  return `${PREFIX}${JSON.stringify({ origin, account, token })}`;
}

export function openSecret(plain: string): OpenedSecret {
  if (!plain.startsWith(PREFIX)) return { kind: 'bare', token: plain };
  let parsed: unknown;
  try {
    parsed = JSON.parse(plain.slice(PREFIX.length));
  } catch {
    return { kind: 'unreadable' };
  }
  const read = v.safeParse(boundSchema, parsed);
  return read.success ? { kind: 'bound', ...read.output } : { kind: 'unreadable' };
}
