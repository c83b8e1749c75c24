/**
 * The merged inbox: the unread notifications of every account's FlowFuse inbox, newest first,
 * each with its account named when more than one account is saved. A server without an inbox
 * contributes nothing and says nothing. Read from the replica; nothing here is the UI's own.
 * Only the Inbox view (tt-inbox, a lazy part) reads these; what the header needs is in
 * ./inbox.ts, so this stays out of the first script (issue 30).
 */
import type { Account, InboxNotification } from '../../common/state';
import { titleOf } from './account-names';

export interface InboxItem {
  /** `account/notification`: unique across accounts. */
  readonly key: string;
  readonly accountId: string;
  /** The account's title, or null when it is the only account. */
  readonly account: string | null;
  readonly notification: InboxNotification;
}

/** The unread notifications of every account, newest first (one without a time last). */
export function inboxItems(accounts: readonly Account[]): InboxItem[] {
  const named = accounts.length > 1;
  const items = accounts.flatMap((account) =>
    account.inbox.notifications
      .filter((notification) => !notification.read)
      .map((notification) => ({
        key: `${account.id}/${notification.id}`,
        accountId: account.id,
        account: named ? titleOf(account).title : null,
        notification,
      })),
  );
  return items.sort((a, b) => (b.notification.at ?? -1) - (a.notification.at ?? -1));
}

/** The unread notifications of each account, for "Mark all read" (one call per account). */
export function unreadByAccount(items: readonly InboxItem[]): Map<string, string[]> {
  const byAccount = new Map<string, string[]>();
  for (const item of items) {
    const ids = byAccount.get(item.accountId) ?? [];
    ids.push(item.notification.id);
    byAccount.set(item.accountId, ids);
  }
  return byAccount;
}

/**
 * Accounts whose last read of the inbox failed, named, with why (a quiet note, not an alarm).
 * `needsWrite`: the token may not read it (read-only): the message says so, not "could not".
 */
export function inboxTrouble(accounts: readonly Account[]): {
  readonly key: string;
  readonly account: string;
  readonly message: string;
  readonly needsWrite: boolean;
}[] {
  return accounts.flatMap((account) =>
    account.inbox.error === null
      ? []
      : [
          {
            key: account.id,
            account: titleOf(account).title,
            message: account.inbox.error.message,
            needsWrite: account.inbox.error.code === 'forbidden',
          },
        ],
  );
}

/** Whether some account's inbox can be read: "Nothing unread" is then true of it. */
export function someInboxReadable(accounts: readonly Account[]): boolean {
  return accounts.some(
    (account) => account.inbox.supported !== false && account.inbox.error?.code !== 'forbidden',
  );
}
