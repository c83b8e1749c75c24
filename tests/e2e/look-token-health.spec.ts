/**
 * Screenshots of token health, light and dark, at the popover's real size (400 × 560), at 260 px
 * wide and at 150 % OS text (267 × 373 CSS px), kept in tests/artifacts/screenshots to be looked
 * at: an account whose token expires in 3 days (its header's "Token expires in 3 days · Replace"
 * and the summary's count) beside one whose user has two tokens ("Which of your tokens is
 * this?"), and Settings › Accounts with the token's details and the question. Each view passes
 * axe and spills nothing sideways; choosing a token there saves it.
 */
import { seedUser } from '../fake-server';
import { expect, test } from './support/fixtures';
import { accountHeader, attentionBar, openSettings } from './support/locators';
import { checkAndShoot, inBothThemes } from './support/shots';

const DAY = 24 * 60 * 60 * 1000;

const SIZES = [
  { name: 'real-size', viewport: { width: 400, height: 560 }, deviceScaleFactor: 2 },
  { name: '260', viewport: { width: 260, height: 560 }, deviceScaleFactor: 2 },
  // 150 % OS text: every CSS pixel is 1.5 device pixels, so 400 × 560 holds 267 × 373.
  { name: 'large-text', viewport: { width: 267, height: 373 }, deviceScaleFactor: 3 },
] as const;

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.describe.configure({ timeout: 120_000 });
    test.use({ viewport: size.viewport, deviceScaleFactor: size.deviceScaleFactor });

    test('a token that expires soon, a token to choose, and the token’s details', async ({
      popover,
    }) => {
      const { page } = popover;
      const server = await popover.server();
      // Half a day more than 3 days: "in 3 days" however long the set-up takes.
      const ada = seedUser(server, {
        username: 'ada',
        teams: [{ name: 'Alpha Works', role: 50 }],
        token: { name: 'teamtray-laptop', expiresAt: Date.now() + 2.5 * DAY },
      });
      const grace = seedUser(server, {
        username: 'grace',
        teams: [{ name: 'Lab', role: 30 }],
        token: { name: 'tray', expiresAt: Date.now() + 90 * DAY },
      });
      server.createToken(grace.user, { name: 'node-red-ci' });
      await popover.addAccount(server.url, ada.token, 'Plant');
      await popover.addAccount(server.url, grace.token, 'Lab');
      await expect
        .poll(async () => (await popover.accounts()).map((each) => each.tokenChoices !== null))
        .toEqual([false, true]);
      await popover.open();

      const plant = accountHeader(page, 'Plant');
      await expect(plant.locator('.account-token')).toHaveText(
        /Token expires in 3 days\s*·\s*Replace/,
      );
      await expect(accountHeader(page, 'Lab').locator('.account-token')).toContainText(
        'Which of your tokens is this?',
      );
      await expect(attentionBar(page)).toContainText('1 token expires soon');
      await page.mouse.move(1, 1);
      await inBothThemes(page, (scheme) =>
        checkAndShoot(page, `token-expiring-${size.name}-${scheme}`),
      );

      await openSettings(page);
      const details = page.locator('tt-settings-accounts .token-details');
      await expect(details).toContainText('teamtray-laptop');
      await expect(details).toContainText('Everything your account may do');
      const question = page.locator('tt-settings-accounts .token-choice');
      await expect(question).toContainText('Which of your tokens is this?');
      await question.scrollIntoViewIfNeeded();
      await inBothThemes(page, (scheme) =>
        checkAndShoot(page, `token-details-${size.name}-${scheme}`),
      );

      // Choosing saves it: the question gives way to the token's details.
      await question.getByRole('button', { name: /^tray · expires/ }).click();
      await expect(page.locator('tt-settings-accounts .token-details')).toHaveCount(2);
      await expect(page.locator('tt-settings-accounts .token-choice')).toHaveCount(0);
      const chosen = (await popover.accounts()).find((each) => each.label === 'Lab');
      expect(chosen?.tokenInfo?.name).toBe('tray');
      expect(popover.pageErrors).toEqual([]);
    });
  });
}
