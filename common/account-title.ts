/**
 * What an account is called, on screen and in notifications. An account is a server plus one user's token, and the
 * same server may be saved twice (for two users), so an account without a label is named by both:
 * `ada @ flowfuse.example.com`. The host never shows twice: with no label, the title already
 * holds it.
 */
export interface AccountTitle {
  /** The label, or `user @ host` (just the host when the username is unknown). */
  readonly title: string;
  /** True when the host should show beside the title (the title is a label). */
  readonly showHost: boolean;
}

/** What names an account: its label, its user and its server's host. */
export interface Named {
  readonly label: string;
  readonly username: string | null;
  readonly host: string;
}

export function accountTitle(account: Named): AccountTitle {
  const label = account.label.trim();
  // A label that is only the host names nothing the host does not (0.1.0 saved such labels for
  // every unlabelled account; the 0.2.0 migration clears them, a user could still type one).
  if (label !== '' && label !== account.host) return { title: label, showHost: true };
  return { title: userAtHost(account), showHost: false };
}

/** `ada @ flowfuse.example.com`, or the host alone when the username is unknown. */
export function userAtHost(account: Named): string {
  return account.username === null || account.username === ''
    ? account.host
    : `${account.username} @ ${account.host}`;
}
