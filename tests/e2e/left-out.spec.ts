/**
 * What a server sends that Teamtray cannot read or will not keep: a team with a 230-character
 * slug (FlowFuse stores 255) is listed like any other, a team the client cannot read is named
 * on its account while every other team is listed, and a team with more instances than the cap
 * shows "and N more". Screenshots light and dark, at 400 × 560, 260 px wide and 150 % text.
 */
import { seedUser, type FakeFlowFuse } from '../fake-server';
import { expect, test, type Popover } from './support/fixtures';
import { accountHeader, expander, teamRow } from './support/locators';
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
  const long = teamRow(page, 'Long Slug Team');
  await long.hover();
  await long.getByRole('button', { name: 'Open Long Slug Team in the browser' }).click();
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

/** A team with 600 instances and one the client cannot read; 5 devices. */
async function bigTeam(popover: Popover): Promise<void> {
  const server = await popover.server();
  const { token, teams } = seedUser(server, {
    username: 'ada',
    teams: [{ name: 'Fleet', role: 50, slug: 'fleet' }],
  });
  const [fleet] = teams;
  if (fleet === undefined) throw new Error('fixture');
  const application = server.addApplication(fleet, { name: 'Edge' });
  for (let index = 0; index < 600; index += 1) {
    server.addInstance(application, { name: `edge-${String(index).padStart(3, '0')}` });
  }
  for (let index = 0; index < 5; index += 1) server.addDevice(fleet, { name: `gw-${index}` });
  server.addFault(
    { kind: 'extra-items', key: 'projects', items: [{ id: '', name: 'Odd\nLine' }] },
    { path: `/api/v1/teams/${fleet.id}/projects` },
  );
  await popover.addAccount(server.url, token, 'Big');
  await popover.open();
  await expect(teamRow(popover.page, 'Fleet').locator('.summary')).toContainText('500+ instances');
}

async function toBottom(popover: Popover): Promise<void> {
  const { page } = popover;
  await expander(page, 'Fleet').click();
  // The list draws the rows on screen only: scroll until the end of the team is drawn.
  await expect(async () => {
    await page.locator('.scroller').evaluate((scroller) => {
      scroller.scrollTop = scroller.scrollHeight;
    });
    await expect(page.locator('.row.note', { hasText: 'more instances not shown' })).toBeVisible({
      timeout: 500,
    });
  }).toPass();
}

test('a team past the cap shows 500 instances, names the odd one and says how many more', async ({
  popover,
}) => {
  test.slow();
  const { page } = popover;
  await bigTeam(popover);
  await toBottom(popover);
  await expect(page.locator('.row.note', { hasText: 'could not be read' })).toHaveText(
    '1 instance could not be read: Odd Line',
  );
  await expect(page.locator('.row.note', { hasText: 'more instances' })).toHaveText(
    'And 100 more instances not shown',
  );
  await expect(page.locator('.row.device')).toHaveCount(5);
  expect(popover.pageErrors).toEqual([]);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the end of a team past the cap, ${scheme}`, async ({ popover }) => {
    test.slow();
    const { page } = popover;
    await page.emulateMedia({ colorScheme: scheme });
    await bigTeam(popover);
    await checkAndShoot(page, `left-out-summary-${scheme}`);
    await toBottom(popover);
    await page.locator('.scroller').evaluate((scroller) => {
      scroller.scrollTop = scroller.scrollHeight;
    });
    await checkAndShoot(page, `left-out-instances-${scheme}`);
    await page.setViewportSize({ width: 260, height: 560 });
    await checkAndShoot(page, `left-out-instances-260-${scheme}`);
    await page.setViewportSize({ width: 400, height: 560 });
    await page.evaluate(() => {
      document.documentElement.style.zoom = '1.5';
    });
    await page.locator('.row.note', { hasText: 'could not be read' }).scrollIntoViewIfNeeded();
    await checkAndShoot(page, `left-out-instances-large-text-${scheme}`);
  });
}
