/**
 * Who stopped it: another user stops an instance on the server (in FlowFuse's web UI, say); the
 * next refresh finds it stopped, Teamtray reads the instance's audit log, and the row says
 * "Stopped by bob" while the notification names bob. The account's own user reads as "you", a
 * failed start in its own words. Screenshots light and dark at the popover's real size, at
 * 260 px wide and with 150 % text, each passing axe and spilling nothing sideways.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expander, instanceRow } from './support/locators';
import { item, plant } from './support/runtime-seed';
import { checkAndShoot } from './support/shots';

test.use({ viewport: { width: 400, height: 560 }, deviceScaleFactor: 2 });

const BOB = { id: 'bob-user-id', username: 'bob' };

/** The plant, then bob stops alpha-line-1 and beta-ui fails to start; a refresh; both teams open. */
async function stoppedByBob(popover: Parameters<typeof plant>[0]) {
  const { page } = popover;
  const planted = await plant(popover);
  const [alpha, beta] = planted.seeded.runtimes;
  if (alpha === undefined || beta === undefined) throw new Error('fixture');
  planted.server.runtime.act(item(alpha.instances, 'alpha-line-1'), 'stop', BOB);
  planted.server.failStart(item(beta.instances, 'beta-ui'));
  await popover.core.refreshAll();
  // The lower team first: opening the upper one (and the crashed instance's log under it) moves
  // the lower one's chevron down while a click is on its way.
  await expander(page, 'Beta Labs').click();
  await expander(page, 'Alpha Works').click();
  return planted;
}

/** Scrolls the list so the row sits in the middle of the popover. */
async function showRow(page: Page, name: string): Promise<void> {
  await instanceRow(page, name).evaluate((row) => {
    row.scrollIntoView({ block: 'center' });
  });
}

const lastAction = (page: Page, name: string) => instanceRow(page, name).locator('.last-action');

test('a stop by another user shows under the row and in the notification', async ({ popover }) => {
  const { page } = popover;
  await stoppedByBob(popover);
  await expect(lastAction(page, 'alpha-line-1')).toHaveText('Stopped by bob · just now');
  // The seeded stop was ada's own, the account's user.
  await expect(lastAction(page, 'alpha-line-3')).toHaveText('Stopped by you · just now');
  // A running or crashed instance says nothing of who.
  await expect(lastAction(page, 'alpha-line-2')).toHaveCount(0);
  await expect(instanceRow(page, 'alpha-line-1')).toHaveAttribute(
    'aria-label',
    'alpha-line-1, instance, Stopped, in Line Control, Stopped by bob, just now',
  );
  // Alpha Works closed again, so Beta Labs' instances are in view under it.
  await expander(page, 'Alpha Works').click();
  await expect(lastAction(page, 'beta-ui')).toHaveText('Failed to start · just now');
  await expect(lastAction(page, 'beta-ui')).toHaveClass(/\bproblem\b/);
  await expect
    .poll(() => popover.notifications.map((each) => each.title))
    .toEqual(
      expect.arrayContaining(['alpha-line-1 was stopped by bob', 'beta-ui failed to start']),
    );
  expect(popover.pageErrors).toEqual([]);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the last actor, ${scheme}: real size, 260 px wide, 150 % text`, async ({ popover }) => {
    test.slow();
    const { page } = popover;
    await page.emulateMedia({ colorScheme: scheme });
    await stoppedByBob(popover);
    await expect(lastAction(page, 'alpha-line-1')).toHaveText('Stopped by bob · just now');
    await page.mouse.move(200, 555);
    await showRow(page, 'alpha-line-1');
    await checkAndShoot(page, `last-actor-${scheme}`);
    await page.locator('.scroller').evaluate((scroller) => {
      scroller.scrollTop = scroller.scrollHeight;
    });
    await expect(lastAction(page, 'beta-ui')).toBeVisible();
    await checkAndShoot(page, `last-actor-failed-${scheme}`);
    await page.setViewportSize({ width: 260, height: 560 });
    await showRow(page, 'alpha-line-1');
    await checkAndShoot(page, `last-actor-260-${scheme}`);
    // Large OS text scales every CSS pixel: a 400 px popover holds what 267 px would.
    await page.setViewportSize({ width: 400, height: 560 });
    await page.evaluate(() => {
      document.documentElement.style.zoom = '1.5';
    });
    await showRow(page, 'alpha-line-1');
    await checkAndShoot(page, `last-actor-large-text-${scheme}`);
  });
}
