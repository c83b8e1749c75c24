/**
 * An instance the user restarted from Teamtray, light and dark, at the popover's real size
 * (400 × 560), 260 px wide and at 150 % OS text (267 × 373 CSS px), kept in
 * tests/artifacts/screenshots/own-restart-* to be looked at: the crashed row, restarted from its
 * own button, says what the restart did ("Restarted by you · just now"), never "Running again"
 * (that is for a problem that ended on its own: look-alerts.spec). Each view passes axe and the
 * sideways check.
 */
import { expect, test } from './support/fixtures';
import { instanceRow, openTeamRows, pressRowButton } from './support/locators';
import { plant } from './support/runtime-seed';
import { checkAndShoot, inBothThemes } from './support/shots';

test.describe.configure({ timeout: 120_000 });

const SIZES = [
  { name: 'real-size', viewport: { width: 400, height: 560 }, deviceScaleFactor: 2 },
  { name: '260', viewport: { width: 260, height: 560 }, deviceScaleFactor: 2 },
  { name: 'large-text', viewport: { width: 267, height: 373 }, deviceScaleFactor: 3 },
] as const;

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use({ viewport: size.viewport, deviceScaleFactor: size.deviceScaleFactor });

    test('the row after the user’s own restart says what it did', async ({ popover }) => {
      const { page } = popover;
      await plant(popover);
      await openTeamRows(page, 'Alpha Works');
      const row = instanceRow(page, 'alpha-line-2');
      await expect(row.locator('.child-state')).toHaveText('Crashed');
      await pressRowButton(row, 'Restart alpha-line-2');
      await expect(row.locator('.child-state')).toHaveText('Running', { timeout: 10_000 });
      await expect(row.locator('.recovery')).toHaveText('Restarted by you · just now');
      await expect(row).not.toContainText('Running again');
      await expect(row).toHaveAttribute('aria-label', /Restarted by you, just now/);
      await page.mouse.move(1, 1);
      await row.scrollIntoViewIfNeeded();
      await inBothThemes(page, (scheme) =>
        checkAndShoot(page, `own-restart-${size.name}-${scheme}`),
      );
      expect(popover.pageErrors).toEqual([]);
    });
  });
}
