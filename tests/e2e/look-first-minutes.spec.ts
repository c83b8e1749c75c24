/**
 * Screenshots of the first ten minutes at the popover's real size (400 × 560), light and dark,
 * kept in tests/artifacts/screenshots to be looked at: the add-account form's errors, the list's
 * quick actions, search marks, the rename toast, the menu and its dialogs, the session-only
 * banner over a scrolled list, and Settings at 260 px wide and with large text. Each view also
 * passes axe (nothing serious or critical) and a check that nothing spills sideways.
 */
import type { Page } from '@playwright/test';
import { TEAM_TYPES, seedUser } from '../fake-server';
import { expect, test, type Popover } from './support/fixtures';
import { accountHeader, menuButton, openSettings, searchBox, teamRow } from './support/locators';
import { checkAndShoot, inBothThemes } from './support/shots';

const TOKEN = 'ffpat_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
/** The words main/vault/electron/safe-storage-cipher.ts gives when no Linux keyring answers. */
const SESSION_REASON =
  'No keyring (GNOME Keyring, KWallet) answered: tokens are kept for this session only.';

// Each view is checked by axe and shot twice (light, then dark) from its one set-up.
test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 400, height: 560 }, deviceScaleFactor: 2 });

/** The view in both themes, from one set-up. */
async function shoot(page: Page, name: string): Promise<void> {
  await inBothThemes(page, (scheme) => checkAndShoot(page, `first-minutes-${name}-${scheme}`));
}

async function lab(popover: Popover, count = 6): Promise<string> {
  const server = await popover.server({ version: '2.24.1' });
  const names = [
    'Acme Production',
    'Field Engineering',
    'Kiosk Screens',
    'Data Science Lab',
    'Plant 1 Packaging',
    'Überwachung Werk Nord',
    'Warehouse North',
    'Warehouse South',
    'Quality Lab',
    'Maintenance',
    'Line 4 Retrofit',
    'Energy Dashboard',
  ].slice(0, count);
  const roles = [50, 30, 5, 10] as const;
  const { token } = seedUser(server, {
    username: 'ada',
    teams: names.map((name, i) => ({
      name,
      role: roles[i % roles.length] ?? 50,
      type: TEAM_TYPES.team,
      instanceCount: (i * 3) % 7,
      ...(name === 'Field Engineering' ? { slug: 'field-eng' } : {}),
    })),
  });
  await popover.addAccount(server.url, token, 'Lab');
  return server.origin;
}

test('the add-account form when the address is wrong', async ({ popover }) => {
  const { page } = popover;
  const server = await popover.server();
  const { token } = seedUser(server, { username: 'ada', teams: [] });
  await popover.open();
  await page.getByLabel('Server address').fill('app.flowfuse.invalid');
  await page.getByLabel('Access token').fill(TOKEN);
  await page.getByRole('button', { name: 'Add account' }).click();
  await expect(page.getByRole('alert')).toContainText('Check the address');
  await page.getByRole('alert').getByText('Details').click();
  await shoot(page, 'form-unknown-host');

  await page.getByLabel('Server address').fill(new URL(server.origin).host);
  await page.getByLabel('Access token').fill(token);
  await page.getByRole('button', { name: 'Add account' }).click();
  await expect(page.getByRole('alert')).toContainText('That port does not use https');
  await shoot(page, 'form-use-http');

  await page.getByLabel('Server address').fill('http://192.0.2.10');
  await page.getByRole('button', { name: 'Add account' }).click();
  await expect(page.getByRole('alert')).toContainText('Send the token over plain http?');
  await shoot(page, 'form-http-consent');
});

test('the list: quick actions, search marks, the rename toast', async ({ popover }) => {
  const { page } = popover;
  await lab(popover);
  await popover.open();
  await teamRow(page, 'Kiosk Screens').hover();
  await shoot(page, 'list-hover-dashboard');

  await searchBox(page).fill('field-e');
  await expect(teamRow(page, 'Field Engineering').locator('.slug')).toBeVisible();
  await shoot(page, 'list-search-slug');
  await searchBox(page).fill('lab');
  await shoot(page, 'list-search-name');
  await page.keyboard.press('Escape');

  await teamRow(page, 'Acme Production').focus();
  await page.keyboard.press('F2');
  await page.locator('input.editor').fill('Acme Live');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Renamed Acme Production → Acme Live')).toBeVisible();
  await page.mouse.move(5, 550);
  await shoot(page, 'list-rename-toast');
});

test('an unreachable account, and the spinner while one refreshes', async ({ popover }) => {
  const { page } = popover;
  await lab(popover, 3);
  const down = await popover.server();
  const { token } = seedUser(down, {
    username: 'ada',
    teams: [{ name: 'Remote Site', role: 50 }],
  });
  await popover.addAccount(down.url, token, 'Remote');
  await popover.open();
  await expect(teamRow(page, 'Remote Site')).toBeVisible();
  down.setFault({ kind: 'hang' }, { path: '/api/v1/user/teams' });
  await page.getByRole('button', { name: 'Refresh all accounts' }).click();
  // The account's badge, and the summary above the list that counts it.
  await expect(accountHeader(page, 'Remote').getByText('Unreachable', { exact: true })).toBeVisible(
    { timeout: 15_000 },
  );
  await expect(page.getByText('1 account unreachable')).toBeVisible();
  await page.mouse.move(5, 550);
  await shoot(page, 'list-unreachable');
});

test('the menu, the shortcuts and About', async ({ popover }) => {
  const { page } = popover;
  await lab(popover, 3);
  await popover.open();
  await menuButton(page).click();
  await shoot(page, 'menu');
  await page.keyboard.press('Escape');
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await shoot(page, 'shortcuts');
  await page.keyboard.press('Escape');
  await menuButton(page).click();
  await page.getByRole('menuitem', { name: 'About Teamtray' }).click();
  await expect(page.getByRole('dialog', { name: 'About Teamtray' })).toContainText('0.');
  await shoot(page, 'about');
});

test('first run: the menu in the corner', async ({ popover }) => {
  const { page } = popover;
  await popover.open();
  await menuButton(page).click();
  await shoot(page, 'first-run-menu');
});

test.describe('without a keychain', () => {
  test.use({ sessionOnlyVault: SESSION_REASON });

  test('the session-only banner heads the list, and scrolls away with it', async ({ popover }) => {
    const { page } = popover;
    await lab(popover, 12);
    await popover.open();
    await expect(page.getByText('kept for this session only')).toBeVisible();
    await shoot(page, 'session-banner');
    await page.locator('.scroller').evaluate((scroller) => {
      scroller.scrollTop = 200;
    });
    await shoot(page, 'session-banner-scrolled');
  });
});

test.describe('narrow and large text', () => {
  test('Settings at 260 px wide', async ({ popover }) => {
    const { page } = popover;
    await page.setViewportSize({ width: 260, height: 560 });
    await lab(popover, 12);
    await popover.open();
    await shoot(page, 'list-260');
    await openSettings(page);
    await shoot(page, 'settings-260');
    await page.locator('tt-settings').evaluate((settings) => {
      settings.closest('.view-body')?.scrollTo(0, 10_000);
    });
    await shoot(page, 'settings-260-bottom');
  });

  test('Settings with large text (the OS zooms the popover by 1.5)', async ({ popover }) => {
    const { page } = popover;
    await lab(popover, 12);
    await popover.open();
    // Large OS text scales every CSS pixel: a 400 px popover holds what 267 px would.
    await page.evaluate(() => {
      document.documentElement.style.zoom = '1.5';
    });
    await shoot(page, 'list-large-text');
    await openSettings(page);
    await shoot(page, 'settings-large-text');
  });
});
