/**
 * A view checked and kept to be looked at: axe finds nothing serious or critical, nothing spills
 * out at the right edge, and its screenshot goes to tests/artifacts/screenshots.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const SHOTS = join(import.meta.dirname, '..', '..', 'artifacts', 'screenshots');

export async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact ?? ''}): ${violation.nodes
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
}

/** Every visible box, in every shadow root, that ends past the popover's right edge. */
export function clippedAtRight(page: Page): Promise<string[]> {
  // A scroll container with overflow-x hidden would hide the clipping otherwise.
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    const walk = (root: Document | ShadowRoot): void => {
      for (const element of root.querySelectorAll('*')) {
        if (element.shadowRoot !== null) walk(element.shadowRoot);
        const box = element.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1) continue;
        if (getComputedStyle(element).visibility === 'hidden') continue;
        if (box.right > width + 0.5) out.push(`${element.localName}.${element.className}`);
      }
    };
    walk(document);
    return out;
  });
}

/** Checks the view, then keeps `${file}.png`. */
export async function checkAndShoot(page: Page, file: string): Promise<void> {
  expect(await seriousViolations(page), file).toEqual([]);
  expect(await clippedAtRight(page), file).toEqual([]);
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${file}.png`) });
}

const SCHEMES = ['light', 'dark'] as const;
export type Scheme = (typeof SCHEMES)[number];

/**
 * Takes a view in both themes from one set-up (the screenshot specs used to build every view
 * twice, once per theme): `shoot` runs with the light theme, then with the dark one.
 */
export async function inBothThemes(
  page: Page,
  shoot: (scheme: Scheme) => Promise<void>,
): Promise<void> {
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    await shoot(scheme);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}
