/**
 * Small screens and large text: at 150 % OS text the popover's 400 × 560 holds 267 × 373 CSS px,
 * and a popover may be 260 px wide. The words that say what needs the user ("1 crashed",
 * "1 offline") stay whole, the buttons a hover shows cover neither a name nor a state, and the
 * first run's Add account is inside the popover. Screenshots light and dark at each size.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expander, instanceRow, teamRow } from './support/locators';
import { plant } from './support/runtime-seed';
import { checkAndShoot } from './support/shots';

/** Why `target` is not fully shown, or null: cut by an ancestor that clips, or by an ellipsis. */
function clipOf(target: Locator): Promise<string | null> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const view = document.documentElement.getBoundingClientRect();
    if (box.right > Math.min(view.right, window.innerWidth) + 0.5) return 'past the right edge';
    let node: Element | null = element;
    while (node !== null && !node.classList.contains('row')) {
      const style = getComputedStyle(node);
      if (style.overflowX !== 'visible') {
        if (node.scrollWidth > node.clientWidth + 1) {
          return `${node.className}: ${node.scrollWidth} > ${node.clientWidth}`;
        }
        const outer = node.getBoundingClientRect();
        if (box.right > outer.right + 0.5 || box.left < outer.left - 0.5) {
          return `outside ${node.className}`;
        }
      }
      const parent: Node | null = node.parentNode;
      node = parent instanceof ShadowRoot ? parent.host : parent instanceof Element ? parent : null;
    }
    return null;
  });
}

/** Whether two elements' boxes overlap (by more than a hairline). */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [one, two] = [await a.boundingBox(), await b.boundingBox()];
  if (one === null || two === null) return false;
  const x = Math.min(one.x + one.width, two.x + two.width) - Math.max(one.x, two.x);
  const y = Math.min(one.y + one.height, two.y + two.height) - Math.max(one.y, two.y);
  return x > 1 && y > 1;
}

async function expectStateWordsWhole(page: Page): Promise<void> {
  const alpha = teamRow(page, 'Alpha Works');
  await expect(alpha.locator('.qualifier')).toHaveText(['1 crashed', '1 offline']);
  for (const word of await page.locator('.row.team .qualifier').all()) {
    expect(await clipOf(word), await word.innerText()).toBeNull();
  }
}

async function expectAddAccountInside(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: 'Add account' });
  await expect(button).toBeVisible();
  const box = await button.boundingBox();
  const size = page.viewportSize();
  expect(box).not.toBeNull();
  expect(size).not.toBeNull();
  if (box === null || size === null) return;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(size.height);
  expect(box.x + box.width).toBeLessThanOrEqual(size.width);
}

const SIZES = [
  { name: 'real-size', viewport: { width: 400, height: 560 }, deviceScaleFactor: 2 },
  { name: '260', viewport: { width: 260, height: 560 }, deviceScaleFactor: 2 },
  // 150 % OS text: every CSS pixel is 1.5 device pixels, so 400 × 560 holds 267 × 373.
  { name: 'large-text', viewport: { width: 267, height: 373 }, deviceScaleFactor: 3 },
] as const;

for (const size of SIZES) {
  for (const scheme of ['light', 'dark'] as const) {
    test.describe(`${size.name} ${scheme}`, () => {
      test.use({
        viewport: size.viewport,
        deviceScaleFactor: size.deviceScaleFactor,
        colorScheme: scheme,
      });
      const shoot = (page: Page, name: string) =>
        checkAndShoot(page, `small-${name}-${size.name}-${scheme}`);

      test('the state words stay whole, and hover buttons cover no name', async ({ popover }) => {
        test.slow();
        const { page } = popover;
        await plant(popover);
        await expectStateWordsWhole(page);
        await shoot(page, 'summaries');

        const alpha = teamRow(page, 'Alpha Works');
        await alpha.hover();
        await expect(alpha.locator('.actions')).toBeVisible();
        expect(await overlap(alpha.locator('.actions'), alpha.locator('.name'))).toBe(false);
        for (const part of await alpha.locator('.summary .part').all()) {
          expect(await overlap(alpha.locator('.actions'), part)).toBe(false);
        }
        await shoot(page, 'team-hover');

        await expander(page, 'Alpha Works').click();
        const crashed = instanceRow(page, 'alpha-line-2');
        await crashed.hover();
        const buttons = crashed.locator('.child-actions');
        await expect(buttons).toBeVisible();
        expect(await overlap(buttons, crashed.locator('.child-name'))).toBe(false);
        expect(await overlap(buttons, crashed.locator('.child-state'))).toBe(false);
        expect(await clipOf(crashed.locator('.child-state'))).toBeNull();
        await shoot(page, 'instance-hover');
      });

      test('the first run’s Add account is inside the popover', async ({ popover }) => {
        const { page } = popover;
        await popover.open();
        await expectAddAccountInside(page);
        await shoot(page, 'first-run');
      });
    });
  }
}
