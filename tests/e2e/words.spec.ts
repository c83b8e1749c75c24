/**
 * Words that mean one thing everywhere: an account (a server plus one user's token), the token
 * page's path, what search finds, where the offline-devices switch lives; the instance actions
 * say what they do when pointed at or focused; a removal asks beside the account it removes; the
 * add-account limit says how long to wait, and its Try again waits that long.
 */
import type { Page } from '@playwright/test';
import { CALL_LIMITS } from '../../main/ipc/call-limits';
import { seedUser } from '../fake-server';
import { shownWord } from './support/button-word';
import { expect, test } from './support/fixtures';
import { accountHeader, expander, instanceRow, openSettings, searchBox } from './support/locators';
import { plant } from './support/runtime-seed';
import { checkAndShoot } from './support/shots';

test('the first run and About say "account"; the token page has one path', async ({ popover }) => {
  const { page } = popover;
  await popover.open();
  await expect(page.getByText('Every team of every FlowFuse account you use')).toBeVisible();
  await expect(page.getByText('FlowFuse server you use')).toHaveCount(0);
  await expect(page.getByText('User Settings › Security › Tokens')).toBeVisible();
});

test('Replace token does not ask "No token yet?"; search names what it finds', async ({
  popover,
}) => {
  const { page } = popover;
  await plant(popover, { label: 'Plant' });
  // One word on screen, whole at any size; the accessible name says what it looks through.
  await expect(searchBox(page)).toHaveAttribute('placeholder', 'Search');
  await expect(searchBox(page)).toHaveAccessibleName(/teams, instances and devices/);
  await expect(searchBox(page)).toHaveAttribute(
    'title',
    'Searches 2 teams and their instances and devices',
  );
  // The token view: the account has one, and may need a new one.
  const server = await popover.server();
  const other = seedUser(server, { username: 'ada', teams: [{ name: 'Gamma', role: 50 }] });
  await popover.addAccount(server.url, other.token, 'Other');
  server.revokeToken(other.token);
  await page.getByRole('button', { name: 'Refresh all accounts' }).click();
  await accountHeader(page, 'Other').getByRole('button', { name: 'Replace token' }).click();
  await expect(page.getByLabel('Access token')).toBeVisible();
  await expect(page.getByText('No token yet?')).toHaveCount(0);
  await expect(page.getByText('Need a new token?')).toBeVisible();
});

test('offline devices are counted under "Tray icon and summary", not Notifications', async ({
  popover,
}) => {
  const { page } = popover;
  await plant(popover);
  await openSettings(page);
  const toggle = page.getByRole('checkbox', { name: 'Offline devices need attention' });
  await expect(toggle).toBeVisible();
  const notifications = page.getByRole('region', { name: 'Notifications' });
  // The three notifications and "When a problem is over", then quiet hours on a schedule: on, and
  // its seven days.
  await expect(notifications.getByRole('checkbox')).toHaveCount(4 + 1 + 7);
  await expect(
    notifications.getByRole('checkbox', { name: 'Offline devices need attention' }),
  ).toHaveCount(0);
  await expect(
    page
      .getByRole('region', { name: 'Tray icon and summary' })
      .getByRole('checkbox', { name: 'Offline devices need attention' }),
  ).toBeVisible();
});

test('the remove question sits in the row of the account it removes', async ({ popover }) => {
  const { page } = popover;
  await plant(popover, { label: 'First' });
  const server = await popover.server();
  const second = seedUser(server, { username: 'bob', teams: [{ name: 'Gamma', role: 50 }] });
  await popover.addAccount(server.url, second.token, 'Second');
  await openSettings(page);
  await page.getByRole('button', { name: 'Remove Second' }).click();
  const question = page.getByRole('alert').filter({ hasText: 'Remove Second?' });
  await expect(question).toBeVisible();
  // The row keeps the account's own title and who@where above the question and its buttons.
  const row = page.locator('li').filter({ has: question });
  await expect(row.locator('.who strong')).toHaveText('Second');
  await expect(row.locator('.who')).toContainText('bob');
  await expect(row.getByRole('button', { name: 'Remove', exact: true })).toBeFocused();
});

async function actionWords(page: Page): Promise<void> {
  await expander(page, 'Alpha Works').click();
  const crashed = instanceRow(page, 'alpha-line-2');
  // Its log shows by itself; hidden (Log, from the keyboard), the row fits a small popover and
  // its buttons are not under the pinned headers when it is pointed at.
  await expect(crashed.locator('.log-line').first()).toBeVisible();
  await crashed.focus();
  await crashed.getByRole('button', { name: 'Log of alpha-line-2', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(crashed.locator('.log-line')).toHaveCount(0);
  // Pointed at: the button says what it does, in words on screen (not only a tooltip).
  await crashed.hover();
  const restart = crashed
    .locator('.child-actions')
    .getByRole('button', { name: 'Restart alpha-line-2' });
  await restart.hover();
  await expect.poll(async () => (await shownWord(restart))?.text).toBe('Restart');
  // Focused from the keyboard: the same words.
  await crashed.focus();
  await page.keyboard.press('Tab');
  const editor = crashed.getByRole('button', { name: 'Open the editor of alpha-line-2' });
  await expect(editor).toBeFocused();
  await expect.poll(async () => (await shownWord(editor))?.text).toBe('Editor');
  await page.keyboard.press('Tab');
  const flowfuse = crashed.getByRole('button', { name: 'Open alpha-line-2 in FlowFuse' });
  await expect(flowfuse).toBeFocused();
  await expect.poll(async () => (await shownWord(flowfuse))?.text).toBe('FlowFuse');
  expect(await shownWord(editor)).toBeNull();
}

test('the instance actions say what they do when pointed at or focused', async ({ popover }) => {
  await plant(popover);
  await actionWords(popover.page);
});

test.describe('the app’s own call limits', () => {
  test.use({ limits: CALL_LIMITS });

  test('the add-account limit says how long to wait, and Try again waits', async ({ popover }) => {
    const { page } = popover;
    await page.clock.install();
    const server = await popover.server();
    seedUser(server, { username: 'ada', teams: [] });
    // Ten tries in a minute (main's limit), each with a token the server refuses.
    for (let i = 0; i < 10; i += 1) {
      await popover.core.dispatch('addAccount', { url: server.url, token: `ffpat_wrong${i}` });
    }
    await popover.open();
    await page.getByLabel('Server address').fill(server.url);
    await page.getByLabel('Access token').fill('ffpat_another');
    await page.getByRole('button', { name: 'Add account' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Too many');
    await expect(alert).toContainText(/try again in \d+ seconds/);
    const again = alert.getByRole('button', { name: /Try again/ });
    await expect(again).toBeDisabled();
    await expect(again).toHaveText(/Try again in \d+ s/);
    await page.clock.fastForward(61_000);
    await expect(again).toBeEnabled();
    await expect(again).toHaveText('Try again');
  });
});

for (const scheme of ['light', 'dark'] as const) {
  for (const size of [
    { name: 'real-size', viewport: { width: 400, height: 560 }, deviceScaleFactor: 2 },
    { name: '260', viewport: { width: 260, height: 560 }, deviceScaleFactor: 2 },
    { name: 'large-text', viewport: { width: 267, height: 373 }, deviceScaleFactor: 3 },
  ] as const) {
    test.describe(`${size.name} ${scheme}`, () => {
      test.use({
        viewport: size.viewport,
        deviceScaleFactor: size.deviceScaleFactor,
        colorScheme: scheme,
      });
      test('screenshots: action words, the remove question, the settings', async ({ popover }) => {
        test.slow();
        const { page } = popover;
        await plant(popover, { label: 'First' });
        await actionWords(page);
        await checkAndShoot(page, `words-action-${size.name}-${scheme}`);
        await openSettings(page);
        await page.getByRole('button', { name: 'Remove First' }).click();
        await checkAndShoot(page, `words-remove-${size.name}-${scheme}`);
        await page.getByRole('region', { name: 'Tray icon and summary' }).scrollIntoViewIfNeeded();
        await checkAndShoot(page, `words-settings-${size.name}-${scheme}`);
      });
    });
  }
}
