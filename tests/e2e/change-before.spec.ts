/**
 * What changed just before an instance broke, in the popover: bob deploys to alpha-line-2, it
 * crashes, and its row says "Flows deployed by bob … before the crash" above its log lines, with
 * **Audit log** opening the instance's audit log in FlowFuse; the notification says it too.
 * Screenshots light and dark at 400 × 560, 260 px wide and 150 % text, each passing axe and
 * spilling nothing sideways.
 */
import { expect, test } from './support/fixtures';
import { expander, instanceRow } from './support/locators';
import { item, plant } from './support/runtime-seed';
import { checkAndShoot, inBothThemes } from './support/shots';

test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 400, height: 560 }, deviceScaleFactor: 2 });

test('a crash shows what changed just before it, above its log', async ({ popover }) => {
  test.slow();
  const { page } = popover;
  const { server, seeded } = await plant(popover);
  const line2 = item(seeded.runtimes[0]?.instances ?? [], 'alpha-line-2');
  const bob = server.addUser({ username: 'bob', name: 'Bob', email: 'bob@example.com' });
  const refresh = () => page.getByRole('button', { name: 'Refresh all accounts' }).click();
  await expander(page, 'Alpha Works').click();
  const row = instanceRow(page, 'alpha-line-2');
  // Crashed when first read, with no change in its audit log: nothing is said.
  await expect(row.locator('.log-line').first()).toBeVisible();
  await expect(row.locator('.change-before')).toHaveCount(0);

  // It runs again; bob deploys; it crashes.
  server.setInstanceState(line2, 'running');
  await refresh();
  await expect(row.locator('.child-state')).toHaveText('Running');
  server.recordAudit(line2, 'flows.set', bob, { flowsSet: { type: 'full' } });
  server.setInstanceState(line2, 'crashed');
  await refresh();
  const change = row.locator('.change-before');
  await expect(change).toContainText('Flows deployed by bob under a minute before the crash');
  // Above the log lines, on a line of its own.
  const changeBox = await change.boundingBox();
  const logBox = await row.locator('.log-lines').boundingBox();
  expect(changeBox !== null && logBox !== null).toBe(true);
  if (changeBox === null || logBox === null) return;
  expect(changeBox.y + changeBox.height).toBeLessThanOrEqual(logBox.y);
  await expect(row).toHaveAccessibleName(/Flows deployed by bob under a minute before the crash/);
  await expect
    .poll(() => popover.notifier.shown.map((each) => [each.title, each.body.split('\n')[0]]))
    .toContainEqual([
      'alpha-line-2 crashed',
      'Flows deployed by bob under a minute before the crash',
    ]);

  // The change in the middle of the list (the pinned headers cover its top).
  const centre = () =>
    change.evaluate(async (element) => {
      element.scrollIntoView({ block: 'center' });
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    });
  // The pointer rests in the margin, on no row.
  await page.mouse.move(3, 550);
  await inBothThemes(page, async (scheme) => {
    await checkAndShoot(page, `change-before-${scheme}`);
    await page.setViewportSize({ width: 260, height: 560 });
    await centre();
    await checkAndShoot(page, `change-before-260-${scheme}`);
    // Large OS text scales every CSS pixel: a 400 px popover holds what 267 px would.
    await page.setViewportSize({ width: 400, height: 560 });
    await page.evaluate(() => {
      document.documentElement.style.zoom = '1.5';
    });
    await centre();
    await checkAndShoot(page, `change-before-large-text-${scheme}`);
    await page.evaluate(() => {
      document.documentElement.style.zoom = '1';
    });
  });

  await change
    .getByRole('button', { name: 'Open the audit log of alpha-line-2 in FlowFuse' })
    .click();
  await expect
    .poll(() => popover.shell.opened)
    .toEqual([new URL(`/instance/${line2.id}/audit-log`, server.url).href]);

  // Restarted and running: the change belonged to that crash and goes with it.
  server.setInstanceState(line2, 'running');
  await refresh();
  await expect(row.locator('.child-state')).toHaveText('Running');
  await expect(change).toHaveCount(0);
  expect(popover.pageErrors).toEqual([]);
});
