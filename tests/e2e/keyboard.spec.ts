/** Search across accounts and the keyboard model of the list. */
import { seedUser } from '../fake-server';
import { expect, test } from './support/fixtures';
import { accountHeader, searchBox, teamRow, visibleTeamNames } from './support/locators';

test('search covers every account, by name and slug, as you type', async ({ popover }) => {
  const { page } = popover;
  const one = await popover.server();
  const two = await popover.server();
  const a = seedUser(one, {
    username: 'ada',
    teams: [
      { name: 'Acme Production', role: 50 },
      { name: 'Field Engineering', role: 30, slug: 'field-eng' },
    ],
  });
  const b = seedUser(two, {
    username: 'ada',
    teams: [
      { name: 'Acme Staging', role: 50 },
      { name: 'Data Lab', role: 10 },
    ],
  });
  await popover.addAccount(one.url, a.token, 'Cloud');
  await popover.addAccount(two.url, b.token, 'Self-hosted');
  await popover.open();
  await expect(teamRow(page, 'Data Lab')).toBeVisible();

  await searchBox(page).fill('acme');
  await expect.poll(() => visibleTeamNames(page)).toEqual(['Acme Production', 'Acme Staging']);
  await expect(accountHeader(page, 'Cloud')).toContainText('1 of 2 teams');

  await searchBox(page).fill('FIELD-ENG');
  await expect.poll(() => visibleTeamNames(page)).toEqual(['Field Engineering']);
  await expect(accountHeader(page, 'Self-hosted')).toHaveCount(0);

  await searchBox(page).fill('nothing like this');
  await expect(page.getByText('Nothing matches “nothing like this”')).toBeVisible();
});

test('keys: / focuses search, arrows move, Enter opens, F2 renames, Esc clears then closes', async ({
  popover,
}) => {
  const { page } = popover;
  const server = await popover.server();
  const { token } = seedUser(server, {
    username: 'ada',
    teams: [
      { name: 'Alpha', role: 50, slug: 'alpha' },
      { name: 'Bravo', role: 50, slug: 'bravo' },
      { name: 'Charlie', role: 50, slug: 'charlie' },
    ],
  });
  await popover.addAccount(server.url, token, 'Local');
  await popover.open();
  await expect(teamRow(page, 'Charlie')).toBeVisible();

  await page.locator('body').click({ position: { x: 390, y: 590 } });
  await page.keyboard.press('/');
  await expect(searchBox(page)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(teamRow(page, 'Alpha')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(teamRow(page, 'Charlie')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(teamRow(page, 'Charlie')).toBeFocused();
  await page.keyboard.press('Home');
  await expect(teamRow(page, 'Alpha')).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowUp');
  await expect(teamRow(page, 'Bravo')).toBeFocused();

  await page.keyboard.press('Enter');
  await expect.poll(() => popover.shell.opened).toEqual([`${server.origin}/team/bravo`]);

  await page.keyboard.press('F2');
  await expect(page.locator('input.editor')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(teamRow(page, 'Bravo')).toBeFocused();

  // ArrowUp from the first row goes back to the search box.
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowUp');
  await expect(searchBox(page)).toBeFocused();

  await page.keyboard.type('char');
  await expect.poll(() => visibleTeamNames(page)).toEqual(['Charlie']);
  // Enter in the search box opens the first match.
  await page.keyboard.press('Enter');
  await expect.poll(() => popover.shell.opened.at(-1)).toBe(`${server.origin}/team/charlie`);

  await page.keyboard.press('Escape');
  await expect(searchBox(page)).toHaveValue('');
  await expect.poll(() => visibleTeamNames(page)).toEqual(['Alpha', 'Bravo', 'Charlie']);
  expect(popover.shell.hidden).toBe(0);
  await page.keyboard.press('Escape');
  await expect.poll(() => popover.shell.hidden).toBe(1);

  await teamRow(page, 'Alpha').focus();
  await page.keyboard.press('Control+f');
  await expect(searchBox(page)).toBeFocused();
});

test('2,000 teams across 10 accounts scroll by keyboard without losing focus', async ({
  popover,
}) => {
  // Ten servers with 200 teams each take a while to seed and list on a busy 2-core machine.
  test.setTimeout(90_000);
  const { page } = popover;
  for (let i = 0; i < 10; i += 1) {
    const server = await popover.server();
    const { token } = seedUser(server, {
      username: `user${i}`,
      teams: Array.from({ length: 200 }, (_, j) => ({ name: `Team ${i}-${j}`, role: 50 as const })),
    });
    await popover.addAccount(server.url, token, `Account ${i}`);
  }
  const teams = (await popover.accounts()).reduce((sum, i) => sum + i.teams.length, 0);
  expect(teams).toBe(2_000);
  await popover.open();
  // Main's state holds every account at once: the first team listed means all 2,000 are.
  await expect(teamRow(page, 'Team 0-0')).toBeVisible();
  // Only what is on screen is in the DOM.
  expect(await page.locator('.row.team').count()).toBeLessThan(60);
  await teamRow(page, 'Team 0-0').focus();
  for (let i = 0; i < 30; i += 1) await page.keyboard.press('PageDown');
  await expect(page.locator('.row.team:focus .name')).toHaveText(/Team 1-\d+/);
  await page.keyboard.press('End');
  await expect(teamRow(page, 'Team 9-199')).toBeFocused();
  const scroll = await page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll.width).toBeLessThanOrEqual(scroll.client);
});

test('I opens the inbox and Q quiet hours, from the list; both letters are text in the search', async ({
  popover,
}) => {
  const { page } = popover;
  const server = await popover.server({ notifications: true });
  const seeded = seedUser(server, { username: 'ada', teams: [{ name: 'Plant', role: 50 }] });
  server.addNotification(seeded.user, { type: 'team-invite', data: { team: { name: 'Lab' } } });
  await popover.addAccount(server.url, seeded.token, 'Work');
  await popover.open();
  await teamRow(page, 'Plant').focus();
  const moon = page.getByRole('button', { name: 'Quiet until tomorrow', exact: true });
  await page.keyboard.press('q');
  await expect(moon).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('q');
  await expect(moon).toHaveAttribute('aria-pressed', 'false');
  await searchBox(page).fill('');
  await searchBox(page).focus();
  await page.keyboard.type('qi');
  await expect(searchBox(page)).toHaveValue('qi');
  await expect(moon).toHaveAttribute('aria-pressed', 'false');
  await searchBox(page).fill('');
  await teamRow(page, 'Plant').focus();
  await page.keyboard.press('i');
  await expect(page.getByRole('heading', { name: 'Inbox' })).toBeVisible();
});
