/** First run: onboarding, adding an account through the form, and each way it can go wrong. */
import { seedUser } from '../fake-server';
import { expect, test } from './support/fixtures';
import { accountHeader, teamRow } from './support/locators';

test('first run: add an account, then its teams are listed', async ({ popover }) => {
  const { page } = popover;
  const server = await popover.server({ version: '2.24.1' });
  const { token } = seedUser(server, {
    username: 'ada',
    teams: [
      { name: 'Acme Production', role: 50 },
      { name: 'Field Engineering', role: 30 },
    ],
  });
  await popover.open();

  await expect(page.getByRole('heading', { name: 'Welcome to Teamtray' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Add your first account' })).toBeVisible();
  const address = page.getByLabel('Server address');
  await expect(address).toHaveValue('https://app.flowfuse.com');

  // The token page opens for the address being typed, through main.
  await address.fill(server.url);
  await page.getByRole('button', { name: 'Open token page' }).click();
  await expect
    .poll(() => popover.shell.opened)
    .toEqual([`${server.origin}/account/security/tokens`]);

  await page.getByLabel('Label (optional)').fill('Local');
  // Pasted with the line break a copy from a web page often carries.
  await page.getByLabel('Access token').fill(`  ${token}\n`);
  await expect(page.getByLabel('Access token')).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Add account' }).click();

  await expect(accountHeader(page, 'Local')).toBeVisible();
  await expect(teamRow(page, 'Acme Production')).toBeVisible();
  await expect(teamRow(page, 'Field Engineering')).toBeVisible();
  await expect(accountHeader(page, 'Local').locator('.badge')).toHaveText('Online');
  await expect(accountHeader(page, 'Local').locator('.account-label')).toHaveAttribute(
    'title',
    /FlowFuse 2\.24\.1/,
  );
  const added = popover.bridge.calls.find((call) => call.method === 'addAccount');
  expect(added?.payload).toEqual({ url: server.url, label: 'Local', token });
  expect(popover.pageErrors).toEqual([]);
});

test('the form validates inline and sends nothing while a field is wrong', async ({ popover }) => {
  const { page } = popover;
  await popover.open();
  await page.getByLabel('Server address').fill('');
  await page.getByRole('button', { name: 'Add account' }).click();
  await expect(page.getByText('Enter the address of your FlowFuse server.')).toBeVisible();
  await expect(page.getByText('Paste an access token from FlowFuse.')).toBeVisible();
  await expect(page.getByLabel('Server address')).toBeFocused();
  await page.getByLabel('Server address').fill('flowfuse.example.com');
  await page.getByLabel('Access token').fill('ffpat_abc def');
  await page.getByRole('button', { name: 'Add account' }).click();
  await expect(page.getByText('A token has no spaces')).toBeVisible();
  expect(popover.bridge.calls.filter((call) => call.method === 'addAccount')).toEqual([]);
});

test('a refused token is explained, replaced in one step, and nothing is saved meanwhile', async ({
  popover,
}) => {
  const { page } = popover;
  const server = await popover.server();
  const { token } = seedUser(server, { username: 'ada', teams: [{ name: 'Acme', role: 50 }] });
  await popover.open();
  await page.getByLabel('Server address').fill(server.url);
  await page.getByLabel('Access token').fill('ffpat_wrongwrongwrongwrongwrongwrongwrongwrongwr');
  await page.getByRole('button', { name: 'Add account' }).click();

  const alert = page.getByRole('alert').filter({ hasText: 'The token was refused' });
  await expect(alert).toBeVisible();
  expect(await popover.accounts()).toEqual([]);

  await alert.getByRole('button', { name: 'Paste a new token' }).click();
  await expect(page.getByLabel('Access token')).toBeFocused();
  await expect(page.getByLabel('Access token')).toHaveValue('');
  await page.getByLabel('Access token').fill(token);
  await page.getByRole('button', { name: 'Add account' }).click();
  await expect(teamRow(page, 'Acme')).toBeVisible();
});

test('a server that does not answer offers a retry', async ({ popover }) => {
  const { page } = popover;
  const server = await popover.server();
  const { token } = seedUser(server, { username: 'ada', teams: [{ name: 'Acme', role: 50 }] });
  // Every call fails until the test clears it (the client retries a 503 on its own).
  server.setFault({ kind: 'status', status: 503 });
  await popover.open();
  await page.getByLabel('Server address').fill(server.url);
  await page.getByLabel('Access token').fill(token);
  await page.getByRole('button', { name: 'Add account' }).click();
  const alert = page.getByRole('alert').filter({ hasText: /server|answer/i });
  await expect(alert.getByRole('button', { name: 'Try again' })).toBeVisible({ timeout: 10_000 });
  server.setFault(null);
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(teamRow(page, 'Acme')).toBeVisible();
});

test('plain http to another host asks for consent before the token is sent', async ({
  popover,
}) => {
  const { page } = popover;
  await popover.open();
  // TEST-NET-1: never routed, so the consent is all this test can get to.
  await page.getByLabel('Server address').fill('http://192.0.2.10');
  await page.getByLabel('Access token').fill('ffpat_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG');
  await page.getByRole('button', { name: 'Add account' }).click();

  const consent = page.getByRole('alert').filter({ hasText: 'Send the token over plain http?' });
  await expect(consent).toBeVisible();
  expect(popover.bridge.calls.filter((c) => c.method === 'addAccount')).toHaveLength(1);
  await consent.getByRole('button', { name: 'Allow http for this server' }).click();

  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible({ timeout: 15_000 });
  const adds = popover.bridge.calls.filter((c) => c.method === 'addAccount');
  expect(adds).toHaveLength(2);
  expect(adds[1]?.payload).toMatchObject({ url: 'http://192.0.2.10', allowHttp: true });
  expect(await popover.accounts()).toEqual([]);
});
