/**
 * The list's first ten minutes: one click opens a team, its quick actions (copy its address, its
 * settings), "Renamed A → B · Undo", an avatar colour that survives a rename, the search's
 * marks and keys, and the account header's wording and refresh spinner.
 */
import { seedUser, type FakeFlowFuse } from '../fake-server';
import { expect, test, type Popover } from './support/fixtures';
import { accountHeader, searchBox, teamRow, teamRowById } from './support/locators';

test.use({ viewport: { width: 400, height: 560 } });

async function withTeams(popover: Popover): Promise<{
  server: FakeFlowFuse;
  accountId: string;
  ids: string[];
}> {
  const server = await popover.server();
  const { token, teams } = seedUser(server, {
    username: 'ada',
    teams: [
      { name: 'Acme Production', role: 50, slug: 'acme-prod' },
      { name: 'Field Engineering', role: 30, slug: 'field-eng' },
      { name: 'Kiosk Screens', role: 5, slug: 'kiosk' },
    ],
  });
  const saved = await popover.addAccount(server.url, token, 'Lab');
  await popover.open();
  await expect(teamRow(popover.page, 'Acme Production')).toBeVisible();
  return { server, accountId: saved.id, ids: teams.map((team) => team.id) };
}

test('a team’s Open button opens it; its own buttons do their own job only', async ({ popover }) => {
  const { page } = popover;
  const { server } = await withTeams(popover);
  const field = teamRow(page, 'Field Engineering');
  await field.hover();
  await field.getByRole('button', { name: 'Open Field Engineering in the browser' }).click();
  await expect.poll(() => popover.shell.opened).toEqual([`${server.origin}/team/field-eng`]);

  const row = teamRow(page, 'Acme Production');
  await row.hover();
  await row.getByRole('button', { name: 'Rename Acme Production' }).click();
  await expect(page.locator('input.editor')).toBeFocused();
  // A click inside the editor places the caret; it opens nothing.
  await page.locator('input.editor').click();
  await page.keyboard.press('Escape');
  expect(popover.shell.opened).toHaveLength(1);
});

test('quick actions: copy the address, open the settings page, by pointer and by key', async ({
  popover,
}) => {
  const { page } = popover;
  const { server } = await withTeams(popover);
  const row = teamRow(page, 'Acme Production');
  await row.hover();
  await row.getByRole('button', { name: 'Copy the address of Acme Production' }).click();
  await expect.poll(() => popover.shell.copied).toEqual([`${server.origin}/team/acme-prod`]);
  await expect(page.getByRole('status').filter({ hasText: 'Copied the address' })).toContainText(
    'Copied the address of Acme Production',
  );
  await row.getByRole('button', { name: 'Open the settings of Acme Production' }).click();
  await expect
    .poll(() => popover.shell.opened)
    .toEqual([`${server.origin}/team/acme-prod/settings/general`]);

  await teamRow(page, 'Field Engineering').focus();
  await page.keyboard.press('ControlOrMeta+c');
  await expect.poll(() => popover.shell.copied.at(-1)).toBe(`${server.origin}/team/field-eng`);
  await page.keyboard.press('Shift+Enter');
  await expect
    .poll(() => popover.shell.opened.at(-1))
    .toBe(`${server.origin}/team/field-eng/settings/general`);
  // Nothing the page sent became a URL: main built each one from the saved origin.
  const copies = popover.bridge.calls.filter((call) => call.method === 'copyTeamUrl');
  expect(copies.map((call) => Object.keys(call.payload as object).sort())).toEqual([
    ['accountId', 'teamId'],
    ['accountId', 'teamId'],
  ]);
});

test('every saved rename says "Renamed A → B" with an Undo that renames it back', async ({
  popover,
}) => {
  const { page } = popover;
  const { server, accountId, ids } = await withTeams(popover);
  const id = ids[0] ?? '';
  const row = teamRowById(page, accountId, id);
  await row.focus();
  await page.keyboard.press('F2');
  await page.locator('input.editor').fill('Acme Live');
  await page.keyboard.press('Enter');
  const toast = page.getByRole('status').filter({ hasText: 'Renamed' });
  await expect(toast).toContainText('Renamed Acme Production → Acme Live');
  await expect.poll(() => server.state.teams.get(id)?.name).toBe('Acme Live');
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(() => server.state.teams.get(id)?.name).toBe('Acme Production');
  await expect(row.locator('.name')).toHaveText('Acme Production');
  await expect(toast).toHaveCount(0);

  // Saved on blur too; Ctrl+Z undoes while the note shows.
  await row.focus();
  await page.keyboard.press('F2');
  await page.locator('input.editor').fill('Acme Blur');
  await searchBox(page).click();
  await expect(toast).toContainText('Renamed Acme Production → Acme Blur');
  await row.focus();
  await page.keyboard.press('ControlOrMeta+z');
  await expect.poll(() => server.state.teams.get(id)?.name).toBe('Acme Production');
});

/** The hue the avatar had when it came from the name (the old rule), to pick a telling rename. */
function nameHue(name: string): number {
  let hash = 0;
  for (let i = 0; i < name.length; i += 1) hash = (hash * 31 + name.charCodeAt(i)) | 0;
  return Math.abs(hash) % 8;
}

test('the avatar keeps its colour through a rename (it comes from the team slug)', async ({
  popover,
}) => {
  const { page } = popover;
  const { accountId, ids } = await withTeams(popover);
  const row = teamRowById(page, accountId, ids[0] ?? '');
  const before = await row.locator('.avatar').getAttribute('class');
  const next = ['Zeta', 'Omega Works', 'Plant 7', 'Blue'].find(
    (name) => nameHue(name) !== nameHue('Acme Production'),
  );
  expect(next).toBeDefined();
  await row.focus();
  await page.keyboard.press('F2');
  await page.locator('input.editor').fill(next ?? '');
  await page.keyboard.press('Enter');
  await expect(row.locator('.name')).toHaveText(next ?? '');
  await expect(row.locator('.avatar')).toHaveAttribute('class', before ?? '');
});

test('a team has the same avatar colour on every start and in every account (the slug, not the id)', async ({
  popover,
}) => {
  const { page } = popover;
  // Two servers with the same teams under different ids, as two starts of the sample server.
  const teams = ['Acme Production', 'Acme Staging', 'Field Engineering', 'Data Science Lab'];
  const hues: string[][] = [];
  for (const label of ['First', 'Second']) {
    const server = await popover.server();
    const { token } = seedUser(server, {
      username: 'ada',
      teams: teams.map((name) => ({ name, role: 50, slug: name.toLowerCase().replace(/ /g, '-') })),
    });
    await popover.addAccount(server.url, token, label);
  }
  // Tall enough that the windowed list draws both accounts' rows.
  await page.setViewportSize({ width: 400, height: 1200 });
  await popover.open();
  for (const label of ['First', 'Second']) await expect(accountHeader(page, label)).toBeVisible();
  for (const name of teams) {
    const rows = teamRow(page, name);
    await expect(rows).toHaveCount(2);
    const avatars = rows.locator('.avatar');
    hues.push([
      (await avatars.nth(0).getAttribute('class')) ?? '',
      (await avatars.nth(1).getAttribute('class')) ?? '',
    ]);
  }
  for (const pair of hues) expect(pair[0]).toBe(pair[1]);
});

test('/ always focuses and selects the search; Esc clears it and returns to the list', async ({
  popover,
}) => {
  const { page } = popover;
  await withTeams(popover);
  await teamRow(page, 'Field Engineering').focus();
  await page.keyboard.press('/');
  await expect(searchBox(page)).toBeFocused();
  await page.keyboard.type('eng');
  // A second / selects what is there instead of typing a slash.
  await page.keyboard.press('/');
  await expect(searchBox(page)).toHaveValue('eng');
  expect(
    await searchBox(page).evaluate((input: HTMLInputElement) => [
      input.selectionStart,
      input.selectionEnd,
    ]),
  ).toEqual([0, 3]);

  await page.keyboard.press('Escape');
  await expect(searchBox(page)).toHaveValue('');
  await expect(teamRow(page, 'Field Engineering')).toBeFocused();
  expect(popover.shell.hidden).toBe(0);
});

test('search marks what matched, and a team found by its slug shows the slug', async ({
  popover,
}) => {
  const { page } = popover;
  await withTeams(popover);
  await searchBox(page).fill('PROD');
  await expect(teamRow(page, 'Acme Production').locator('.name mark')).toHaveText('Prod');

  await searchBox(page).fill('kiosk');
  const row = teamRow(page, 'Kiosk Screens');
  await expect(row.locator('.name mark')).toHaveText('Kiosk');
  await expect(row.locator('.slug')).toHaveCount(0);

  await searchBox(page).fill('field-e');
  const bySlug = teamRow(page, 'Field Engineering');
  await expect(bySlug.locator('.slug')).toHaveText('field-eng');
  await expect(bySlug.locator('.slug mark')).toHaveText('field-e');
  await expect(bySlug.locator('.name mark')).toHaveCount(0);
});

test('a wide role badge stays in view beside the name, clear of the hover actions', async ({
  popover,
}) => {
  const { page } = popover;
  await withTeams(popover);
  const row = teamRow(page, 'Kiosk Screens');
  await expect(row.locator('.badge')).toHaveText('Dashboard');
  await expect(row.locator('.badge')).toBeVisible();
  await row.hover();
  await expect(row.locator('.actions')).toBeVisible();
  await expect(row.locator('.badge')).toBeVisible();
  const badge = await row.locator('.badge').boundingBox();
  const actions = await row.locator('.actions').boundingBox();
  expect(badge !== null && actions !== null && badge.y + badge.height <= actions.y + 1).toBe(true);
});

test('the header: "Last updated", warning colour only on the problem, and a spinner', async ({
  popover,
}) => {
  const { page } = popover;
  const quick = await popover.server();
  const stuck = await popover.server();
  const a = seedUser(quick, { username: 'ada', teams: [{ name: 'Quick Team', role: 50 }] });
  const b = seedUser(stuck, { username: 'ada', teams: [{ name: 'Stuck Team', role: 50 }] });
  await popover.addAccount(quick.url, a.token, 'Quick');
  await popover.addAccount(stuck.url, b.token, 'Stuck');
  await popover.open();
  await expect(teamRow(page, 'Stuck Team')).toBeVisible();

  // One server hangs: the header's refresh icon spins until every account has settled.
  stuck.setFault({ kind: 'hang' }, { path: '/api/v1/user/teams' });
  const refresh = page.getByRole('button', { name: 'Refresh all accounts' });
  await refresh.click();
  await expect(refresh).toHaveClass(/spinning/);
  await expect(teamRow(page, 'Quick Team')).toBeVisible();
  await expect(accountHeader(page, 'Quick').locator('.badge')).toHaveText('Online');
  await expect(refresh).toHaveClass(/spinning/);
  const header = accountHeader(page, 'Stuck');
  await expect(header.locator('.badge')).toHaveText('Unreachable', { timeout: 15_000 });
  await expect(refresh).not.toHaveClass(/spinning/);

  await expect(header.locator('.age')).toHaveText('Last updated just now');
  const colours = await header.evaluate((element) => ({
    age: getComputedStyle(element.querySelector('.age') as Element).color,
    line: getComputedStyle(element.querySelector('.sub') as Element).color,
    badge: getComputedStyle(element.querySelector('.badge') as Element).color,
  }));
  expect(colours.age).toBe(colours.line);
  expect(colours.badge).not.toBe(colours.line);
});

test('polish: even gap after a short label, a themed clear button, a placeholder clear of /', async ({
  popover,
}) => {
  const { page } = popover;
  await withTeams(popover);
  const header = page.locator('.row.account').first();
  const gap = await header.evaluate((row) => {
    // The text's own extent, not its box: a box with a floor is wider than a short label.
    const label = row.querySelector('.account-label');
    const host = row.querySelector('.host')?.getBoundingClientRect();
    if (label === null || host === undefined) return null;
    const range = document.createRange();
    range.selectNodeContents(label);
    return host.left - range.getBoundingClientRect().right;
  });
  // "Lab" is short: the host follows after the line's own 8 px gap, not after a reserved width.
  expect(gap).toBeCloseTo(8, 0);

  const fit = () =>
    searchBox(page).evaluate((input: HTMLInputElement) => {
      const box = input.getBoundingClientRect();
      const style = getComputedStyle(input);
      const kbd = input.parentElement?.querySelector('kbd');
      const text = box.right - parseFloat(style.paddingRight);
      return {
        text,
        right: box.right,
        hint: kbd?.getBoundingClientRect().left ?? 0,
        hintShown: kbd !== null && kbd !== undefined && getComputedStyle(kbd).display !== 'none',
      };
    });
  // The placeholder ends (with an ellipsis) before the / hint begins.
  const wide = await fit();
  expect(wide.hintShown).toBe(true);
  expect(wide.text).toBeLessThanOrEqual(wide.hint);
  // At 260 px the hint gives its room to the placeholder ("Search te…", not "S…"): its words
  // run to the field's own 8 px padding.
  await page.setViewportSize({ width: 260, height: 560 });
  const narrow = await fit();
  expect(narrow.hintShown).toBe(false);
  expect(narrow.right - narrow.text).toBeCloseTo(8, 0);

  // The clear button (shown once something is typed) is not the browser's blue cross: no
  // bluish pixel inside the box, left of the field's focus ring.
  await searchBox(page).fill('acme');
  const box = await searchBox(page).boundingBox();
  if (box === null) throw new Error('no search box');
  const shot = await page.screenshot({
    clip: { x: box.x + box.width - 34, y: box.y + 5, width: 29, height: box.height - 10 },
    omitBackground: true,
  });
  // Decoded by the page itself (a data: image on a canvas): no PNG reader needed here.
  const { bluish, drawn } = await page.evaluate(async (png) => {
    const image = new Image();
    image.src = `data:image/png;base64,${png}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d');
    if (context === null) return { bluish: -1, drawn: -1 };
    context.drawImage(image, 0, 0);
    const { data } = context.getImageData(0, 0, image.width, image.height);
    const count = { bluish: 0, drawn: 0 };
    for (let i = 0; i < data.length; i += 4) {
      const [r = 0, g = 0, b = 0] = [data[i], data[i + 1], data[i + 2]];
      if (b - Math.max(r, g) > 40) count.bluish += 1;
      if (Math.max(r, g, b) - Math.min(r, g, b) < 20 && r < 160) count.drawn += 1;
    }
    return count;
  }, shot.toString('base64'));
  expect(bluish).toBe(0);
  // ...and something grey is drawn there: the themed cross.
  expect(drawn).toBeGreaterThan(5);
});

test('an avatar that failed to load shows the initial, and is not asked for again when its row is built again', async ({
  popover,
}) => {
  const { page } = popover;
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).hostname === 'www.gravatar.com') asked.push(request.url());
  });
  await withTeams(popover);
  const row = teamRow(page, 'Acme Production');
  // This browser reaches no avatar host: the image fails and hides, the initial shows.
  const image = row.locator('.avatar img');
  await expect(image).toBeHidden();
  await expect(row.locator('.avatar')).toHaveText('A');
  const src = (await image.getAttribute('src')) ?? '';
  expect(asked.filter((url) => url === src)).toHaveLength(1);
  // A search drops the row and brings it back: a new row, with no image and no second request.
  await searchBox(page).fill('Kiosk');
  await expect(row).toHaveCount(0);
  await searchBox(page).fill('');
  await expect(row.locator('.avatar')).toHaveText('A');
  await expect(row.locator('.avatar img')).toHaveCount(0);
  expect(asked.filter((url) => url === src)).toHaveLength(1);
});
