/**
 * The list's first frame draws the rows in view and nothing that is hidden (issue 30's first
 * paint): a team row's buttons, shown only on hover or focus, are more than half of its
 * elements, so they are drawn once that frame is painted. A row pointed at or focused right
 * after the popover opens still shows them.
 */
import { seedUser } from '../fake-server';
import { expect, test, type Popover } from './support/fixtures';
import { teamRow } from './support/locators';

test.use({ viewport: { width: 400, height: 560 } });

interface FirstFrame {
  readonly teams: number;
  readonly actions: number;
}

/** Counts, when the list marks its first teams laid out, its team rows and their buttons. */
async function watchFirstFrame(popover: Popover): Promise<void> {
  await popover.page.addInitScript(() => {
    const mark = performance.mark.bind(performance);
    performance.mark = (name: string, options?: PerformanceMarkOptions): PerformanceMark => {
      if (name === 'teamtray:first-teams') {
        const list = document
          .querySelector('tt-app')
          ?.shadowRoot?.querySelector('tt-team-list')?.shadowRoot;
        (window as unknown as { firstFrame: FirstFrame }).firstFrame = {
          teams: list?.querySelectorAll('.row.team').length ?? -1,
          actions: list?.querySelectorAll('.row.team .actions').length ?? -1,
        };
      }
      return mark(name, options);
    };
  });
}

async function teams(popover: Popover): Promise<void> {
  const server = await popover.server();
  const { token } = seedUser(server, {
    username: 'ada',
    teams: Array.from({ length: 12 }, (_, i) => ({ name: `Team ${i + 1}`, role: 50 })),
  });
  await popover.addAccount(server.url, token, 'Lab');
}

test('the first frame draws no team row’s buttons; they follow it', async ({ popover }) => {
  const { page } = popover;
  await teams(popover);
  await watchFirstFrame(popover);
  await popover.open();
  const first = await page.waitForFunction(
    () => (window as unknown as { firstFrame?: FirstFrame }).firstFrame,
  );
  const seen = (await first.jsonValue()) as FirstFrame;
  expect(seen.teams).toBeGreaterThan(3);
  expect(seen.actions).toBe(0);
  // Once that frame is painted, every team row drawn has them (hidden until hover or focus).
  const rows = page.locator('.row.team');
  await expect(page.locator('.row.team .actions')).toHaveCount(await rows.count());
  await expect(page.locator('.row.team .actions').first()).toBeHidden();
  expect(popover.pageErrors).toEqual([]);
});

test('a row pointed at or focused as soon as the list shows has its buttons', async ({
  popover,
}) => {
  const { page } = popover;
  await teams(popover);
  await popover.open();
  const row = teamRow(page, 'Team 2');
  await row.hover();
  await expect(row.getByRole('button', { name: 'Rename Team 2' })).toBeVisible();
  await row.getByRole('button', { name: 'Copy the address of Team 2' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
  await page.mouse.move(1, 1);
  await teamRow(page, 'Team 3').focus();
  await expect(
    teamRow(page, 'Team 3').getByRole('button', { name: 'Open Team 3 in the browser' }),
  ).toBeVisible();
  expect(popover.pageErrors).toEqual([]);
});
