/**
 * Screenshots of Settings' General and Notifications at the popover's size (400 × 560) and at
 * 260 px wide, light and dark, to be looked at (tests/artifacts/screenshots/settings-*): the
 * shortcut recorder at rest, listening with modifiers held, refusing a combination with its
 * reason, and saved; then the notification toggles. Each passes axe and the sideways check.
 */
import type { Page } from '@playwright/test';
import { seedUser } from '../fake-server';
import { checkAndShoot } from './support/shots';
import { expect, test, type Popover } from './support/fixtures';
import { openSettings } from './support/locators';

test.use({ viewport: { width: 400, height: 560 }, deviceScaleFactor: 2 });

async function settings(popover: Popover): Promise<void> {
  const server = await popover.server({ version: '2.24.1' });
  const { token } = seedUser(server, {
    username: 'ada',
    teams: [{ name: 'Acme Production', role: 50 }],
  });
  await popover.addAccount(server.url, token, 'Acme (sample server)');
  await popover.open();
  await openSettings(popover.page);
}

async function scrollTo(page: Page, heading: string): Promise<void> {
  await page.getByRole('heading', { name: heading }).evaluate((element) => {
    element.scrollIntoView({ block: 'start' });
  });
}

for (const scheme of ['light', 'dark'] as const) {
  for (const width of [400, 260] as const) {
    test(`Settings: the shortcut recorder and notifications (${scheme}, ${width} px)`, async ({
      popover,
    }) => {
      test.slow();
      const { page } = popover;
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height: 560 });
      const shot = (name: string) => checkAndShoot(page, `settings-${name}-${width}-${scheme}`);
      await settings(popover);
      const field = page.getByRole('textbox', { name: 'Global shortcut' });

      await scrollTo(page, 'General');
      await shot('general');

      await field.click();
      await page.keyboard.down('Control');
      await page.keyboard.down('Shift');
      await expect(field).toHaveValue('Ctrl+Shift+…');
      await shot('recording');
      await page.keyboard.up('Shift');
      await page.keyboard.up('Control');

      await page.keyboard.press('Control+KeyC');
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await shot('shortcut-refused');

      await page.keyboard.press('Control+Shift+KeyT');
      await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
      await shot('shortcut-saved');

      await scrollTo(page, 'Notifications');
      await page.mouse.move(1, 1);
      await shot('notifications');
      expect(popover.pageErrors).toEqual([]);
    });
  }
}
