/**
 * A team row being renamed keeps the height it has at rest, at the popover's real size
 * (400 × 560), 260 px wide and at 150 % OS text (267 × 373 CSS px), light and dark: with the
 * field open and after Enter (what is wrong with a name, under the field, may take two lines). The rows under it do not move as the
 * field opens or closes (and the list's window is not laid out again for it). Each view passes
 * axe and spills nothing sideways.
 */
import type { Locator } from '@playwright/test';
import { seedUser } from '../fake-server';
import { expect, test } from './support/fixtures';
import { teamRow, teamRowById } from './support/locators';
import { checkAndShoot, inBothThemes } from './support/shots';

test.describe.configure({ timeout: 120_000 });

const SIZES = [
  { name: 'real-size', viewport: { width: 400, height: 560 }, deviceScaleFactor: 2 },
  { name: '260', viewport: { width: 260, height: 560 }, deviceScaleFactor: 2 },
  { name: 'large-text', viewport: { width: 267, height: 373 }, deviceScaleFactor: 3 },
] as const;

/** The row's height and the top of the row under it, in CSS px. */
function place(row: Locator, next: Locator): Promise<{ height: number; nextTop: number }> {
  return Promise.all([row.boundingBox(), next.boundingBox()]).then(([box, nextBox]) => {
    if (box === null || nextBox === null) throw new Error('a row is not shown');
    return { height: box.height, nextTop: nextBox.y };
  });
}

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use({ viewport: size.viewport, deviceScaleFactor: size.deviceScaleFactor });

    test('a team row keeps its height while it is renamed', async ({ popover }) => {
      const { page } = popover;
      const server = await popover.server();
      // A slow server: "Saving…" is on screen after Enter.
      server.setFault({ kind: 'latency', ms: 1_500 }, { method: 'PUT' });
      const seeded = seedUser(server, {
        username: 'ada',
        teams: [
          { name: 'Acme Production', role: 50, slug: 'acme-production' },
          { name: 'Beta Labs', role: 50, slug: 'beta-labs' },
        ],
      });
      const saved = await popover.addAccount(server.url, seeded.token, 'Acme');
      await popover.open();
      const row = teamRowById(page, saved.id, seeded.teams[0]?.id ?? '');
      await expect(row).toContainText('Acme Production');
      const next = teamRow(page, 'Beta Labs');
      await expect(next).toBeVisible();
      const shoot = (name: string) =>
        inBothThemes(page, (scheme) =>
          checkAndShoot(page, `rename-${name}-${size.name}-${scheme}`),
        );
      await page.mouse.move(1, 1);
      const atRest = await place(row, next);

      await row.focus();
      await page.keyboard.press('F2');
      const field = page.locator('input.editor');
      await expect(field).toBeFocused();
      await expect(row.locator('#editor-note')).toHaveText('Enter to save · Esc to cancel');
      expect(await place(row, next)).toEqual(atRest);
      await shoot('editing');

      await field.fill('Acme://Live');
      // What is wrong may take two lines where the popover is narrow: the row grows for it.
      await expect(row.locator('#editor-note')).toHaveClass('field-error');
      await shoot('error');

      await field.fill('Acme Live');
      await page.keyboard.press('Enter');
      await expect(row.locator('.meta')).toContainText('Saving…');
      await expect(row).toBeFocused();
      await expect(row.locator('.name')).toHaveText('Acme Live');
      expect(await place(row, next)).toEqual(atRest);
      await shoot('saving');
      expect(popover.pageErrors).toEqual([]);
    });
  });
}
