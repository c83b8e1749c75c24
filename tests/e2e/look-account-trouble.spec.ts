/**
 * Screenshots of what issue 21 changed when an account goes wrong, light and dark, at the
 * popover's real size (400 × 560), at 260 px wide and with large text (the OS zooms by 1.5),
 * kept in tests/artifacts/screenshots to be looked at: a token refused mid-action, safe mode
 * named apart from a crash, teams the token may not see into, a server behind a sign-in page (in
 * the list and in the add form), and the add form waiting on a hung server. Each view also passes
 * axe (nothing serious or critical) and spills nothing sideways.
 */
import type { Page } from '@playwright/test';
import { seedUser } from '../fake-server';
import { expect, test, type Popover } from './support/fixtures';
import {
  accountHeader,
  attentionBar,
  expander,
  instanceRow,
  scrollRowIntoView,
  teamRow,
} from './support/locators';
import { item, plant } from './support/runtime-seed';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { clippedAtRight, inBothThemes, seriousViolations, SHOTS } from './support/shots';

// Each view is checked by axe and shot twice (light, then dark) from its one set-up.
test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 400, height: 560 }, deviceScaleFactor: 2 });

const SIZES = {
  full: { width: 400, zoom: 1 },
  narrow: { width: 260, zoom: 1 },
  'large-text': { width: 400, zoom: 1.5 },
} as const;

/**
 * checkAndShoot, except that a team summary's qualifier cut with an ellipsis at 260 px or large
 * text is not counted as spilling: that cut is issue 21's point 6 (small screens), not this
 * spec's; everything else must still stay inside.
 */
async function checkAndShootAllowingCutSummaries(page: Page, file: string): Promise<void> {
  expect(await seriousViolations(page), file).toEqual([]);
  const clipped = await clippedAtRight(page);
  expect(
    clipped.filter((each) => each !== 'span.qualifier'),
    file,
  ).toEqual([]);
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${file}.png`) });
}

/** Opens the popover at the size, as the OS would show it. */
async function openAt(popover: Popover, size: keyof typeof SIZES): Promise<void> {
  const { width, zoom } = SIZES[size];
  await popover.page.setViewportSize({ width, height: 560 });
  await popover.open();
  if (zoom !== 1) {
    await popover.page.evaluate((factor) => {
      document.documentElement.style.zoom = String(factor);
    }, zoom);
  }
}

/** A plant whose token is then revoked; the popover at `size`. */
async function plantAt(popover: Popover, size: keyof typeof SIZES) {
  const planted = await plant(popover);
  if (size !== 'full') await openAt(popover, size);
  return planted;
}

for (const size of Object.keys(SIZES) as (keyof typeof SIZES)[]) {
  test.describe(size, () => {
    // One set-up per view, shot in both themes.
    const shoot = (page: Page, name: string) =>
      inBothThemes(page, (scheme) =>
        checkAndShootAllowingCutSummaries(page, `trouble-${name}-${size}-${scheme}`),
      );

    test('a token revoked while acting', async ({ popover }) => {
      const { page } = popover;
      const { server, seeded } = await plantAt(popover, size);
      server.revokeToken(seeded.token);
      await expander(page, 'Alpha Works').click();
      const row = instanceRow(page, 'alpha-line-1');
      // Under the crashed alpha-line-2 and its log: below the list's window when narrow.
      await scrollRowIntoView(page, row);
      await row.hover();
      await row.getByRole('button', { name: 'Stop alpha-line-1' }).click({ force: true });
      await expect(row.getByRole('alert')).toBeVisible();
      await page.mouse.move(5, 555);
      await shoot(page, 'token-refused');
    });

    test('safe mode named apart from a crash', async ({ popover }) => {
      const { page } = popover;
      const { server, seeded } = await plantAt(popover, size);
      server.setInstanceState(item(seeded.runtimes[0]?.instances ?? [], 'alpha-line-3'), 'safe');
      await page.getByRole('button', { name: 'Refresh all accounts' }).click();
      await expect(attentionBar(page)).toContainText('1 in safe mode');
      await shoot(page, 'safe-mode');
    });

    test('teams the token may not see into', async ({ popover }) => {
      const { page } = popover;
      const server = await popover.server();
      const seeded = seedUser(server, {
        username: 'dee',
        teams: [
          { name: 'Kiosk Screens', role: 5, instanceCount: 6 },
          {
            name: 'Other Site',
            role: 30,
            runtime: { applications: [{ name: 'A', instances: [{ name: 'other-1' }] }] },
          },
          {
            name: 'Line Control',
            role: 50,
            runtime: { applications: [{ name: 'B', instances: [{ name: 'line-1' }] }] },
          },
        ],
      });
      const other = seeded.teams[1];
      if (other === undefined) throw new Error('fixture');
      server.setFault({ kind: 'status', status: 403 }, { path: new RegExp(`/teams/${other.id}/`) });
      await popover.addAccount(server.url, seeded.token, 'Dee');
      await openAt(popover, size);
      await expect(teamRow(page, 'Other Site').locator('.summary')).toHaveText(
        'Hidden from this token',
      );
      await shoot(page, 'hidden-teams');
    });

    test('a server behind a sign-in page, in the list and in the form', async ({ popover }) => {
      const { page } = popover;
      const server = await popover.server();
      const seeded = seedUser(server, { username: 'ada', teams: [{ name: 'Line', role: 50 }] });
      await popover.addAccount(server.url, seeded.token, 'Behind SSO');
      server.setFault({ kind: 'html' });
      await openAt(popover, size);
      await page.getByRole('button', { name: 'Refresh all accounts' }).click();
      const header = accountHeader(page, 'Behind SSO');
      await header.getByText('Details').click();
      await expect(header.locator('.account-error code')).toBeVisible();
      await page.mouse.move(5, 555);
      await shoot(page, 'sign-in-list');

      await popover.open();
      // A first run, as a newcomer meets it: the form, nothing saved yet.
      await popover.core.dispatch('removeAccount', {
        id: (await popover.accounts())[0]?.id ?? '',
      });
      await openAt(popover, size);
      await page.getByLabel('Server address').fill(server.url);
      await page.getByLabel('Access token').fill(seeded.token);
      await page.getByRole('button', { name: 'Add account' }).click();
      const alert = page.locator('#form-error');
      await alert.getByText('Details').click();
      await expect(alert.locator('code')).toBeVisible();
      await shoot(page, 'sign-in-form');
    });

    test.describe('with calls slower than the test', () => {
      // Only Cancel ends the check: the fixture's 2 s per call would end it first.
      test.use({ http: { timeoutMs: 20_000, totalTimeoutMs: 30_000 } });
      test('the add form on a hung server, and teams not loaded yet', async ({ popover }) => {
        const { page } = popover;
        const server = await popover.server();
        const seeded = seedUser(server, { username: 'ada', teams: [{ name: 'Line', role: 50 }] });
        server.setFault({ kind: 'hang' }, { path: '/api/json' });
        await openAt(popover, size);
        await page.getByLabel('Server address').fill(server.url);
        await page.getByLabel('Access token').fill(seeded.token);
        await page.getByRole('button', { name: 'Add account' }).click();
        await expect(page.locator('.wait')).toHaveText('Waiting 1 s (at most 15 s)');
        await shoot(page, 'hung-form');
        await page.getByRole('button', { name: 'Cancel' }).click();
        await expect(page.getByLabel('Server address')).toBeEnabled();

        server.setFault({ kind: 'hang' }, { path: '/api/v1/user/teams' });
        await popover.addAccount(server.url, seeded.token, 'Slow', { settle: false });
        await openAt(popover, size);
        await expect(page.getByText('Teams not loaded yet')).toBeVisible();
        await shoot(page, 'not-loaded');
      });
    });
  });
}
