/**
 * What the header says of the merged inbox (the bell and its count): whether any account's
 * server has one, and how many notifications are unread. The Inbox view's own list is
 * ./inbox-items.ts, loaded with it.
 */
import type { Account } from '../../common/state';

/** Whether any account's server has an inbox (the popover then offers it). */
export function hasInbox(accounts: readonly Account[]): boolean {
  return accounts.some((account) => account.inbox.supported === true);
}

/** How many notifications are unread, over every account (what inboxItems lists). */
export function unreadCount(accounts: readonly Account[]): number {
  let count = 0;
  for (const account of accounts) {
    for (const notification of account.inbox.notifications) if (!notification.read) count += 1;
  }
  return count;
}
