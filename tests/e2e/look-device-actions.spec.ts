/**
 * Screenshots of a device's actions, light and dark, at the popover's real size (400 × 560), at
 * 260 px wide and at 150 % OS text (267 × 373 CSS px), kept in tests/artifacts/screenshots to be
 * looked at: a device in developer mode pointed at (its editor's page, Restart, developer mode
 * off) and a restart under way. Each view passes axe and spills nothing sideways.
 */
import type { Locator } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { deviceRow, pressRowButton, searchBox } from './support/locators';
import { plant } from './support/runtime-seed';
import { checkAndShoot, inBothThemes } from './support/shots';

const SIZES = [
  { name: 'real-size', viewport: { width: 400, height: 560 }, deviceScaleFactor: 2 },
  { name: '260', viewport: { width: 260, height: 560 }, deviceScaleFactor: 2 },
  // 150 % OS text: every CSS pixel is 1.5 device pixels, so 400 × 560 holds 267 × 373.
  { name: 'large-text', viewport: { width: 267, height: 373 }, deviceScaleFactor: 3 },
] as const;

async function pointAt(row: Locator, button: string): Promise<void> {
  await expect(async () => {
    await row.hover();
    await expect(row.getByRole('button', { name: button })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.describe.configure({ timeout: 120_000 });
    test.use({
      viewport: size.viewport,
      deviceScaleFactor: size.deviceScaleFactor,
      // The slow restart must outlast the axe runs before its screenshots, not time out first.
      http: { timeoutMs: 30_000, totalTimeoutMs: 40_000 },
    });

    test('a device’s actions, and a restart under way', async ({ popover }) => {
      test.slow();
      const { page } = popover;
      const { server } = await plant(popover, {
        server: { deviceComms: true, version: '2.27.0' },
      });
      // The list draws only the rows in view: a search brings the devices up, at every size.
      await searchBox(page).fill('press-0');
      const row = deviceRow(page, 'press-01');
      await pressRowButton(row, 'Turn developer mode on for press-01');
      await expect(row.locator('.developer-mode')).toHaveText('Developer mode · no offline alerts');
      await pointAt(row, 'Open the editor of press-01 in FlowFuse');
      await expect(row.getByRole('button', { name: 'Restart press-01' })).toBeVisible();
      await inBothThemes(page, (scheme) =>
        checkAndShoot(page, `device-actions-${size.name}-${scheme}`),
      );

      // The server takes its time to answer the restart: the row says it is under way.
      server.addFault(
        { kind: 'latency', ms: 25_000 },
        { method: 'POST', path: /\/devices\/.*restart$/ },
      );
      const other = deviceRow(page, 'press-02');
      await pressRowButton(other, 'Restart press-02');
      await expect(other.locator('.child-state')).toHaveText('Restarting…');
      await page.mouse.move(1, 1);
      await inBothThemes(page, (scheme) =>
        checkAndShoot(page, `device-restarting-${size.name}-${scheme}`),
      );
      expect(server.requests.filter((each) => each.method === 'POST')).toHaveLength(1);
      expect(popover.pageErrors).toEqual([]);
    });
  });
}
