/**
 * Alerts you can trust (#31) in the popover, light and dark, at its real size (400 × 560), 260 px
 * wide and at 150 % OS text (267 × 373 CSS px), kept in tests/artifacts/screenshots/alerts-* to be
 * looked at: a crashed instance that runs again says so under its row ("Running again · down …")
 * and main asks for one notification of it; a device in developer mode says why it never alerts;
 * Settings › Notifications has "When a problem is over", the still-down reminder and the devices'
 * grace period, and saves a choice. Each view passes axe and the sideways check.
 */
import type { Page } from '@playwright/test';
import type { Result } from '../../common/errors';
import type { Snapshot } from '../../common/state';
import { checkAndShoot } from './support/shots';
import { expect, test } from './support/fixtures';
import { deviceRow, expander, instanceRow, openSettings } from './support/locators';
import { plant } from './support/runtime-seed';

const SIZES = [
  { name: '400', viewport: { width: 400, height: 560 }, deviceScaleFactor: 2 },
  { name: '260', viewport: { width: 260, height: 560 }, deviceScaleFactor: 2 },
  { name: 'large-text', viewport: { width: 267, height: 373 }, deviceScaleFactor: 3 },
] as const;

/** Asks main for a new read of the account, as the open popover does. */
async function refresh(page: Page, accountId: string): Promise<void> {
  await page.evaluate(
    (id) =>
      (
        window as unknown as { teamtray: { refresh(p: { accountId: string }): Promise<unknown> } }
      ).teamtray.refresh({ accountId: id }),
    accountId,
  );
}

for (const size of SIZES) {
  for (const scheme of ['light', 'dark'] as const) {
    test.describe(`${size.name} ${scheme}`, () => {
      test.use({
        viewport: size.viewport,
        deviceScaleFactor: size.deviceScaleFactor,
        colorScheme: scheme,
      });
      const shoot = (page: Page, name: string) =>
        checkAndShoot(page, `alerts-${name}-${size.name}-${scheme}`);

      test('the recovery under its row, and a device in developer mode', async ({ popover }) => {
        test.slow();
        const { page } = popover;
        const { server, seeded, accountId } = await plant(popover);
        await expander(page, 'Alpha Works').click();
        const row = instanceRow(page, 'alpha-line-2');
        await expect(row.locator('.child-state')).toHaveText('Crashed');

        const crashed = seeded.runtimes[0]?.instances.find((each) => each.name === 'alpha-line-2');
        const press = seeded.runtimes[0]?.devices.find((each) => each.name === 'press-02');
        if (crashed === undefined || press === undefined) throw new Error('fixture');
        server.setInstanceState(crashed, 'running');
        press.mode = 'developer';
        await refresh(page, accountId);
        await expect(row.locator('.recovery')).toHaveText(/^Running again · down /);
        expect(
          popover.notifications.filter((each) => each.title.includes('is running again')),
        ).toEqual([
          expect.objectContaining({
            title: expect.stringMatching(/^alpha-line-2 is running again \(down /),
          }),
        ]);
        await row.scrollIntoViewIfNeeded();
        await page.mouse.move(1, 1);
        await shoot(page, 'row');

        // Past the window of rows drawn at large text: scrolled to the team's devices first.
        await page.locator('.scroller').evaluate((scroller) => {
          scroller.scrollTop = scroller.scrollHeight;
        });
        const device = deviceRow(page, 'press-02');
        await expect(device.locator('.developer-mode')).toHaveText(
          'Developer mode · no offline alerts',
        );
        await device.scrollIntoViewIfNeeded();
        await shoot(page, 'developer-mode');
        expect(popover.pageErrors).toEqual([]);
      });

      test('Settings › Notifications: a problem over, still down, a device’s grace', async ({
        popover,
      }) => {
        test.slow();
        const { page } = popover;
        await plant(popover);
        await openSettings(page);
        const over = page.getByRole('checkbox', { name: 'When a problem is over' });
        await expect(over).toBeChecked();
        const remind = page.getByRole('combobox', { name: 'Remind me if still down' });
        const grace = page.getByRole('combobox', { name: 'Alert that a device is offline' });
        await expect(remind).toHaveValue('0');
        await expect(grace).toHaveValue('5');
        await remind.selectOption({ label: 'After 1 h' });
        const saved = async () => {
          const answer = (await popover.core.dispatch('getState', undefined)) as Result<Snapshot>;
          return answer.ok ? answer.value.state.settings.remindAfterMinutes : null;
        };
        await expect.poll(saved).toBe(60);
        await over.scrollIntoViewIfNeeded();
        await shoot(page, 'settings');
        await grace.scrollIntoViewIfNeeded();
        await shoot(page, 'settings-grace');
      });
    });
  }
}
