/**
 * The inbox's transitions: what a read, a server without an inbox, a failed read and a mark
 * change on the account, and what they leave alone (the account's own status).
 */
import { describe, expect, it } from 'vitest';
import { asAccountId, asOrigin } from '../../common/brand';
import { AppError } from '../../common/errors';
import type { Account, InboxNotification } from '../../common/state';
import { accountOf, stateOf } from '../../tests/support/state-builders';
import { createModel, type Change } from './model';

const A = asAccountId('a1');

function note(id: string, at: number | null, more: Partial<InboxNotification> = {}) {
  return {
    id,
    type: 'instance-crashed',
    at,
    read: false,
    title: `${id} crashed`,
    text: 'Node-RED instance',
    target: { kind: 'instance', id: `i-${id}` },
    ...more,
  } satisfies InboxNotification;
}

function setUp() {
  const model = createModel(stateOf({ accounts: [accountOf('a1')] }));
  const changes: Change[] = [];
  model.subscribe((change) => changes.push(change));
  const account = (): Account => model.state().accounts[0] as Account;
  return { model, changes, account };
}

describe('inbox transitions', () => {
  it('starts unasked: nothing known, nothing wrong', () => {
    const { account } = setUp();
    expect(account().inbox).toEqual({ supported: null, notifications: [], error: null });
  });

  it('inboxRead keeps the unread ones, newest first, and says the server has an inbox', () => {
    const { model, account } = setUp();
    model.apply('inboxRead', {
      accountId: A,
      notifications: [
        note('old', 1_000),
        note('none', null),
        note('new', 3_000),
        note('seen', 5_000, { read: true }),
      ],
    });
    expect(account().inbox.supported).toBe(true);
    expect(account().inbox.notifications.map((n) => n.id)).toEqual(['new', 'old', 'none']);
  });

  it('an unchanged read makes no patch, and a notification that stayed keeps its object', () => {
    const { model, changes, account } = setUp();
    model.apply('inboxRead', { accountId: A, notifications: [note('n1', 1_000)] });
    const kept = account().inbox.notifications[0];
    model.apply('inboxRead', { accountId: A, notifications: [note('n1', 1_000)] });
    expect(changes).toHaveLength(1);
    model.apply('inboxRead', {
      accountId: A,
      notifications: [note('n2', 2_000), note('n1', 1_000)],
    });
    expect(account().inbox.notifications[1]).toBe(kept);
  });

  it('inboxMissing: a server without an inbox shows nothing, and it is not an error', () => {
    const { model, account } = setUp();
    model.apply('inboxRead', { accountId: A, notifications: [note('n1', 1_000)] });
    model.apply('inboxMissing', { accountId: A });
    expect(account().inbox).toEqual({ supported: false, notifications: [], error: null });
    expect(account().status).toBe('ok');
    expect(account().error).toBeNull();
  });

  it('inboxFailed keeps what was known and leaves the account as it was', () => {
    const { model, account } = setUp();
    model.apply('inboxRead', { accountId: A, notifications: [note('n1', 1_000)] });
    const error = new AppError('server_error', 'The server answered 500.').toShape();
    model.apply('inboxFailed', { accountId: A, error });
    expect(account().inbox.error).toEqual(error);
    expect(account().inbox.notifications.map((n) => n.id)).toEqual(['n1']);
    expect(account().status).toBe('ok');
    expect(account().error).toBeNull();
    // The next good read clears it.
    model.apply('inboxRead', { accountId: A, notifications: [] });
    expect(account().inbox.error).toBeNull();
  });

  it('inboxMarkedRead marks at once; inboxMarkRefused undoes it', () => {
    const { model, account } = setUp();
    model.apply('inboxRead', {
      accountId: A,
      notifications: [note('n1', 1_000), note('n2', 2_000), note('n3', 3_000)],
    });
    model.apply('inboxMarkedRead', { accountId: A, ids: ['n1', 'n3', 'gone'] });
    const read = () => account().inbox.notifications.map((n) => [n.id, n.read]);
    expect(read()).toEqual([
      ['n3', true],
      ['n2', false],
      ['n1', true],
    ]);
    model.apply('inboxMarkRefused', { accountId: A, ids: ['n3'] });
    expect(read()).toEqual([
      ['n3', false],
      ['n2', false],
      ['n1', true],
    ]);
  });

  it('a read while a mark is on its way keeps it marked; the next read without it drops it', () => {
    const { model, account } = setUp();
    model.apply('inboxRead', {
      accountId: A,
      notifications: [note('n1', 1_000), note('n2', 2_000)],
    });
    model.apply('inboxMarkedRead', { accountId: A, ids: ['n1'] });
    model.apply('inboxRead', {
      accountId: A,
      notifications: [note('n1', 1_000), note('n2', 2_000)],
    });
    expect(account().inbox.notifications.find((n) => n.id === 'n1')?.read).toBe(true);
    model.apply('inboxRead', { accountId: A, notifications: [note('n2', 2_000)] });
    expect(account().inbox.notifications.map((n) => n.id)).toEqual(['n2']);
  });

  it('the account moved to another server: its inbox is not known any more', () => {
    const { model, account } = setUp();
    model.apply('inboxMissing', { accountId: A });
    const { id, label, allowHttp, username, version } = account();
    model.apply('accountSaved', {
      id,
      label,
      allowHttp,
      username,
      version,
      origin: account().origin,
    });
    expect(account().inbox.supported).toBe(false);
    model.apply('accountSaved', {
      id,
      label,
      allowHttp,
      username,
      version,
      origin: asOrigin('https://other.example.com'),
    });
    expect(account().inbox).toEqual({ supported: null, notifications: [], error: null });
  });

  it('a server without an inbox that changed version is asked again', () => {
    const { model, account } = setUp();
    model.apply('inboxMissing', { accountId: A });
    const { id, label, allowHttp, username, origin } = account();
    model.apply('accountSaved', { id, label, allowHttp, username, origin, version: '2.4.0' });
    expect(account().inbox.supported).toBeNull();
    model.apply('inboxRead', { accountId: A, notifications: [note('n1', 1)] });
    // One with an inbox keeps it across a version change.
    model.apply('accountSaved', { id, label, allowHttp, username, origin, version: '2.8.0' });
    expect(account().inbox.supported).toBe(true);
    expect(account().inbox.notifications).toHaveLength(1);
  });

  it('an unknown account changes nothing', () => {
    const { model, changes } = setUp();
    const other = asAccountId('nope');
    model.apply('inboxRead', { accountId: other, notifications: [note('n1', 1)] });
    model.apply('inboxMissing', { accountId: other });
    model.apply('inboxMarkedRead', { accountId: other, ids: ['n1'] });
    expect(changes).toHaveLength(0);
  });
});
