/**
 * What is not on the first screen loads on first use (issue 30): the rows under a team are a
 * chunk of their own, held back here until the test lets it through. A team opened before its
 * rows are in says "Loading…" on one line (screenshots: real size, 260 px and 150 % text, light
 * and dark), then shows its rows, styled; "Restart all crashed" waits for the part, then asks.
 * A click on ⚙ before the menu's items are in opens the menu when they arrive, its first item
 * focused. The notices' band loads as soon as main's state has something for it. The account
 * form's view opened before its part is in shows its head, focused, then the form.
 */
import type { Page } from '@playwright/test';
import { seedUser } from '../fake-server';
import { expect, test } from './support/fixtures';
import {
  accountHeader,
  attentionBar,
  expander,
  instanceRow,
  menuButton,
  scrollRowIntoView,
  teamRow,
} from './support/locators';
import { plant } from './support/runtime-seed';
import { checkAndShoot, inBothThemes } from './support/shots';

/** Holds the chunk whose name matches until `release()`; then it is served as always. */
async function holdChunk(page: Page, name: string): Promise<() => void> {
  let release = (): void => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(new RegExp(`/assets/${name}-[^/]*\\.js$`), async (route) => {
    await held;
    await route.fallback();
  });
  return release;
}

const SIZES = [
  { name: 'real-size', viewport: { width: 400, height: 560 }, deviceScaleFactor: 2 },
  { name: '260', viewport: { width: 260, height: 560 }, deviceScaleFactor: 2 },
  { name: 'large-text', viewport: { width: 267, height: 373 }, deviceScaleFactor: 3 },
] as const;

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use({ viewport: size.viewport, deviceScaleFactor: size.deviceScaleFactor });

    test('a team opened before its rows are in says "Loading…" once, then shows them', async ({
      popover,
    }) => {
      const { page } = popover;
      const release = await holdChunk(page, 'child-rows-part');
      await plant(popover);
      await expander(page, 'Alpha Works').click();
      // One line where the rows will be, read out once; the other placeholders take no room.
      const placeholders = page.locator('.row.child-loading');
      await expect(placeholders.first()).toHaveText('Loading…');
      await expect(page.getByRole('listitem').filter({ hasText: 'Loading…' })).toHaveCount(1);
      expect(await placeholders.count()).toBeGreaterThan(1);
      await expect(placeholders.nth(1)).toHaveCSS('height', '0px');
      await expect(teamRow(page, 'Alpha Works')).toBeVisible();
      await inBothThemes(page, (scheme) =>
        checkAndShoot(page, `lazy-rows-loading-${size.name}-${scheme}`),
      );
      release();
      const row = instanceRow(page, 'alpha-line-1');
      // Under the crashed instance's log: below the view at 260 px and 150 % text.
      await scrollRowIntoView(page, row);
      await expect(row).toBeVisible();
      await expect(placeholders).toHaveCount(0);
      // Styled by the part's own styles, adopted with it: indented under the team.
      await expect(row).toHaveCSS('margin-left', '38px');
      await expect(page.getByRole('listitem').filter({ hasText: 'Loading…' })).toHaveCount(0);
    });
  });
}

test('"Restart all crashed" before the rows’ part is in waits for it, then asks', async ({
  popover,
}) => {
  const { page } = popover;
  const release = await holdChunk(page, 'child-rows-part');
  await plant(popover);
  await attentionBar(page).click();
  await page.getByRole('button', { name: 'Restart all crashed' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toHaveCount(0);
  release();
  await expect(dialog.getByRole('heading')).toHaveText(
    'Restart 1 instance in 1 team on 1 account?',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
});

test('⚙ clicked before the menu’s items are in opens the menu when they arrive', async ({
  popover,
}) => {
  const { page } = popover;
  const release = await holdChunk(page, 'tt-app-menu-items');
  await plant(popover);
  const button = menuButton(page);
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('menuitem')).toHaveCount(0);
  release();
  const first = page.getByRole('menuitem', { name: 'Settings' });
  await expect(first).toBeFocused();
  // Styled by the items' own styles: the menu sits under ⚙, over the list.
  await expect(page.getByRole('menu')).toHaveCSS('position', 'absolute');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
});

test('the token form opened before its part is in shows its head, then the form', async ({
  popover,
}) => {
  const { page } = popover;
  const server = await popover.server();
  const { user, token } = seedUser(server, {
    username: 'ada',
    teams: [{ name: 'Acme Production', role: 50 }],
  });
  await popover.addAccount(server.url, token, 'Production');
  const release = await holdChunk(page, 'form-body');
  await popover.open();
  server.revokeToken(token);
  await page.getByRole('button', { name: 'Refresh all accounts' }).click();
  const header = accountHeader(page, 'Production');
  await header.getByRole('button', { name: 'Replace token' }).click();
  const heading = page.getByRole('heading', { name: 'New token for Production' });
  await expect(heading).toBeFocused();
  await expect(page.getByLabel('Access token')).toHaveCount(0);
  release();
  await page.getByLabel('Access token').fill(server.createToken(user));
  await page.getByRole('button', { name: 'Save token' }).click();
  await expect(header.locator('.badge')).toHaveText('Online');
  expect(popover.pageErrors).toEqual([]);
});

test.describe('session-only tokens', () => {
  test.use({ sessionOnlyVault: 'No keyring answered: tokens are kept for this session only.' });

  test('the notices’ band shows its banner once its part is in', async ({ popover }) => {
    const { page } = popover;
    const release = await holdChunk(page, 'tt-banners');
    await plant(popover);
    await expect(teamRow(page, 'Alpha Works')).toBeVisible();
    const banner = page.getByRole('status').filter({ hasText: 'kept for this session only' });
    await expect(banner).toHaveCount(0);
    release();
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'Hide this message' }).click();
    await expect(banner).toHaveCount(0);
  });
});
