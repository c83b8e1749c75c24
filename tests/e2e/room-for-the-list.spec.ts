/**
 * Room for the list (issue 34) at the popover's real size (400 × 560), at 260 px and at 150 %
 * text (267 × 373): what stays fixed at the top while the list scrolls is at most 40 % of the
 * height, in the worst state (quiet hours on, the account's token revoked, a team open and its
 * instances scrolling under the pinned headers); the pinned team header covers nothing of the
 * pinned account header; the list's own rows keep the account's error and Replace token.
 */
import type { Page } from '@playwright/test';
import { seedUser, type FakeFlowFuse, type SeededUser } from '../fake-server';
import { expect, test, type Popover } from './support/fixtures';
import { accountHeader, expander, instanceRow, teamRow } from './support/locators';
import { checkAndShoot } from './support/shots';

export const SIZES = [
  { name: 'real-size', viewport: { width: 400, height: 560 }, deviceScaleFactor: 2 },
  { name: '260', viewport: { width: 260, height: 560 }, deviceScaleFactor: 2 },
  // 150 % OS text: every CSS pixel is 1.5 device pixels, so 400 × 560 holds 267 × 373.
  { name: 'large-text', viewport: { width: 267, height: 373 }, deviceScaleFactor: 3 },
] as const;

/** One account ("Acme Production") whose open team has more instances than any size shows. */
async function plantBig(popover: Popover) {
  const server = await popover.server();
  const seeded = seedUser(server, {
    username: 'ada',
    teams: [
      {
        name: 'Alpha Works',
        role: 50,
        slug: 'alpha-works',
        runtime: {
          applications: [
            {
              name: 'Line Control',
              instances: Array.from({ length: 12 }, (_, n) => ({ name: `alpha-line-${n + 1}` })),
            },
          ],
        },
      },
      { name: 'Beta Labs', role: 30, slug: 'beta-labs' },
    ],
  });
  await popover.addAccount(server.url, seeded.token, 'Acme Production');
  await popover.open();
  await expect(teamRow(popover.page, 'Alpha Works').locator('.summary')).toContainText(
    '12 instances',
  );
  return { server, seeded };
}

/**
 * What does not scroll, as a share of the popover's height: everything above the list's
 * scroller, and the headers pinned over its top (their lowest edge).
 */
export function fixedShare(page: Page): Promise<number> {
  return page.evaluate(() => {
    const app = document.querySelector('tt-app')?.shadowRoot;
    const list = app?.querySelector('tt-team-list')?.shadowRoot;
    const scroller = list?.querySelector('.scroller');
    if (list === undefined || list === null || scroller === null || scroller === undefined) {
      throw new Error('no list');
    }
    let bottom = scroller.getBoundingClientRect().top;
    for (const pinned of list.querySelectorAll('.pin > *')) {
      const box = pinned.getBoundingClientRect();
      if (box.height > 0) bottom = Math.max(bottom, box.bottom);
    }
    return bottom / window.innerHeight;
  });
}

/** Scrolls the list down until `name`'s row is in the DOM (it is windowed), then to its top. */
async function scrollToInstance(page: Page, name: string): Promise<void> {
  const row = instanceRow(page, name);
  await expect
    .poll(async () => {
      if ((await row.count()) > 0) return true;
      await page.locator('.scroller').evaluate((scroller) => {
        scroller.scrollTop += 40;
      });
      return false;
    })
    .toBe(true);
  await row.evaluate((element) => {
    element.scrollIntoView({ block: 'start' });
  });
}

async function revoke(page: Page, server: FakeFlowFuse, token: string): Promise<void> {
  server.revokeToken(token);
  await page.getByRole('button', { name: 'Refresh all accounts' }).click();
  await expect(page.locator('.badge', { hasText: 'Token expired or revoked' }).first()).toBeVisible();
}

/**
 * Quiet hours on, Alpha Works open and its instances under the pinned headers, the token
 * revoked (before scrolling, or while the account's own row is far out of view).
 */
async function worstState(
  popover: Popover,
  { server, seeded }: { server: FakeFlowFuse; seeded: SeededUser },
  revokeFirst = true,
): Promise<void> {
  const { page } = popover;
  await page.getByRole('button', { name: 'Quiet until tomorrow' }).click();
  await expander(page, 'Alpha Works').click();
  await expect(instanceRow(page, 'alpha-line-1')).toBeVisible();
  if (revokeFirst) await revoke(page, server, seeded.token);
  await scrollToInstance(page, revokeFirst ? 'alpha-line-3' : 'alpha-line-9');
  if (!revokeFirst) await revoke(page, server, seeded.token);
  await expect(page.locator('.team.pinned')).toBeVisible();
  await expect(page.locator('.account.pinned')).toBeVisible();
}

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use({ viewport: size.viewport, deviceScaleFactor: size.deviceScaleFactor });

    test('what stays fixed over the scrolling list is at most 40 % of the height', async ({
      popover,
    }) => {
      const { page } = popover;
      const planted = await plantBig(popover);
      expect(await fixedShare(page)).toBeLessThanOrEqual(0.4);
      await worstState(popover, planted);
      expect(await fixedShare(page)).toBeLessThanOrEqual(0.4);
      // The pinned account header is one line: its name and its status.
      const pinned = page.locator('.account.pinned');
      await expect(pinned.locator('.account-label')).toHaveText('Acme Production');
      await expect(pinned.locator('.badge')).toContainText('Token expired or revoked');
      await expect(pinned.getByText('Replace token')).toHaveCount(0);
    });

    test('the pinned team header covers nothing of the pinned account header', async ({
      popover,
    }) => {
      const { page } = popover;
      await worstState(popover, await plantBig(popover), false);
      const account = await page.locator('.account.pinned').boundingBox();
      const team = await page.locator('.team.pinned').boundingBox();
      expect(account).not.toBeNull();
      expect(team).not.toBeNull();
      if (account === null || team === null) return;
      expect(team.y).toBeGreaterThanOrEqual(account.y + account.height - 0.5);
      // The error and its button are in the account's own row, whole when it is in view.
      await page.locator('.scroller').evaluate((scroller) => {
        scroller.scrollTop = 0;
      });
      const header = accountHeader(page, 'Acme Production');
      const replace = header.getByRole('button', { name: 'Replace token' });
      await expect(replace).toBeInViewport({ ratio: 1 });
      await expect(header.locator('.account-error')).toBeVisible();
      await replace.click({ trial: true });
    });

    for (const scheme of ['light', 'dark'] as const) {
      test(`screenshots, ${scheme}`, async ({ popover }) => {
        const { page } = popover;
        await page.emulateMedia({ colorScheme: scheme });
        await worstState(popover, await plantBig(popover));
        await checkAndShoot(page, `room-pinned-${size.name}-${scheme}`);
        await page.locator('.scroller').evaluate((scroller) => {
          scroller.scrollTop = 0;
        });
        await checkAndShoot(page, `room-top-${size.name}-${scheme}`);
      });
    }
  });
}
