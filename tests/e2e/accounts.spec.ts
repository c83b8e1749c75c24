/** Several accounts: one slow server never holds up the others; tokens that stop working. */
import { seedUser } from '../fake-server';
import { expect, test } from './support/fixtures';
import { accountHeader, openSettings, teamRow } from './support/locators';

test.describe('one server hung', () => {
  // Long enough that the hung server is still "Refreshing" when the popover opens on a busy
  // machine; the client then gives up after 6 s and offers Retry.
  test.use({ http: { timeoutMs: 6_000, totalTimeoutMs: 6_000 } });

  test('two accounts with one hung: the other lists at once', async ({ popover }) => {
    test.setTimeout(60_000);
    const { page } = popover;
    const quick = await popover.server();
    const stuck = await popover.server();
    const a = seedUser(quick, { username: 'ada', teams: [{ name: 'Quick Team', role: 50 }] });
    const b = seedUser(stuck, { username: 'ada', teams: [{ name: 'Stuck Team', role: 50 }] });
    // The stuck server verifies the token, then never answers the team list.
    stuck.setFault({ kind: 'hang' }, { path: '/api/v1/user/teams' });
    await popover.addAccount(stuck.url, b.token, 'Stuck', { settle: false });
    await popover.addAccount(quick.url, a.token, 'Quick');

    await popover.open();
    const opened = Date.now();
    // Well inside the 6 s the client gives the stuck server: nothing waits for it.
    await expect(teamRow(page, 'Quick Team')).toBeVisible({ timeout: 1_500 });
    expect(Date.now() - opened).toBeLessThan(1_500);
    await expect(accountHeader(page, 'Stuck').locator('.badge')).toHaveText(/Refreshing/);
    await expect(teamRow(page, 'Stuck Team')).toHaveCount(0);

    // A refresh of everything: the quick one answers again while the stuck one still hangs.
    quick.clearRequests();
    await page.getByRole('button', { name: 'Refresh all accounts' }).click();
    await expect.poll(() => quick.requests.some((r) => r.path === '/api/v1/user/teams')).toBe(true);
    await expect(teamRow(page, 'Quick Team')).toBeVisible();

    // The client gives up on the stuck one; the user can retry once it is back.
    const stuckHeader = accountHeader(page, 'Stuck');
    const retry = stuckHeader.getByRole('button', { name: 'Retry' });
    await expect(retry).toBeVisible({ timeout: 20_000 });
    await expect(stuckHeader.locator('.account-error')).not.toBeEmpty();
    stuck.setFault(null);
    await retry.click();
    await expect(teamRow(page, 'Stuck Team')).toBeVisible();
    await expect(stuckHeader.locator('.badge')).toHaveText('Online');
  });
});

test('a revoked token reads "Token expired or revoked"; a new one keeps the account', async ({
  popover,
}) => {
  const { page } = popover;
  const server = await popover.server();
  const { user, token } = seedUser(server, {
    username: 'ada',
    teams: [{ name: 'Acme Production', role: 50 }],
  });
  const saved = await popover.addAccount(server.url, token, 'Production');
  await popover.open();
  await expect(teamRow(page, 'Acme Production')).toBeVisible();

  server.revokeToken(token);
  await page.getByRole('button', { name: 'Refresh all accounts' }).click();
  const header = accountHeader(page, 'Production');
  await expect(header.locator('.badge')).toHaveText('Token expired or revoked');
  // The last known teams stay on screen meanwhile.
  await expect(teamRow(page, 'Acme Production')).toBeVisible();

  await header.getByRole('button', { name: 'Replace token' }).click();
  await expect(page.getByRole('heading', { name: 'New token for Production' })).toBeVisible();
  await expect(page.getByLabel('Server address')).toHaveCount(0);
  const fresh = server.createToken(user);
  await page.getByLabel('Access token').fill(fresh);
  await page.getByRole('button', { name: 'Save token' }).click();

  await expect(header.locator('.badge')).toHaveText('Online');
  await expect(teamRow(page, 'Acme Production')).toBeVisible();
  const update = popover.bridge.calls.find((call) => call.method === 'updateAccount');
  expect(update?.payload).toEqual({ id: saved.id, token: fresh });
  expect((await popover.accounts()).map((account) => account.id)).toEqual([saved.id]);
  const last = server.requests.at(-1);
  expect(last?.authorization).toBe(`Bearer ${fresh}`);
});

test('settings: reorder, edit the label, remove with confirmation, and the app settings', async ({
  popover,
}) => {
  const { page } = popover;
  const one = await popover.server();
  const two = await popover.server();
  const a = seedUser(one, { username: 'ada', teams: [{ name: 'One Team', role: 50 }] });
  const b = seedUser(two, { username: 'ada', teams: [{ name: 'Two Team', role: 50 }] });
  await popover.addAccount(one.url, a.token, 'First');
  await popover.addAccount(two.url, b.token, 'Second');
  await popover.open();
  await expect(teamRow(page, 'Two Team')).toBeVisible();

  await openSettings(page);
  await page.getByRole('button', { name: 'Move Second up' }).click();
  await expect(page.locator('tt-settings li strong')).toHaveText(['Second', 'First']);
  await expect
    .poll(() => popover.bridge.calls.filter((c) => c.method === 'reorderAccounts').length)
    .toBe(1);

  await page.getByRole('button', { name: 'Edit First' }).click();
  await page.getByLabel('Label (optional)').fill('Primary');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expect(page.locator('tt-settings li strong')).toHaveText(['Second', 'Primary']);

  // A saved token never goes to another server: moving one asks for a new token first.
  await page.getByRole('button', { name: 'Edit Primary' }).click();
  await page.getByLabel('Server address').fill(two.url);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('A new address needs its own token')).toBeVisible();
  expect(popover.bridge.calls.filter((c) => c.method === 'updateAccount')).toHaveLength(1);
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Remove Second' }).click();
  await expect(page.getByText('Its token is deleted from this computer.')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Remove Second' }).click();
  await page.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.locator('tt-settings li strong')).toHaveText(['Primary']);

  await page.getByLabel('Launch at login').check();
  await page.getByLabel('Refresh teams').selectOption('30');
  const shortcut = page.getByRole('textbox', { name: 'Global shortcut' });
  await shortcut.click();
  await page.keyboard.press('Control+Shift+KeyT');
  await page.getByRole('radio', { name: 'Dark' }).check();
  await expect
    .poll(() => popover.core.settings())
    .toMatchObject({
      launchAtLogin: true,
      refreshIntervalMinutes: 30,
      globalShortcut: 'CommandOrControl+Shift+T',
      theme: 'dark',
    });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  // The OS refuses a shortcut: the field says so and the setting stays as it was.
  popover.shell.refuseWith = new Error('taken');
  await shortcut.click();
  await page.keyboard.press('Control+Alt+Space');
  await expect(shortcut).toHaveAttribute('aria-invalid', 'true');
  expect(popover.core.settings().globalShortcut).toBe('CommandOrControl+Shift+T');

  await page.getByRole('button', { name: 'Back' }).click();
  await expect(teamRow(page, 'One Team')).toBeVisible();
  await expect(teamRow(page, 'Two Team')).toHaveCount(0);
});

test('an account without a label is named "user @ host", and its host never shows twice', async ({
  popover,
}) => {
  const { page } = popover;
  const server = await popover.server();
  // The same server saved twice, for two users: the usernames tell the accounts apart.
  const ada = seedUser(server, { username: 'ada', teams: [{ name: 'Ada Team', role: 50 }] });
  const grace = seedUser(server, { username: 'grace', teams: [{ name: 'Grace Team', role: 30 }] });
  await popover.addAccount(server.url, ada.token);
  await popover.addAccount(server.url, grace.token);
  const host = new URL(server.origin).host;
  await popover.open();

  const adaHeader = accountHeader(page, `ada @ ${host}`);
  await expect(adaHeader).toBeVisible();
  await expect(accountHeader(page, `grace @ ${host}`)).toBeVisible();
  await expect(adaHeader.locator('.host')).toHaveCount(0);
  await expect(teamRow(page, 'Grace Team')).toHaveAttribute(
    'aria-label',
    // Its runtime summary follows its account (this team has no instances or devices).
    `Grace Team, Member, grace @ ${host}; No instances or devices`,
  );

  await openSettings(page);
  const titles = page.locator('tt-settings li strong');
  await expect(titles).toHaveText([`ada @ ${host}`, `grace @ ${host}`]);
  await page.getByRole('button', { name: `Edit grace @ ${host}` }).click();
  await expect(page.getByRole('heading', { name: `Edit grace @ ${host}` })).toBeVisible();
  await page.getByLabel('Label (optional)').fill('Grace');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  // With a label, the user and the host move to the line under it.
  await expect(titles).toHaveText([`ada @ ${host}`, 'Grace']);
  await expect(page.locator('tt-settings li .who span')).toHaveText([`grace @ ${host}`]);

  await page.getByRole('button', { name: `Remove ada @ ${host}` }).click();
  await expect(page.locator('tt-settings li.confirm')).toContainText(`Remove ada @ ${host}?`);

  await page.getByRole('button', { name: 'Back' }).click();
  await expect(accountHeader(page, 'Grace').locator('.host')).toHaveText(host);
});
