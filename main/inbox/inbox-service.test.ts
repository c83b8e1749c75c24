/**
 * The inbox through the core against the fake server: read with each refresh of an account,
 * marked read here and on the server (undone when the server refuses), a page opened from the
 * saved origin, a 2.4.0 server asked once and quiet, a failed read quiet too; and the handlers'
 * checks of what the renderer sends.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { SavedAccountRef } from '../../common/contract';
import { INBOX_NEEDS_WRITE } from '../../common/token-health';
import type { Account } from '../../common/state';
import { seedUser, startFakeFlowFuse, type FakeFlowFuse } from '../../tests/fake-server';
import { call, testCore, waitForAccount } from '../../tests/support/core-calls';
import type { TestCore } from '../../tests/support/test-core';

const opened: FakeFlowFuse[] = [];
// The cores close themselves (core-calls); the fake servers close here.
afterEach(async () => {
  while (opened.length > 0) await opened.pop()?.close();
});

async function setUp(notifications: boolean) {
  const fake = await startFakeFlowFuse({ notifications });
  opened.push(fake);
  const ada = seedUser(fake, { username: 'ada', teams: [{ name: 'Plant', role: 50 }] });
  const started: TestCore = await testCore();
  const added = await call<SavedAccountRef>(started.core, 'addAccount', {
    url: fake.url,
    token: ada.token,
  });
  const inboxReads = () =>
    fake.requests.filter((each) => each.method === 'GET' && each.path.includes('/notifications'))
      .length;
  const account = (predicate: (each: Account) => boolean) =>
    waitForAccount(started.core, added.id, predicate);
  return { fake, ada, core: started.core, shell: started.shell, added, inboxReads, account };
}

describe('the inbox service', () => {
  it('reads the unread notifications with each refresh, newest first', async () => {
    const { fake, ada, core, added, account } = await setUp(true);
    await account((each) => each.inbox.supported === true);
    fake.addNotification(ada.user, {
      type: 'instance-crashed',
      data: { instance: { id: 'i1', name: 'line-1' } },
      msAgo: 120_000,
    });
    fake.addNotification(ada.user, { type: 'team-invite', read: true });
    fake.addNotification(ada.user, {
      type: 'device-crashed',
      data: { device: { id: 'd1', name: 'pi-7' } },
      msAgo: 1_000,
    });
    await call(core, 'refresh', { accountId: added.id });
    const read = await account((each) => each.inbox.notifications.length === 2);
    expect(read.inbox.notifications.map((n) => n.title)).toEqual([
      'pi-7 crashed',
      'line-1 crashed',
    ]);
    expect(read.status).toBe('ok');
  });

  it('marks read on the server, and a refusal undoes the mark with its error', async () => {
    const { fake, ada, core, added, account } = await setUp(true);
    const [one, two] = ['instance-crashed', 'device-crashed'].map((type) =>
      fake.addNotification(ada.user, { type }),
    );
    if (one === undefined || two === undefined) throw new Error('seed');
    await account((each) => each.inbox.notifications.length === 2);

    fake.setFault({ kind: 'status', status: 500 }, { method: 'PUT', times: 1 });
    await expect(
      call(core, 'markNotificationsRead', { accountId: added.id, ids: [one.id] }),
    ).rejects.toMatchObject({ code: 'server_error' });
    const refused = await account(() => true);
    expect(refused.inbox.notifications.every((n) => !n.read)).toBe(true);
    expect(one.read).toBe(false);

    await call(core, 'markNotificationsRead', { accountId: added.id, ids: [one.id, two.id] });
    expect([one.read, two.read]).toEqual([true, true]);
    const marked = await account(() => true);
    expect(marked.inbox.notifications.map((n) => n.read)).toEqual([true, true]);
    // The next read leaves them out.
    await call(core, 'refresh', { accountId: added.id });
    await account((each) => each.inbox.notifications.length === 0);
  });

  it('opens a notification’s page from the saved origin and marks it read', async () => {
    const { fake, ada, core, shell, added, account } = await setUp(true);
    const crash = fake.addNotification(ada.user, {
      type: 'instance-crashed',
      data: { instance: { id: 'abc', name: 'line-1' } },
    });
    const invite = fake.addNotification(ada.user, { type: 'team-invite' });
    await account((each) => each.inbox.notifications.length === 2);
    await call(core, 'openNotification', { accountId: added.id, id: crash.id });
    await call(core, 'openNotification', { accountId: added.id, id: invite.id });
    expect(shell.opened).toEqual([
      `${fake.origin}/instance/abc/overview`,
      `${fake.origin}/account/teams/invitations`,
    ]);
    expect([crash.read, invite.read]).toEqual([true, true]);
  });

  it('a 2.4.0 server: asked once, nothing shown, nothing wrong', async () => {
    const { core, added, inboxReads, account } = await setUp(false);
    const none = await account((each) => each.inbox.supported === false);
    expect(none.inbox).toEqual({ supported: false, notifications: [], error: null });
    expect(none.status).toBe('ok');
    expect(none.error).toBeNull();
    await call(core, 'refresh', { accountId: added.id });
    await call(core, 'refresh', { accountId: added.id });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(inboxReads()).toBe(1);
  });

  it('a failed read is kept quietly: the account stays fine, the next refresh tries again', async () => {
    const { fake, ada, core, added, inboxReads, account } = await setUp(true);
    fake.addNotification(ada.user, { type: 'team-invite' });
    await account((each) => each.inbox.notifications.length === 1);
    fake.setFault({ kind: 'status', status: 500 }, { path: '/api/v1/user/notifications' });
    await call(core, 'refresh', { accountId: added.id });
    const failed = await account((each) => each.inbox.error !== null);
    expect(failed.inbox.error?.code).toBe('server_error');
    expect(failed.inbox.notifications).toHaveLength(1);
    expect(failed.status).toBe('ok');
    expect(failed.error).toBeNull();
    fake.setFault(null);
    const before = inboxReads();
    await call(core, 'refresh', { accountId: added.id });
    await account((each) => each.inbox.error === null);
    expect(inboxReads()).toBe(before + 1);
  });
});

describe('the inbox handlers', () => {
  it('send only what the account’s inbox holds, and refuse what is not a notification', async () => {
    const { fake, ada, core, added, account } = await setUp(true);
    const held = fake.addNotification(ada.user, { type: 'team-invite' });
    await account((each) => each.inbox.notifications.length === 1);
    fake.clearRequests();
    await expect(
      call(core, 'markNotificationsRead', { accountId: added.id, ids: ['not-in-inbox'] }),
    ).rejects.toMatchObject({ code: 'not_found' });
    await expect(
      call(core, 'openNotification', { accountId: added.id, id: 'not-in-inbox' }),
    ).rejects.toMatchObject({ code: 'not_found' });
    await expect(
      call(core, 'markNotificationsRead', { accountId: 'gone', ids: [held.id] }),
    ).rejects.toMatchObject({ code: 'unknown_account' });
    for (const ids of [[], ['../x'], ['a b'], Array.from({ length: 101 }, (_, i) => `n${i}`)]) {
      await expect(
        call(core, 'markNotificationsRead', { accountId: added.id, ids }),
      ).rejects.toMatchObject({ code: 'invalid_request' });
    }
    await expect(
      call(core, 'openNotification', { accountId: added.id, id: held.id, url: 'https://x' }),
    ).rejects.toMatchObject({ code: 'invalid_request' });
    expect(fake.requests.filter((each) => each.method === 'PUT')).toEqual([]);
    // A known id with an unknown one: only the known is sent.
    await call(core, 'markNotificationsRead', { accountId: added.id, ids: [held.id, 'other'] });
    expect(fake.requests.map((each) => [each.method, each.path])).toEqual([
      ['PUT', `/api/v1/user/notifications/${held.id}`],
    ]);
  });
});

describe('the inbox of a read-only token', () => {
  it('says it needs a token that may write, and stops asking once the scope is known', async () => {
    const fake = await startFakeFlowFuse({ notifications: true });
    opened.push(fake);
    const ada = seedUser(fake, { username: 'ada', teams: [{ name: 'Plant', role: 50 }] });
    fake.addNotification(ada.user, { type: 'team-invite' });
    const readOnly = fake.createToken(ada.user, { name: 'viewer', readOnly: true });
    fake.revokeToken(ada.token);
    const { core } = await testCore();
    const added = await call<SavedAccountRef>(core, 'addAccount', {
      url: fake.url,
      token: readOnly,
    });
    const inboxReads = () =>
      fake.requests.filter((each) => each.method === 'GET' && each.path.includes('/notifications'))
        .length;
    // FlowFuse (2.32+) has an inbox, and answers 403 for this token: said, not an error.
    const said = await waitForAccount(
      core,
      added.id,
      (each) => each.inbox.error !== null && each.tokenInfo !== null,
    );
    expect(said.inbox).toEqual({
      supported: true,
      notifications: [],
      error: { code: 'forbidden', message: INBOX_NEEDS_WRITE },
    });
    expect(said.status).toBe('ok');
    const before = inboxReads();
    expect(before).toBeLessThanOrEqual(1);
    // The token is known to be read-only now: the next refresh does not ask, and says the same.
    await call(core, 'refresh', { accountId: added.id });
    const again = await waitForAccount(core, added.id, (each) => each.status === 'ok');
    expect(inboxReads()).toBe(before);
    expect(again.inbox.error?.message).toBe(INBOX_NEEDS_WRITE);
  });
});
