/** The merged inbox: every account's unread notifications, newest first, named when many. */
import { describe, expect, it } from 'vitest';
import type { Inbox, InboxNotification } from '../../common/state';
import { accountOf } from '../../tests/support/state-builders';
import { INBOX_NEEDS_WRITE } from '../../common/token-health';
import { hasInbox, unreadCount } from './inbox';
import { inboxItems, inboxTrouble, someInboxReadable, unreadByAccount } from './inbox-items';

function note(id: string, at: number | null, read = false): InboxNotification {
  return {
    id,
    type: 'instance-crashed',
    at,
    read,
    title: id,
    text: '',
    target: { kind: 'home' },
  };
}

const inbox = (notifications: InboxNotification[]): Inbox => ({
  supported: true,
  notifications,
  error: null,
});

describe('the merged inbox', () => {
  it('merges every account’s unread ones newest first, naming the account', () => {
    const accounts = [
      accountOf('a1', { label: 'Work', inbox: inbox([note('w2', 5_000), note('w1', 1_000)]) }),
      accountOf('a2', {
        label: 'Home',
        inbox: inbox([note('h2', 3_000), note('h-read', 9_000, true), note('h0', null)]),
      }),
    ];
    expect(inboxItems(accounts).map((item) => [item.notification.id, item.account])).toEqual([
      ['w2', 'Work'],
      ['h2', 'Home'],
      ['w1', 'Work'],
      ['h0', 'Home'],
    ]);
    expect(inboxItems(accounts)[0]?.key).toBe('a1/w2');
    // The header's count is the list's length.
    expect(unreadCount(accounts)).toBe(4);
    expect([...unreadByAccount(inboxItems(accounts))]).toEqual([
      ['a1', ['w2', 'w1']],
      ['a2', ['h2', 'h0']],
    ]);
  });

  it('names no account when there is only one', () => {
    const items = inboxItems([accountOf('a1', { inbox: inbox([note('n', 1)]) })]);
    expect(items.map((item) => item.account)).toEqual([null]);
  });

  it('a server without an inbox contributes nothing and is not offered', () => {
    const none = accountOf('a1', { inbox: { supported: false, notifications: [], error: null } });
    const unasked = accountOf('a2');
    expect(inboxItems([none, unasked])).toEqual([]);
    expect(unreadCount([none, unasked])).toBe(0);
    expect(hasInbox([none, unasked])).toBe(false);
    expect(hasInbox([none, accountOf('a3', { inbox: inbox([]) })])).toBe(true);
  });

  it('names the accounts whose inbox could not be read, with why', () => {
    const failed = accountOf('a1', {
      label: 'Work',
      inbox: { ...inbox([note('n', 1)]), error: { code: 'server_error', message: 'It broke.' } },
    });
    expect(inboxTrouble([failed, accountOf('a2', { inbox: inbox([]) })])).toEqual([
      { key: 'a1', account: 'Work', message: 'It broke.', needsWrite: false },
    ]);
    // What was read before stays listed.
    expect(inboxItems([failed])).toHaveLength(1);
  });

  it('says a read-only token’s inbox needs a token that may write, and no "Nothing unread" for it', () => {
    const readOnly = accountOf('a1', {
      label: 'Work',
      inbox: { ...inbox([]), error: { code: 'forbidden', message: INBOX_NEEDS_WRITE } },
    });
    expect(inboxTrouble([readOnly])).toEqual([
      { key: 'a1', account: 'Work', message: INBOX_NEEDS_WRITE, needsWrite: true },
    ]);
    expect(someInboxReadable([readOnly])).toBe(false);
    expect(someInboxReadable([readOnly, accountOf('a2', { inbox: inbox([]) })])).toBe(true);
  });
});
