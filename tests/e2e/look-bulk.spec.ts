/**
 * Screenshots of many instances at once, at the popover's real size (400 × 560), 260 px wide and
 * at 150 % OS text (267 × 373 CSS px), light and dark: three instances picked across two teams
 * with the bar under the list, then the question, then main's summary. Each view passes axe
 * (nothing serious or critical) and spills nothing sideways.
 */
import { expect, test } from './support/fixtures';
import { expander, instanceRow, searchBox } from './support/locators';
import { plant } from './support/runtime-seed';
import { checkAndShoot, inBothThemes } from './support/shots';

test.describe.configure({ timeout: 120_000 });

const SIZES = [
  { name: 'real-size', viewport: { width: 400, height: 560 }, deviceScaleFactor: 2 },
  { name: '260', viewport: { width: 260, height: 560 }, deviceScaleFactor: 2 },
  { name: 'large-text', viewport: { width: 267, height: 373 }, deviceScaleFactor: 3 },
] as const;

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use({ viewport: size.viewport, deviceScaleFactor: size.deviceScaleFactor });

    test('a selection, its question and its summary', async ({ popover }) => {
      test.slow();
      const { page } = popover;
      const shoot = (name: string) =>
        inBothThemes(page, (scheme) => checkAndShoot(page, `bulk-${name}-${size.name}-${scheme}`));
      const { server } = await plant(popover);
      // The restarts stay under way long enough to be seen, then settle.
      server.addFault({ kind: 'latency', ms: 1_500 }, { method: 'POST', path: /\/actions\// });
      await expander(page, 'Alpha Works').click();
      await instanceRow(page, 'alpha-line-2').focus();
      await page.keyboard.press('Space');
      await page.keyboard.press('ArrowDown');
      await expect(instanceRow(page, 'alpha-line-1')).toBeFocused();
      await page.keyboard.press('Space');
      // The member's instance, found by a search: what was picked stays picked meanwhile.
      await searchBox(page).fill('beta-ui');
      await instanceRow(page, 'beta-ui').hover();
      await instanceRow(page, 'beta-ui').getByRole('checkbox', { name: 'Select beta-ui' }).click();
      await searchBox(page).fill('');
      await page.keyboard.press('Escape');
      const bar = page.getByRole('region', { name: 'Selected instances' });
      await expect(bar).toContainText('3 selected');
      // One compact line that wraps where it must: never a third of the popover (it was, at
      // 150 % text: two lines of buttons under a head line).
      const height = (await bar.boundingBox())?.height ?? Number.POSITIVE_INFINITY;
      expect(height).toBeLessThanOrEqual(size.viewport.height * 0.15);
      // The actions keep their names where they show their icons only.
      const actions = bar.getByRole('group', { name: 'Act on the selected instances' });
      for (const verb of ['Start', 'Restart', 'Stop', 'Suspend']) {
        await expect(actions.getByRole('button', { name: verb, exact: true })).toBeVisible();
      }
      const words = actions.locator('.bulk-word').first();
      await (size.name === 'real-size' ? expect(words).toBeVisible() : expect(words).toBeHidden());
      await shoot('selection');

      await bar.getByRole('button', { name: 'Restart' }).click();
      await expect(page.getByRole('dialog')).toContainText('Left out: beta-ui');
      await shoot('question');
      await page.getByRole('dialog').getByRole('button', { name: 'Restart 2' }).click();
      await expect(bar.locator('.bulk-summary-text')).toHaveText(
        '2 restarted · 1 refused: you are a member of Beta Labs',
        { timeout: 10_000 },
      );
      await page.mouse.move(1, 1);
      await shoot('summary');
      expect(popover.pageErrors).toEqual([]);
    });
  });
}
