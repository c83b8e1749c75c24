/**
 * Keep the important close: an instance pinned from its row sits at the top of the popover,
 * stays pinned after a restart of Teamtray, and shows its new name after a rename on the server
 * (pins are kept by id); a team is pinned by its key (P); an instance's notifications are
 * snoozed from its row (the row says so), and quiet hours are turned on and off from the header.
 * Screenshots light and dark at the popover's real size, at 260 px wide and with 150 % text, each
 * passing axe and spilling nothing sideways.
 */
import type { Locator, Page } from '@playwright/test';
import type { Settings } from '../../common/settings';
import type { Snapshot } from '../../common/state';
import type { Core } from '../../main/core-types';
import { expect, test } from './support/fixtures';
import { deviceRow, expander, instanceRow, teamRow } from './support/locators';
import { item, plant } from './support/runtime-seed';
import { checkAndShoot } from './support/shots';

test.use({ viewport: { width: 400, height: 560 }, deviceScaleFactor: 2 });

const rows = (page: Page): Locator => page.locator('.rows > .row');
const pinned = (page: Page, name: string): Locator =>
  instanceRow(page, name).and(page.locator('.in-pins'));
const button = (row: Locator, name: string): Locator =>
  row.getByRole('button', { name, exact: true });
/** Points at the row (its buttons show), then presses one. */
async function press(row: Locator, name: string): Promise<void> {
  await row.hover();
  await button(row, name).click();
}

test('a pinned instance sits at the top, across a restart and a rename on the server', async ({
  popover,
}) => {
  const { page } = popover;
  const planted = await plant(popover);
  const alpha = planted.seeded.runtimes[0];
  if (alpha === undefined) throw new Error('fixture');
  await expander(page, 'Alpha Works').click();
  await press(instanceRow(page, 'alpha-line-2'), 'Pin alpha-line-2');

  await expect(rows(page).nth(0)).toHaveText('Pinned · 1');
  await expect(rows(page).nth(1)).toHaveAttribute('data-key', /^p:/);
  await expect(pinned(page, 'alpha-line-2').locator('.pin-context')).toHaveText(
    'Alpha Works · Plant',
  );
  // The row below says it is pinned: its button unpins.
  const below = instanceRow(page, 'alpha-line-2').and(page.locator(':not(.in-pins)'));
  await below.hover();
  await expect(button(below, 'Unpin alpha-line-2')).toBeVisible();

  await popover.restart();
  await expect(rows(page).nth(0)).toHaveText('Pinned · 1');
  await expect(pinned(page, 'alpha-line-2')).toBeVisible();

  const two = item(alpha.instances, 'alpha-line-2').id;
  const one = item(alpha.instances, 'alpha-line-1').id;
  planted.server.runtime.renameInstance(two, 'line-2-renamed');
  await popover.core.refreshAll();
  await expect(pinned(page, 'line-2-renamed')).toBeVisible();
  await expect(pinned(page, 'alpha-line-2')).toHaveCount(0);

  // Snoozed from the pinned row: the mark shows on it.
  const row = pinned(page, 'line-2-renamed');
  const drawing = (where: Locator) => where.locator('svg').innerHTML();
  await row.hover();
  const snoozeAction = await drawing(button(row, 'Snooze line-2-renamed for 1 hour'));
  await press(row, 'Snooze line-2-renamed for 1 hour');
  await expect(row.locator('.snoozed')).toBeVisible();
  // The snoozed mark and the actions that snooze and unsnooze are three different icons.
  const mark = await drawing(row.locator('.snoozed'));
  await row.hover();
  const undo = await drawing(button(row, 'Unsnooze line-2-renamed'));
  expect(new Set([snoozeAction, mark, undo]).size).toBe(3);
  // In words, in the user's clock format (the browser's locale here).
  const at = Object.values((await savedSettings(popover.core)).snoozed)[0] ?? 0;
  await expect(row.locator('.snoozed')).toHaveText(`Snoozed until ${await clockIn(page, at)}`);
  await expect(row).toHaveAttribute('aria-label', /notifications snoozed until/);

  // While it is snoozed its crash is not told; another instance's is.
  planted.server.runtime.setInstanceState(two, 'running');
  await popover.core.refreshAll();
  planted.server.runtime.setInstanceState(two, 'crashed');
  planted.server.runtime.setInstanceState(one, 'crashed');
  await popover.core.refreshAll();
  const titles = () => popover.notifications.map((each) => each.title);
  await expect.poll(titles).toContain('alpha-line-1 crashed');
  expect(titles()).not.toContain('line-2-renamed crashed');

  await press(row, 'Unsnooze line-2-renamed');
  await expect(row.locator('.snoozed')).toHaveCount(0);
  expect(popover.pageErrors).toEqual([]);
});

test('P pins the focused team; its own button unpins it', async ({ popover }) => {
  const { page } = popover;
  await plant(popover);
  await teamRow(page, 'Beta Labs').focus();
  await page.keyboard.press('p');
  await expect(rows(page).nth(0)).toHaveText('Pinned · 1');
  const pinnedTeam = page.locator('.row.team[data-key^="p:"]');
  await expect(pinnedTeam.locator('.name')).toHaveText('Beta Labs');
  await expect(pinnedTeam.locator('.pin-context')).toHaveText('Plant');
  await press(pinnedTeam, 'Unpin Beta Labs');
  await expect(page.locator('.row.pins-heading')).toHaveCount(0);
});

test('quiet hours from the header: on until 08:00, and off again with Notify now', async ({
  popover,
}) => {
  const { page } = popover;
  await plant(popover);
  const quiet = page.getByRole('button', { name: 'Quiet until tomorrow', exact: true });
  await quiet.click();
  await expect(quiet).toHaveAttribute('aria-pressed', 'true');
  // "Quiet until 8:00 AM" in en-US: the browser's locale here, the system's in the app.
  const until = (await savedSettings(popover.core)).quietUntil ?? 0;
  expect(new Date(until).getHours()).toBe(8);
  await expect(page.locator('.quiet-line span')).toHaveText(
    `Quiet until ${await clockIn(page, until)}`,
  );
  await page.getByRole('button', { name: 'Notify now', exact: true }).click();
  await expect(page.locator('.quiet-line')).toHaveCount(0);
  expect((await savedSettings(popover.core)).quietUntil).toBeNull();
});

/** A time of day as the page's locale writes it ("8:00 AM", "08:00"). */
function clockIn(page: Page, at: number): Promise<string> {
  return page.evaluate(
    (time) =>
      new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(time),
    at,
  );
}

/** The settings main saved (its model's). */
async function savedSettings(core: Core): Promise<Settings> {
  const result = await core.dispatch('getState', undefined);
  if (!result.ok) throw new Error(result.error.message);
  return (result.value as Snapshot).state.settings;
}

for (const scheme of ['light', 'dark'] as const) {
  test(`the pinned section and a snoozed row, ${scheme}: real size, 260 px, 150 % text`, async ({
    popover,
  }) => {
    test.slow();
    const { page } = popover;
    await page.emulateMedia({ colorScheme: scheme });
    await plant(popover);
    await press(teamRow(page, 'Beta Labs'), 'Pin Beta Labs');
    await expander(page, 'Alpha Works').click();
    // The devices sit under the instances and the crashed one's log: down the list first.
    const scrollTo = (end: 'top' | 'bottom') =>
      page.locator('.scroller').evaluate((scroller, where) => {
        scroller.scrollTop = where === 'top' ? 0 : scroller.scrollHeight;
      }, end);
    await scrollTo('bottom');
    await press(deviceRow(page, 'press-02'), 'Pin press-02');
    await scrollTo('top');
    await press(instanceRow(page, 'alpha-line-2'), 'Pin alpha-line-2');
    await scrollTo('top');
    await press(pinned(page, 'alpha-line-2'), 'Snooze alpha-line-2 for 1 hour');
    await expect(pinned(page, 'alpha-line-2').locator('.snoozed')).toBeVisible();
    await page.getByRole('button', { name: 'Quiet until tomorrow', exact: true }).click();
    await expect(page.locator('.quiet-line')).toBeVisible();
    await page.mouse.move(200, 555);
    await checkAndShoot(page, `pins-${scheme}`);
    await page.setViewportSize({ width: 260, height: 560 });
    await checkAndShoot(page, `pins-260-${scheme}`);
    await page.setViewportSize({ width: 400, height: 560 });
    await page.evaluate(() => {
      document.documentElement.style.zoom = '1.5';
    });
    await checkAndShoot(page, `pins-large-text-${scheme}`);
  });
}
