/**
 * The open team pinned under its account while its rows scroll: what needs the user ("2
 * crashed", "1 offline") stays whole at 400 × 560, at 260 px and at 150 % text, and its name
 * gives way before they do (the team's own row has it whole). Shot light and dark.
 */
import type { Locator } from '@playwright/test';
import { seedUser } from '../fake-server';
import { expect, test } from './support/fixtures';
import { expander, instanceRow, teamRow } from './support/locators';
import { MINUTE } from './support/runtime-seed';
import { checkAndShoot, inBothThemes } from './support/shots';

const SIZES = [
  { name: '400', viewport: { width: 400, height: 560 }, deviceScaleFactor: 2 },
  { name: '260', viewport: { width: 260, height: 560 }, deviceScaleFactor: 2 },
  // 150 % OS text: every CSS pixel is 1.5 device pixels, so 400 × 560 holds 267 × 373.
  { name: 'large-text', viewport: { width: 267, height: 373 }, deviceScaleFactor: 3 },
] as const;

/** Whether an element's text is cut (an ellipsis, or clipped by its own box). */
function cutText(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element.scrollWidth > element.clientWidth + 0.5);
}

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use({ viewport: size.viewport, deviceScaleFactor: size.deviceScaleFactor });

    test('the pinned team keeps its counts whole', async ({ popover }) => {
      const { page } = popover;
      const server = await popover.server();
      const seeded = seedUser(server, {
        username: 'ada',
        teams: [
          {
            name: 'Acme Production Lines',
            role: 50,
            slug: 'acme-production-lines',
            runtime: {
              applications: [
                {
                  name: 'Line Control',
                  instances: [
                    { name: 'line-1-pump', state: 'crashed' },
                    { name: 'line-2-pump', state: 'crashed' },
                    ...Array.from({ length: 14 }, (_, n) => ({ name: `line-${n + 3}-control` })),
                  ],
                },
              ],
              devices: [
                { name: 'press-01', lastSeen: { msAgo: 30 * MINUTE } },
                { name: 'press-02', lastSeen: 'recent' },
              ],
            },
          },
        ],
      });
      await popover.addAccount(server.url, seeded.token, 'Plant');
      await popover.open();
      const row = teamRow(page, 'Acme Production Lines');
      await expect(row.locator('.summary')).toContainText('16 instances');
      await expander(page, 'Acme Production Lines').click();
      await expect(instanceRow(page, 'line-1-pump')).toBeVisible();
      await page.locator('.scroller').evaluate((scroller) => {
        scroller.scrollTop = 260;
      });
      const pinned = page.locator('.team.pinned');
      await expect(pinned).toBeVisible();
      const states = pinned.locator('.pin-state');
      await expect(states).toHaveText(['2 crashed', '1 offline']);
      for (const state of await states.all()) expect(await cutText(state)).toBe(false);
      // Both inside the header, none under another.
      const box = await pinned.boundingBox();
      for (const state of await states.all()) {
        const each = await state.boundingBox();
        expect(each).not.toBeNull();
        if (box === null || each === null) continue;
        expect(each.x + each.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
      }
      await inBothThemes(page, (scheme) =>
        checkAndShoot(page, `pinned-team-${size.name}-${scheme}`),
      );
    });
  });
}
