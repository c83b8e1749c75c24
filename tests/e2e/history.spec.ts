/**
 * An instance's history in the popover (#31 point 5): alpha-line-2 is crashed when first read,
 * runs again, then bob stops it; its row renders nothing of its history until **History** opens
 * it under the row, newest first ("stopped by bob · running · crashed"), and closes it again.
 * Screenshots light and dark at 400 × 560, 260 px wide and 150 % text, each passing axe and
 * spilling nothing sideways.
 */
import { expect, test } from './support/fixtures';
import { expander, instanceRow } from './support/locators';
import { item, plant } from './support/runtime-seed';
import { checkAndShoot, inBothThemes } from './support/shots';

test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 400, height: 560 }, deviceScaleFactor: 2 });

test('History opens an instance’s last transitions under its row', async ({ popover }) => {
  test.slow();
  const { page } = popover;
  const { server, seeded } = await plant(popover);
  const line2 = item(seeded.runtimes[0]?.instances ?? [], 'alpha-line-2');
  const bob = server.addUser({ username: 'bob', name: 'Bob', email: 'bob@example.com' });
  const refresh = () => page.getByRole('button', { name: 'Refresh all accounts' }).click();
  await expander(page, 'Alpha Works').click();
  const row = instanceRow(page, 'alpha-line-2');
  await expect(row.locator('.child-state')).toHaveText('Crashed');
  server.setInstanceState(line2, 'running');
  await refresh();
  await expect(row.locator('.child-state')).toHaveText('Running');
  server.recordAudit(line2, 'project.stopped', bob, {});
  server.setInstanceState(line2, 'stopped');
  await refresh();
  await expect(row.locator('.child-state')).toHaveText('Stopped');
  await expect(row).toHaveAccessibleName(/bob/);

  // Nothing of it renders until asked for.
  await expect(row.locator('.row-history')).toHaveCount(0);
  await row.hover();
  const button = row.getByRole('button', { name: 'History of alpha-line-2', exact: true });
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const history = row.getByRole('group', { name: 'History of alpha-line-2' });
  await expect(history.getByRole('listitem')).toHaveText([
    /^\S.* stopped by bob$/,
    /^\S.* running$/,
    /^\S.* crashed$/,
  ]);

  const centre = () =>
    history.evaluate(async (element) => {
      element.scrollIntoView({ block: 'center' });
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    });
  await page.mouse.move(3, 550);
  await inBothThemes(page, async (scheme) => {
    await centre();
    await checkAndShoot(page, `history-${scheme}`);
    await page.setViewportSize({ width: 260, height: 560 });
    await centre();
    await checkAndShoot(page, `history-260-${scheme}`);
    // Large OS text scales every CSS pixel: a 400 px popover holds what 267 px would.
    await page.setViewportSize({ width: 400, height: 560 });
    await page.evaluate(() => {
      document.documentElement.style.zoom = '1.5';
    });
    await centre();
    await checkAndShoot(page, `history-large-text-${scheme}`);
    await page.evaluate(() => {
      document.documentElement.style.zoom = '1';
    });
  });

  await button.click();
  await expect(row.locator('.row-history')).toHaveCount(0);
  expect(popover.pageErrors).toEqual([]);
});
