/**
 * A device that does not reach its target snapshot, in the popover: told to run "line v2" while
 * it runs "line v1", its row says "Updating to line v2"; a quarter of an hour later (the page's
 * clock moved on) it says "Not updated: runs line v1, told to run line v2" in the problem's
 * colour, and the summary counts "1 device not updated".
 * Screenshots light and dark at 400 × 560, 260 px wide and 150 % text, each passing axe and
 * spilling nothing sideways.
 */
import { STUCK_AFTER_MS } from '../../common/stuck-deploy';
import { expect, test } from './support/fixtures';
import {
  attentionBar,
  deviceRow,
  expander,
  scrollRowIntoView,
  searchBox,
} from './support/locators';
import { item, plant } from './support/runtime-seed';
import { checkAndShoot, inBothThemes } from './support/shots';

test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 400, height: 560 }, deviceScaleFactor: 2 });

test('a device not updated after 15 minutes names both snapshots and is counted', async ({
  popover,
}) => {
  test.slow();
  const { page } = popover;
  await page.clock.install();
  const { server, seeded } = await plant(popover);
  const press = item(seeded.runtimes[0]?.devices ?? [], 'press-02');
  server.setDeviceSnapshots(press, { active: 'line v1', target: 'line v2' });
  await page.getByRole('button', { name: 'Refresh all accounts' }).click();
  await expander(page, 'Alpha Works').click();
  const row = deviceRow(page, 'press-02');
  await scrollRowIntoView(page, row);
  await expect(row.locator('.deploy')).toHaveText('Updating to line v2');
  await expect(attentionBar(page)).not.toContainText('not updated');

  // A quarter of an hour on, still not there.
  await page.clock.fastForward(STUCK_AFTER_MS + 60_000);
  await expect(attentionBar(page)).toContainText('1 device not updated');
  // The devices are below the crashed instance's log: the list draws only the rows in view.
  const toDevices = () =>
    page.locator('.scroller').evaluate(async (scroller) => {
      // Again once the rows it scrolled to are drawn and measured (a zoom changes their height).
      for (let i = 0; i < 3; i += 1) {
        scroller.scrollTop = scroller.scrollHeight;
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      }
    });
  await toDevices();
  await expect(row.locator('.deploy')).toHaveText('Not updated: runs line v1, told to run line v2');
  await expect(row.locator('.deploy')).toHaveClass(/problem/);
  await expect(row).toHaveAccessibleName(/Not updated: runs line v1, told to run line v2/);
  // The row in the middle of the list: the pinned headers cover the top of it.
  const centre = async () => {
    await row.evaluate((element) => {
      element.scrollIntoView({ block: 'center' });
    });
    await expect(row.locator('.deploy')).toBeInViewport();
  };
  await centre();
  await page.mouse.move(3, 550);
  await inBothThemes(page, async (scheme) => {
    await checkAndShoot(page, `stuck-deploy-${scheme}`);
    await page.setViewportSize({ width: 260, height: 560 });
    await toDevices();
    await checkAndShoot(page, `stuck-deploy-260-${scheme}`);
    // Large OS text: 150 % of a 400 × 560 popover holds what 267 × 373 CSS pixels would.
    // Found by its name, so the small view shows it whole.
    await page.setViewportSize({ width: 267, height: 373 });
    await searchBox(page).fill('press-02');
    await expect(row.locator('.deploy')).toBeInViewport();
    await page.mouse.move(3, 370);
    await checkAndShoot(page, `stuck-deploy-large-text-${scheme}`);
    await searchBox(page).fill('');
    await page.setViewportSize({ width: 400, height: 560 });
    await toDevices();
  });

  // It arrives: nothing more to say, nothing counted.
  server.setDeviceSnapshots(press, { active: 'line v2', target: 'line v2' });
  await page.getByRole('button', { name: 'Refresh all accounts' }).click();
  await expect(row.locator('.deploy')).toHaveCount(0);
  await expect(attentionBar(page)).not.toContainText('not updated');
  expect(popover.pageErrors).toEqual([]);
});
