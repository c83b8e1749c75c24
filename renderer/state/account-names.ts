/**
 * What an account of the model is called on screen (common/account-title.ts): its label, or
 * `user @ host`, and the host beside a label. The host is read from the account's origin.
 */
import { accountTitle, userAtHost, type AccountTitle } from '../../common/account-title';
import type { Account } from '../../common/state';

type Named = Pick<Account, 'label' | 'username' | 'origin'>;

const hosts = new Map<string, string>();

/** Host (and port) of the account's server, for display. */
export function hostOf(account: Pick<Account, 'origin'>): string {
  let host = hosts.get(account.origin);
  if (host === undefined) {
    try {
      host = new URL(account.origin).host;
    } catch {
      host = account.origin;
    }
    hosts.set(account.origin, host);
  }
  return host;
}

export function titleOf(account: Named): AccountTitle {
  return accountTitle({ label: account.label, username: account.username, host: hostOf(account) });
}

export function userAtHostOf(account: Named): string {
  return userAtHost({ label: account.label, username: account.username, host: hostOf(account) });
}
