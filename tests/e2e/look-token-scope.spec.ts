/**
 * Screenshots of what a token may not do, light and dark, at the popover's real size (400 × 560),
 * at 260 px wide and at 150 % OS text (267 × 373 CSS px), kept in tests/artifacts/screenshots to
 * be looked at: a read-only token's team row after Rename was pressed (why, under the row) and
 * its device row pointed at (Restart and developer mode disabled); its inbox saying it needs a
 * token that may write; an account whose token was refused after its known expiry. Each view
 * passes axe and spills nothing sideways.
 */
import type { Locator } from '@playwright/test';
import { seedUser } from '../fake-server';
import { expect, test } from './support/fixtures';
import { accountHeader, deviceRow, searchBox, teamRow } from './support/locators';
import { seedReadOnly } from './support/read-only-seed';
import { checkAndShoot, inBothThemes } from './support/shots';

const SIZES = [
  { name: 'real-size', viewport: { width: 400, height: 560 }, deviceScaleFactor: 2 },
  { name: '260', viewport: { width: 260, height: 560 }, deviceScaleFactor: 2 },
  // 150 % OS text: every CSS pixel is 1.5 device pixels, so 400 × 560 holds 267 × 373.
  { name: 'large-text', viewport: { width: 267, height: 373 }, deviceScaleFactor: 3 },
] as const;

async function pointAt(row: Locator, name: string): Promise<Locator> {
  const button = row.getByRole('button', { name, exact: true });
  await expect(async () => {
    await row.hover();
    await expect(button).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  return button;
}

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.describe.configure({ timeout: 120_000 });
    test.use({ viewport: size.viewport, deviceScaleFactor: size.deviceScaleFactor });

    test('a read-only token: the disabled actions with why, and its inbox', async ({ popover }) => {
      const { page } = popover;
      await seedReadOnly(popover);
      const team = teamRow(page, 'Alpha Works');
      await (await pointAt(team, 'Rename Alpha Works')).click({ force: true });
      await expect(team.getByRole('alert')).toContainText('This token is read-only');
      await searchBox(page).fill('press-01');
      const device = deviceRow(page, 'press-01');
      await (await pointAt(device, 'Restart press-01')).click({ force: true });
      await expect(device.getByRole('alert')).toContainText('This token is read-only');
      await pointAt(device, 'Restart press-01');
      await inBothThemes(page, (scheme) =>
        checkAndShoot(page, `token-read-only-${size.name}-${scheme}`),
      );

      await searchBox(page).fill('');
      await page.getByRole('button', { name: /^Inbox:/ }).click();
      await expect(page.locator('tt-inbox')).toContainText('needs a token that may write');
      await page.mouse.move(1, 1);
      await inBothThemes(page, (scheme) =>
        checkAndShoot(page, `inbox-needs-write-${size.name}-${scheme}`),
      );
      expect(popover.pageErrors).toEqual([]);
    });

    test('a token refused after its known expiry', async ({ popover }) => {
      const { page } = popover;
      const server = await popover.server();
      const ada = seedUser(server, {
        username: 'ada',
        teams: [{ name: 'Alpha Works', role: 50 }],
        token: { name: 'teamtray-laptop', expiresAt: Date.now() + 3_000 },
      });
      const saved = await popover.addAccount(server.url, ada.token, 'Plant');
      await expect
        .poll(async () => (await popover.accounts())[0]?.tokenInfo?.name)
        .toBe('teamtray-laptop');
      const expiresAt = (await popover.accounts())[0]?.tokenInfo?.expiresAt ?? Date.now();
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, expiresAt - Date.now() + 100)),
      );
      await popover.open();
      const header = accountHeader(page, 'Plant');
      await expect(async () => {
        await popover.core.dispatch('refresh', { accountId: saved.id });
        await expect(header.locator('.account-error')).toContainText('Token expired on', {
          timeout: 2_000,
        });
      }).toPass({ timeout: 20_000 });
      await page.mouse.move(1, 1);
      await inBothThemes(page, (scheme) =>
        checkAndShoot(page, `token-expired-${size.name}-${scheme}`),
      );
      expect(popover.pageErrors).toEqual([]);
    });
  });
}
