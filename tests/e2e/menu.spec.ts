/**
 * Around the list: the menu behind ⚙ (Settings, shortcuts, Help, About, Quit), reachable from
 * the first-run screen too, and `?` for the keyboard shortcuts.
 */
import { seedUser } from '../fake-server';
import { APP_VERSION } from '../support/app-version';
import { expect, test } from './support/fixtures';
import { menuButton, teamRow } from './support/locators';

test.use({ viewport: { width: 400, height: 560 } });

test('the menu: keyboard, Help, About with the version, Quit', async ({ popover }) => {
  const { page } = popover;
  const server = await popover.server();
  const { token } = seedUser(server, { username: 'ada', teams: [{ name: 'Acme', role: 50 }] });
  await popover.addAccount(server.url, token, 'Lab');
  await popover.open();
  await expect(teamRow(page, 'Acme')).toBeVisible();

  const button = menuButton(page);
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const items = page.getByRole('menuitem');
  const texts = await items.allTextContents();
  expect(texts.map((text) => text.replace(/\s+/g, ' ').trim())).toEqual([
    'Settings',
    'Keyboard shortcuts ?',
    'Help',
    'About Teamtray',
    'Quit Teamtray',
  ]);
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('menuitem', { name: 'Quit Teamtray' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(button).toBeFocused();
  // Esc closed the menu only: the popover stays.
  expect(popover.shell.hidden).toBe(0);

  await button.click();
  await page.getByRole('menuitem', { name: 'Help' }).click();
  await expect
    .poll(() => popover.shell.opened)
    .toEqual(['https://github.com/teamtray/teamtray#use-it']);

  await button.click();
  await page.getByRole('menuitem', { name: 'About Teamtray' }).click();
  const about = page.getByRole('dialog', { name: 'About Teamtray' });
  await expect(about).toContainText(`Teamtray ${APP_VERSION}`);
  await about.getByRole('button', { name: 'Release notes' }).click();
  await expect
    .poll(() => popover.shell.opened.at(-1))
    .toBe('https://github.com/teamtray/teamtray/blob/main/CHANGELOG.md');
  await page.keyboard.press('Escape');
  await expect(about).toBeHidden();
  expect(popover.shell.hidden).toBe(0);

  await button.click();
  await page.getByRole('menuitem', { name: 'Quit Teamtray' }).click();
  await expect.poll(() => popover.shell.quits).toBe(1);
  // Teamtray's own pages go by name: no URL crossed the bridge.
  const links = popover.bridge.calls.filter((call) => call.method === 'openAppLink');
  expect(links.map((call) => call.payload)).toEqual([{ link: 'help' }, { link: 'releases' }]);
});

test('? shows the keyboard shortcuts, except while typing; Esc closes them', async ({
  popover,
}) => {
  const { page } = popover;
  const server = await popover.server();
  const { token } = seedUser(server, { username: 'ada', teams: [{ name: 'Acme', role: 50 }] });
  await popover.addAccount(server.url, token, 'Lab');
  await popover.open();
  await teamRow(page, 'Acme').focus();
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Copy the team’s address');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(popover.shell.hidden).toBe(0);

  await page.keyboard.press('/');
  await page.keyboard.type('a?');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('searchbox')).toHaveValue('a?');
});

test('the first-run screen reaches Settings, and comes back', async ({ popover }) => {
  const { page } = popover;
  await popover.open();
  await expect(page.getByRole('heading', { name: 'Welcome to Teamtray' })).toBeVisible();
  await menuButton(page).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: 'Welcome to Teamtray' })).toBeVisible();
  expect(popover.shell.hidden).toBe(0);
});
