/**
 * FlowFuse's own inbox, merged: two servers with an inbox (FlowFuse 2.7+, the fake's
 * `notifications`), their unread notifications in one list, newest first, each naming its
 * account; Mark read, opening one and Mark all read mark them read on the server. A 2.4.0 server
 * (no inbox: 404) shows no inbox and no error. Screenshots light and dark at the popover's real
 * size, at 260 px wide and with 150 % text, each passing axe and spilling nothing sideways.
 */
import type { Page } from '@playwright/test';
import { seedUser, type FakeFlowFuse, type FakeNotification } from '../fake-server';
import { expect, test, type Popover } from './support/fixtures';
import { checkAndShoot } from './support/shots';

test.use({ viewport: { width: 400, height: 560 }, deviceScaleFactor: 2 });

const MINUTE = 60_000;

interface Inboxes {
  readonly work: FakeFlowFuse;
  readonly home: FakeFlowFuse;
  readonly sent: Record<string, FakeNotification>;
}

/** Work (ada) and Home (bob), each with an inbox; their notifications interleave in time. */
async function twoInboxes(popover: Popover): Promise<Inboxes> {
  const work = await popover.server({ notifications: true });
  const home = await popover.server({ notifications: true });
  const ada = seedUser(work, { username: 'ada', teams: [{ name: 'Plant', role: 50 }] });
  const bob = seedUser(home, { username: 'bob', teams: [{ name: 'Garage', role: 50 }] });
  const sent: Record<string, FakeNotification> = {
    crash: work.addNotification(ada.user, {
      type: 'instance-crashed',
      data: { instance: { id: 'inst-1', name: 'line-3' }, meta: { severity: 'error' } },
      msAgo: 2 * MINUTE,
    }),
    invite: home.addNotification(bob.user, {
      type: 'team-invite',
      data: { team: { id: 'T9', name: 'Makers <b>Guild</b>' }, invitor: { username: 'carol' } },
      msAgo: 5 * MINUTE,
    }),
    device: home.addNotification(bob.user, {
      type: 'device-crashed',
      data: { device: { id: 'dev-7', name: 'pi-garage' } },
      msAgo: 30 * 1000,
    }),
    safe: work.addNotification(ada.user, {
      type: 'instance-safe-mode',
      data: { instance: { id: 'inst-2', name: 'line-4' } },
      msAgo: 3 * 60 * MINUTE,
    }),
    old: work.addNotification(ada.user, { type: 'team-invite', read: true, msAgo: MINUTE }),
  };
  await popover.addAccount(work.url, ada.token, 'Work');
  await popover.addAccount(home.url, bob.token, 'Home');
  await popover.open();
  return { work, home, sent };
}

const bell = (page: Page) => page.getByRole('button', { name: /^Inbox:/ });
const items = (page: Page) => page.locator('tt-inbox li');

async function openInbox(page: Page, unread: number): Promise<void> {
  await expect(bell(page)).toHaveAccessibleName(`Inbox: ${unread} unread`);
  await bell(page).click();
  await expect(page.getByRole('heading', { name: 'Inbox' })).toBeVisible();
}

test('unread notifications of two accounts, merged newest first, marked read on their servers', async ({
  popover,
}) => {
  const { page } = popover;
  const { work, sent } = await twoInboxes(popover);
  await openInbox(page, 4);
  await expect(items(page).locator('.title')).toHaveText([
    'pi-garage crashed',
    'line-3 crashed',
    'Invitation to join Makers <b>Guild</b>',
    'line-4 is in safe mode',
  ]);
  await expect(items(page).locator('.meta')).toHaveText([
    'Home · just now',
    'Work · 2 min ago',
    'Home · 5 min ago',
    'Work · 3 h ago',
  ]);
  // Server text is text: the team's name shows its markup as typed, nothing is rendered.
  await expect(items(page).locator('b')).toHaveCount(0);
  await expect(items(page).nth(2).locator('.text')).toHaveText('From carol');

  // Mark read: gone here, read on Home's server.
  await items(page).nth(0).getByRole('button', { name: 'Mark read: pi-garage crashed' }).click();
  await expect(items(page)).toHaveCount(3);
  await expect.poll(() => sent.device?.read).toBe(true);

  // Opening one opens its FlowFuse page on its own server, and marks it read.
  await items(page)
    .nth(0)
    .getByRole('button', { name: /^line-3 crashed/ })
    .click();
  await expect
    .poll(() => popover.shell.opened)
    .toEqual([`${work.origin}/instance/inst-1/overview`]);
  await expect.poll(() => sent.crash?.read).toBe(true);
  await expect(items(page)).toHaveCount(2);

  // Mark all read: both servers hear it, and the list is empty.
  await page.getByRole('button', { name: 'Mark all read' }).click();
  await expect(page.getByText('Nothing unread')).toBeVisible();
  await expect.poll(() => [sent.invite?.read, sent.safe?.read]).toEqual([true, true]);
  // A refresh brings nothing back.
  await popover.core.refreshAll();
  await expect(page.getByText('Nothing unread')).toBeVisible();
  // Back on the list, the bell says so too.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(bell(page)).toHaveAccessibleName('Inbox: nothing unread');
  expect(popover.pageErrors).toEqual([]);
});

test('a refusal puts the notification back and says why', async ({ popover }) => {
  const { page } = popover;
  const { home, sent } = await twoInboxes(popover);
  await openInbox(page, 4);
  home.setFault({ kind: 'status', status: 500 }, { method: 'PUT' });
  await items(page).nth(0).getByRole('button', { name: 'Mark read: pi-garage crashed' }).click();
  await expect(page.locator('.toast')).toBeVisible();
  await expect(items(page)).toHaveCount(4);
  expect(sent.device?.read).toBe(false);
  // Esc goes back to the list, where the bell still counts it.
  await page.keyboard.press('Escape');
  await expect(bell(page)).toHaveAccessibleName('Inbox: 4 unread');
});

test('an inbox that could not be read says so quietly; the account stays fine', async ({
  popover,
}) => {
  const { page } = popover;
  const { home } = await twoInboxes(popover);
  await openInbox(page, 4);
  home.setFault({ kind: 'status', status: 500 }, { path: '/api/v1/user/notifications' });
  await popover.core.refreshAll();
  await expect(page.locator('tt-inbox .trouble')).toContainText(
    'Home: the inbox could not be read.',
  );
  // What Home's inbox held before stays listed.
  await expect(items(page).filter({ hasText: 'Home ·' })).toHaveCount(2);
  await checkAndShoot(page, 'inbox-trouble-light');
  await page.keyboard.press('Escape');
  const homeAccount = (await popover.accounts()).find((each) => each.label === 'Home');
  expect(homeAccount?.status).toBe('ok');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a 2.4.0 server has no inbox: nothing shows and nothing is wrong', async ({ popover }) => {
  const { page } = popover;
  const server = await popover.server();
  const ada = seedUser(server, { username: 'ada', teams: [{ name: 'Plant', role: 50 }] });
  await popover.addAccount(server.url, ada.token, 'Old');
  await popover.open();
  await expect(page.getByText('Plant')).toBeVisible();
  await expect.poll(async () => (await popover.accounts())[0]?.inbox.supported).toBe(false);
  await expect(bell(page)).toHaveCount(0);
  const [account] = await popover.accounts();
  expect(account?.status).toBe('ok');
  expect(account?.error).toBeNull();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(popover.pageErrors).toEqual([]);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the inbox, ${scheme}: real size, 260 px wide, 150 % text, empty`, async ({ popover }) => {
    test.slow();
    const { page } = popover;
    await page.emulateMedia({ colorScheme: scheme });
    await twoInboxes(popover);
    await expect(bell(page)).toHaveAccessibleName('Inbox: 4 unread');
    await checkAndShoot(page, `inbox-bell-${scheme}`);
    await page.setViewportSize({ width: 260, height: 560 });
    await checkAndShoot(page, `inbox-bell-260-${scheme}`);
    await page.setViewportSize({ width: 400, height: 560 });
    await openInbox(page, 4);
    await expect(items(page)).toHaveCount(4);
    // The pointer rests in the margin, on no item.
    await page.mouse.move(3, 300);
    await checkAndShoot(page, `inbox-${scheme}`);
    await page.setViewportSize({ width: 260, height: 560 });
    await checkAndShoot(page, `inbox-260-${scheme}`);
    // Large OS text scales every CSS pixel: a 400 px popover holds what 267 px would.
    await page.setViewportSize({ width: 400, height: 560 });
    await page.evaluate(() => {
      document.documentElement.style.zoom = '1.5';
    });
    await checkAndShoot(page, `inbox-large-text-${scheme}`);
    await page.evaluate(() => {
      document.documentElement.style.zoom = '1';
    });
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await expect(page.getByText('Nothing unread')).toBeVisible();
    await checkAndShoot(page, `inbox-empty-${scheme}`);
  });
}
