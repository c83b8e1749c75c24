/**
 * What a server sends that Teamtray cannot read or will not keep: a team with a 230-character
 * slug (FlowFuse stores 255) is listed like any other, a team the client cannot read is named
 * on its account while every other team is listed, and a team with more instances than the cap
 * shows "and N more". Screenshots light and dark, at 400 × 560, 260 px wide and 150 % text.
 */
import { seedUser, type FakeFlowFuse } from '../fake-server';
import { expect, test, type Popover } from './support/fixtures';
import { accountHeader, teamRow } from './support/locators';
import { checkAndShoot } from './support/shots';

test.use({ viewport: { width: 400, height: 560 } });

const LONG_SLUG = `long-${'s'.repeat(225)}`;

async function oddServer(popover: Popover): Promise<FakeFlowFuse> {
  const server = await popover.server();
  const { token } = seedUser(server, {
    username: 'ada',
    teams: [
      { name: 'Acme Production', role: 50, slug: 'acme-prod' },
      { name: 'Long Slug Team', role: 30, slug: LONG_SLUG },
      { name: 'Kiosk Screens', role: 10, slug: 'kiosk' },
    ],
  });
  // A team whose slug is longer than FlowFuse's column, and one with no name: neither readable.
  server.addFault(
    {
      kind: 'extra-items',
      key: 'teams',
      items: [
        { id: 'Odd1', name: 'Odd Team', slug: 's'.repeat(300) },
        { id: 'Odd2', slug: 'no-name' },
      ],
    },
    { path: '/api/v1/user/teams' },
  );
  await popover.addAccount(server.url, token, 'Lab');
  await popover.open();
  return server;
}

test('one odd team hides no other: the good teams are listed, the odd ones named', async ({
  popover,
}) => {
  const { page } = popover;
  const server = await oddServer(popover);
  const header = accountHeader(page, 'Lab');
  await expect(header.locator('.account-left-out')).toHaveText(
    '2 teams could not be read: Odd Team, id Odd2',
  );
  await expect(header.locator('.badge')).toHaveText('Online');
  await expect(header).toContainText('3 teams');
  await expect(header).not.toContainText('not valid');
  for (const name of ['Acme Production', 'Long Slug Team', 'Kiosk Screens']) {
    await expect(teamRow(page, name)).toBeVisible();
  }
  // The team with the long slug opens at its own address.
  await teamRow(page, 'Long Slug Team').locator('.meta').click();
  await expect.poll(() => popover.shell.opened).toEqual([`${server.origin}/team/${LONG_SLUG}`]);
  expect(popover.pageErrors).toEqual([]);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the odd teams named on the account, ${scheme}`, async ({ popover }) => {
    test.slow();
    const { page } = popover;
    await page.emulateMedia({ colorScheme: scheme });
    await oddServer(popover);
    await expect(accountHeader(page, 'Lab').locator('.account-left-out')).toBeVisible();
    await checkAndShoot(page, `left-out-teams-${scheme}`);
    await page.setViewportSize({ width: 260, height: 560 });
    await checkAndShoot(page, `left-out-teams-260-${scheme}`);
    await page.setViewportSize({ width: 400, height: 560 });
    await page.evaluate(() => {
      document.documentElement.style.zoom = '1.5';
    });
    await checkAndShoot(page, `left-out-teams-large-text-${scheme}`);
  });
}
