/**
 * Quiet hours on a schedule: set in Settings › Notifications (on, from, to, the days), saved by
 * main; inside the window the list says "Quiet until …" in the user's clock format and no
 * notification is told; "Notify now" ends the window that holds (saved, and told again at once).
 * Screenshots of the Settings section and the quiet line, light and dark, at 400 × 560, 260 px wide
 * and 150 % text (tests/artifacts/screenshots/quiet-hours-*).
 */
import type { Page } from '@playwright/test';
import { checkAndShoot } from './support/shots';
import { expect, test, type Popover } from './support/fixtures';
import { expander, openSettings } from './support/locators';
import { item, plant } from './support/runtime-seed';

const HOUR = 3_600_000;
const ON = 'Quiet hours on a schedule';

/** "HH:MM" of a local time, as a time field takes it. */
function clock(at: number): string {
  const date = new Date(at);
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

/** A time of day as the page's locale writes it ("8:00 AM", "08:00"). */
function clockIn(page: Page, at: number): Promise<string> {
  return page.evaluate(
    (time) =>
      new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(time),
    at,
  );
}

/** Turns the schedule on in Settings, from an hour ago to an hour from now; answers its end. */
async function scheduleAroundNow(popover: Popover): Promise<number> {
  const { page } = popover;
  const now = Date.now();
  await openSettings(page);
  await page.getByRole('checkbox', { name: ON, exact: true }).check();
  await expect.poll(() => popover.core.settings().quietHours.on).toBe(true);
  await page.getByLabel('From', { exact: true }).fill(clock(now - HOUR));
  await page.getByLabel('To', { exact: true }).fill(clock(now + HOUR));
  await expect
    .poll(() => popover.core.settings().quietHours)
    .toMatchObject({ on: true, from: clock(now - HOUR), to: clock(now + HOUR) });
  const end = new Date(now + HOUR);
  end.setSeconds(0, 0);
  return end.getTime();
}

test('a schedule set in Settings quiets the list and the notifications; Notify now ends it', async ({
  popover,
}) => {
  const { page } = popover;
  const planted = await plant(popover);
  const alpha = planted.seeded.runtimes[0];
  if (alpha === undefined) throw new Error('fixture');
  await expander(page, 'Alpha Works').click();
  const end = await scheduleAroundNow(popover);

  // The days it starts on: one unticked is saved without it, and back.
  const sunday = page.getByRole('checkbox', { name: 'Sunday', exact: true });
  await sunday.uncheck();
  await expect.poll(() => popover.core.settings().quietHours.days).toEqual([1, 2, 3, 4, 5, 6]);
  await sunday.check();
  await expect.poll(() => popover.core.settings().quietHours.days).toEqual([0, 1, 2, 3, 4, 5, 6]);

  await page.getByRole('button', { name: 'Back' }).click();
  const line = page.locator('.quiet-line');
  await expect(line.locator('span')).toHaveText(`Quiet until ${await clockIn(page, end)}`);
  await expect(page.getByRole('button', { name: 'Quiet until tomorrow' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // Inside the window a crash is not told.
  const one = item(alpha.instances, 'alpha-line-1').id;
  const three = item(alpha.instances, 'alpha-line-3').id;
  planted.server.runtime.setInstanceState(three, 'running');
  await popover.core.refreshAll();
  planted.server.runtime.setInstanceState(one, 'crashed');
  await popover.core.refreshAll();

  await line.getByRole('button', { name: 'Notify now', exact: true }).click();
  await expect(line).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Quiet until tomorrow' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  // Saved: the window is off until its end; the schedule itself stays on.
  expect(popover.core.settings().quietOffUntil).toBe(end);
  expect(popover.core.settings().quietHours.on).toBe(true);

  planted.server.runtime.setInstanceState(three, 'crashed');
  await popover.core.refreshAll();
  const titles = () => popover.notifications.map((each) => each.title);
  await expect.poll(titles).toContain('alpha-line-3 crashed');
  expect(titles()).not.toContain('alpha-line-1 crashed');

  // A restart keeps what was saved: the schedule on, this window still ended.
  await popover.restart();
  expect(popover.core.settings().quietHours.on).toBe(true);
  await expect(page.locator('.quiet-line')).toHaveCount(0);
  expect(popover.pageErrors).toEqual([]);
});

test.describe('screenshots', () => {
  test.use({ viewport: { width: 400, height: 560 }, deviceScaleFactor: 2 });
  for (const scheme of ['light', 'dark'] as const) {
    test(`quiet hours in Settings and on the list, ${scheme}: real size, 260 px, 150 % text`, async ({
      popover,
    }) => {
      test.slow();
      const { page } = popover;
      await page.emulateMedia({ colorScheme: scheme });
      await plant(popover);
      await scheduleAroundNow(popover);
      const section = async (name: string): Promise<void> => {
        await page.getByRole('checkbox', { name: ON, exact: true }).evaluate((element) => {
          element.closest('.card')?.scrollIntoView({ block: 'start' });
        });
        await page.mouse.move(1, 1);
        await checkAndShoot(page, name);
      };
      await section(`quiet-hours-settings-${scheme}`);
      await page.setViewportSize({ width: 260, height: 560 });
      await section(`quiet-hours-settings-260-${scheme}`);
      await page.setViewportSize({ width: 400, height: 560 });
      await page.evaluate(() => {
        document.documentElement.style.zoom = '1.5';
      });
      await section(`quiet-hours-settings-large-text-${scheme}`);
      await page.evaluate(() => {
        document.documentElement.style.zoom = '';
      });
      await page.getByRole('button', { name: 'Back' }).click();
      await expect(page.locator('.quiet-line')).toBeVisible();
      await page.mouse.move(1, 1);
      await checkAndShoot(page, `quiet-hours-line-${scheme}`);
      await page.setViewportSize({ width: 260, height: 560 });
      await checkAndShoot(page, `quiet-hours-line-260-${scheme}`);
      await page.setViewportSize({ width: 400, height: 560 });
      await page.evaluate(() => {
        document.documentElement.style.zoom = '1.5';
      });
      await checkAndShoot(page, `quiet-hours-line-large-text-${scheme}`);
    });
  }
});
