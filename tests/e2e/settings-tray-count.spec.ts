/**
 * Settings › Tray icon and summary › "Show the count on the tray": saved as it is toggled and
 * kept; while on, main's tray summary counts what the popover's attention summary counts, and
 * what the tray would show (main/tray/tray-face.ts) carries the count; off, the tray goes plain.
 * Screenshots light and dark at 400 × 560, 260 px wide and 150 % text
 * (tests/artifacts/screenshots/settings-tray-count-*).
 */
import type { Page } from '@playwright/test';
import { trayFace } from '../../main/tray/tray-face';
import { seedUser } from '../fake-server';
import { checkAndShoot } from './support/shots';
import { expect, test, type Popover } from './support/fixtures';
import { attentionBar, openSettings } from './support/locators';

const NAME = 'Show the count on the tray';

/** ada's "Plant" with one instance crashed, read; the popover open on the list. */
async function crashedPlant(popover: Popover): Promise<void> {
  const fake = await popover.server();
  const ada = seedUser(fake, {
    username: 'ada',
    teams: [
      {
        name: 'Plant',
        role: 50,
        runtime: { applications: [{ name: 'Line', instances: [{ name: 'a', state: 'crashed' }] }] },
      },
    ],
  });
  await popover.addAccount(fake.url, ada.token, 'Plant floor');
  await expect.poll(() => popover.core.traySummary().count).toBe(1);
  await popover.open();
}

async function scrollTo(page: Page, heading: string): Promise<void> {
  await page.getByRole('heading', { name: heading }).evaluate((element) => {
    element.scrollIntoView({ block: 'start' });
  });
}

const face = (popover: Popover, platform: NodeJS.Platform) =>
  trayFace(popover.core.traySummary(), {
    platform,
    iconDir: '/icons',
    showCount: popover.core.settings().trayCount,
  });

test('the count on the tray is on by default, turned off and on in Settings, and kept', async ({
  popover,
}) => {
  const { page } = popover;
  await crashedPlant(popover);
  // The tray counts what the popover's summary counts.
  await expect(attentionBar(page)).toContainText('1 instance crashed');
  expect(popover.core.traySummary()).toMatchObject({ status: 'attention', count: 1 });
  expect(face(popover, 'darwin').title).toBe(' 1');
  expect(face(popover, 'win32').iconPath).toMatch(/tray-attention-1\.ico$/);
  expect(face(popover, 'linux').tooltip).toBe(
    'Teamtray — 1 needs you\nPlant floor: 1 instance crashed',
  );

  await openSettings(page);
  const box = page.getByRole('checkbox', { name: NAME, exact: true });
  await expect(box).toBeChecked();
  await expect(box).toHaveAccessibleDescription(/beside the icon on macOS/);
  await box.click();
  await expect.poll(() => popover.core.settings().trayCount).toBe(false);
  await expect(box).not.toBeChecked();
  expect(face(popover, 'darwin').title).toBe('');
  expect(face(popover, 'win32').iconPath).toMatch(/tray-attention\.ico$/);
  expect(face(popover, 'linux').tooltip).toBe('Teamtray: something needs you');

  // Opened again, the popover shows what main kept; on again, the count is back.
  await popover.open();
  await openSettings(page);
  await expect(page.getByRole('checkbox', { name: NAME, exact: true })).not.toBeChecked();
  await page.getByRole('checkbox', { name: NAME, exact: true }).check();
  await expect.poll(() => popover.core.settings().trayCount).toBe(true);
  expect(face(popover, 'darwin').title).toBe(' 1');
  expect(popover.pageErrors).toEqual([]);
});

test.describe('screenshots', () => {
  test.use({ viewport: { width: 400, height: 560 }, deviceScaleFactor: 2 });
  for (const scheme of ['light', 'dark'] as const) {
    test(`the tray count toggle, ${scheme}: real size, 260 px wide, 150 % text`, async ({
      popover,
    }) => {
      test.slow();
      const { page } = popover;
      await page.emulateMedia({ colorScheme: scheme });
      await crashedPlant(popover);
      await openSettings(page);
      const box = page.getByRole('checkbox', { name: NAME, exact: true });
      await scrollTo(page, 'Tray icon and summary');
      await page.mouse.move(1, 1);
      await checkAndShoot(page, `settings-tray-count-${scheme}`);
      await box.click();
      await expect.poll(() => popover.core.settings().trayCount).toBe(false);
      await checkAndShoot(page, `settings-tray-count-off-${scheme}`);
      await page.setViewportSize({ width: 260, height: 560 });
      await scrollTo(page, 'Tray icon and summary');
      await checkAndShoot(page, `settings-tray-count-260-${scheme}`);
      // Large OS text scales every CSS pixel: a 400 px popover holds what 267 px would.
      await page.setViewportSize({ width: 400, height: 560 });
      await page.evaluate(() => {
        document.documentElement.style.zoom = '1.5';
      });
      await scrollTo(page, 'Tray icon and summary');
      await checkAndShoot(page, `settings-tray-count-large-text-${scheme}`);
      expect(popover.pageErrors).toEqual([]);
    });
  }
});
