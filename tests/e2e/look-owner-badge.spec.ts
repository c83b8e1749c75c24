/**
 * A team's role badge ("Owner") while its row is hovered or focused, at the popover's real size
 * (400 × 560), 260 px wide and at 150 % OS text (267 × 373 CSS px), light and dark: the row's
 * buttons cover the end of its second line, and the badge there gives way whole (not shown)
 * rather than being cut mid-word ("Owne"). Each view passes axe and spills nothing sideways.
 */
import type { Locator } from '@playwright/test';
import { seedUser } from '../fake-server';
import { expect, test } from './support/fixtures';
import { teamRow } from './support/locators';
import { checkAndShoot, inBothThemes } from './support/shots';

test.describe.configure({ timeout: 120_000 });

const SIZES = [
  { name: 'real-size', viewport: { width: 400, height: 560 }, deviceScaleFactor: 2 },
  { name: '260', viewport: { width: 260, height: 560 }, deviceScaleFactor: 2 },
  { name: 'large-text', viewport: { width: 267, height: 373 }, deviceScaleFactor: 3 },
] as const;

/**
 * The badge as the user sees it: `hidden` (not shown), `whole` (in view, its word uncut), or
 * `covered` / `cut` when the buttons lie over it or its line cuts it.
 */
function badgeSeen(row: Locator): Promise<string> {
  return row.evaluate((element) => {
    const badge = element.querySelector('.meta .badge');
    const meta = element.querySelector('.meta');
    const actions = element.querySelector('.actions');
    if (badge === null || meta === null) throw new Error('no badge');
    const b = badge.getBoundingClientRect();
    if (b.width < 1 || getComputedStyle(badge).visibility === 'hidden') return 'hidden';
    // The buttons are drawn after the list's first frame: not yet drawn, they cover nothing.
    const a = actions?.getBoundingClientRect();
    const over =
      a !== undefined &&
      a.width > 0 &&
      a.left < b.right - 0.5 &&
      a.right > b.left + 0.5 &&
      a.top < b.bottom - 0.5;
    if (over && a.bottom > b.top + 0.5) return 'covered';
    const m = meta.getBoundingClientRect();
    return b.right > m.right + 0.5 || badge.scrollWidth > badge.clientWidth + 0.5 ? 'cut' : 'whole';
  });
}

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use({ viewport: size.viewport, deviceScaleFactor: size.deviceScaleFactor });

    test('the Owner badge gives way whole to the row’s buttons, hovered and focused', async ({
      popover,
    }) => {
      const { page } = popover;
      const server = await popover.server();
      const seeded = seedUser(server, {
        username: 'ada',
        teams: [
          { name: 'Acme Production', role: 50, slug: 'acme-production' },
          { name: 'Beta Labs', role: 30, slug: 'beta-labs' },
        ],
      });
      await popover.addAccount(server.url, seeded.token, 'Acme');
      await popover.open();
      const row = teamRow(page, 'Acme Production');
      const badge = row.locator('.meta .badge');
      // At rest the badge is whole, at every size.
      await expect(badge).toHaveText('Owner');
      expect(await badgeSeen(row)).toBe('whole');
      const shoot = (name: string) =>
        inBothThemes(page, (scheme) =>
          checkAndShoot(page, `owner-badge-${name}-${size.name}-${scheme}`),
        );

      await row.hover();
      await expect(row.locator('.actions')).toBeVisible();
      // Where there is room (400 px) it stays whole; narrower it is not shown, never cut.
      const seen = size.name === 'real-size' ? ['whole'] : ['hidden', 'whole'];
      expect(seen).toContain(await badgeSeen(row));
      await shoot('hovered');

      // Focused, the pointer away: the buttons show on focus too.
      await page.mouse.move(1, 1);
      await row.focus();
      await expect(row.locator('.actions')).toBeVisible();
      expect(seen).toContain(await badgeSeen(row));
      await shoot('focused');
      // The row still says its role to a screen reader.
      await expect(row).toHaveAttribute('aria-label', /Acme Production, Owner,/);
      expect(popover.pageErrors).toEqual([]);
    });
  });
}
