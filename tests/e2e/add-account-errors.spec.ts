/**
 * The add-account form when the address is wrong: each way a connection fails gets its own plain
 * sentence under the field to fix, in view at the popover's real size, with the focus there; raw
 * system codes stay behind "Details".
 */
import type { Locator, Page } from '@playwright/test';
import { seedUser } from '../fake-server';
import { expect, test } from './support/fixtures';
import { teamRow } from './support/locators';
import { freePort, startNotHttpServer } from './support/raw-servers';

test.use({ viewport: { width: 400, height: 560 } });

const TOKEN = 'ffpat_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
const RAW_CODE = /\bE[A-Z]{4,}\b|UND_ERR|ERR_[A-Z]|net::|HTTPParserError/;

async function submit(page: Page, url: string, token = TOKEN): Promise<void> {
  await page.getByLabel('Server address').fill(url);
  await page.getByLabel('Access token').fill(token);
  await page.getByRole('button', { name: 'Add account' }).click();
}

/** The visible words of an alert: a closed <details> is not rendered, so its code is not here. */
async function wordsOf(alert: Locator): Promise<string> {
  return alert.evaluate((element) => (element as HTMLElement).innerText);
}

test('an unknown host says "Check the address", under the address, with the focus there', async ({
  popover,
}) => {
  const { page } = popover;
  await popover.open();
  await submit(page, 'app.flowfuse.invalid');

  const alert = page.getByRole('alert');
  await expect(alert).toHaveCount(1);
  await expect(alert.locator('strong')).toHaveText('Check the address');
  await expect(alert).toContainText('No server called app.flowfuse.invalid could be found');
  await expect(alert.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await expect(page.getByLabel('Server address')).toBeFocused();
  await expect(page.getByLabel('Server address')).toHaveAttribute('aria-invalid', 'true');
  await expect(alert).toBeInViewport({ ratio: 1 });
  // The message sits in the address field's block, right under it.
  await expect(
    page.locator('.field').filter({ has: page.getByLabel('Server address') }),
  ).toContainText('Check the address');

  // Words first; the system's code only behind "Details".
  expect(await wordsOf(alert)).not.toMatch(RAW_CODE);
  await alert.getByText('Details').click();
  await expect(alert.locator('code')).toHaveText(/^(ENOTFOUND|EAI_AGAIN)$/);
});

test('connection refused, and another service on the port, each have their own sentence', async ({
  popover,
}) => {
  const { page } = popover;
  await popover.open();
  const port = await freePort();
  await submit(page, `http://127.0.0.1:${port}`);
  const alert = page.getByRole('alert');
  await expect(alert.locator('strong')).toHaveText('Nothing answered on that port', {
    timeout: 15_000,
  });
  await expect(alert).toContainText(`127.0.0.1:${port} refused the connection`);
  await expect(page.getByLabel('Server address')).toBeFocused();
  expect(await wordsOf(alert)).not.toMatch(RAW_CODE);

  const ssh = await startNotHttpServer();
  try {
    await submit(page, `http://${ssh.host}`);
    await expect(alert).toHaveCount(1);
    await expect(alert.locator('strong')).toHaveText('Not a web server on that port');
    await expect(alert).toContainText('check the port');
    await expect(page.getByLabel('Server address')).toBeFocused();
    expect(await wordsOf(alert)).not.toMatch(RAW_CODE);
  } finally {
    await ssh.close();
  }
});

test('a scheme-less local address that speaks plain http is offered http in one click', async ({
  popover,
}) => {
  const { page } = popover;
  const server = await popover.server();
  const { token } = seedUser(server, { username: 'ada', teams: [{ name: 'Acme', role: 50 }] });
  const host = new URL(server.origin).host;
  await popover.open();
  await submit(page, host, token);

  const alert = page.getByRole('alert');
  await expect(alert.locator('strong')).toHaveText('That port does not use https');
  await expect(alert).toContainText('may serve plain http');
  expect(await wordsOf(alert)).not.toMatch(RAW_CODE);
  await alert.getByRole('button', { name: `Use http://${host}` }).click();

  await expect(teamRow(page, 'Acme')).toBeVisible();
  const adds = popover.bridge.calls.filter((call) => call.method === 'addAccount');
  expect(adds.map((call) => (call.payload as { url: string }).url)).toEqual([
    host,
    `http://${host}`,
  ]);
});

test('a refused token is shown under the token field, in view, with the focus there', async ({
  popover,
}) => {
  const { page } = popover;
  const server = await popover.server();
  seedUser(server, { username: 'ada', teams: [{ name: 'Acme', role: 50 }] });
  await popover.open();
  await submit(page, server.url);
  const alert = page.getByRole('alert');
  await expect(alert.locator('strong')).toHaveText('The token was refused');
  await expect(page.getByLabel('Access token')).toBeFocused();
  await expect(alert).toBeInViewport({ ratio: 1 });
  await expect(
    page.locator('.field').filter({ has: page.getByLabel('Access token') }),
  ).toContainText('The token was refused');
  // The user has a token: it was refused, so the way to the token page asks for a new one.
  await expect(page.getByText('Need a new token?')).toBeVisible();
  await expect(page.getByText('No token yet?')).toHaveCount(0);
});

test('an error no field is at fault for takes the focus itself, in view', async ({ popover }) => {
  const { page } = popover;
  const server = await popover.server();
  const { token } = seedUser(server, { username: 'ada', teams: [{ name: 'Acme', role: 50 }] });
  server.setFault({ kind: 'status', status: 500 });
  await popover.open();
  await submit(page, server.url, token);
  const alert = page.getByRole('alert');
  await expect(alert.locator('strong')).toHaveText('The server had a problem', {
    timeout: 10_000,
  });
  await expect(alert).toBeFocused();
  await expect(alert).toBeInViewport({ ratio: 1 });
  await expect(alert.getByRole('button', { name: 'Try again' })).toBeInViewport();
});

test('a new attempt clears what main said about the last one: never two errors', async ({
  popover,
}) => {
  const { page } = popover;
  await popover.open();
  await submit(page, 'app.flowfuse.invalid');
  await expect(page.getByRole('alert').locator('strong')).toHaveText('Check the address');

  // Now a field is wrong: its own message shows, and the old server error is gone.
  await page.getByLabel('Access token').fill('');
  await page.getByRole('button', { name: 'Add account' }).click();
  await expect(page.getByText('Paste an access token from FlowFuse.')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByLabel('Server address')).toHaveAttribute('aria-invalid', 'false');
});

test('the http question shows one primary button, and takes the focus', async ({ popover }) => {
  const { page } = popover;
  await popover.open();
  await submit(page, 'http://192.0.2.10');
  const consent = page.getByRole('alert').filter({ hasText: 'Send the token over plain http?' });
  await expect(consent).toBeVisible();
  await expect(consent).toBeFocused();
  await expect(consent).toBeInViewport({ ratio: 1 });
  await expect(page.locator('.btn.primary')).toHaveCount(1);
  await expect(page.locator('.btn.primary')).toHaveText('Allow http for this server');
});
