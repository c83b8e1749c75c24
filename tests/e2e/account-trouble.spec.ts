/**
 * What a user meets when an account goes wrong (issue 21): a token revoked while they act, teams
 * the token may not see into, a server behind a sign-in page, and a server that does not answer
 * while it is being added.
 */
import type { Locator } from '@playwright/test';
import { seedUser } from '../fake-server';
import { expect, test } from './support/fixtures';
import { accountHeader, expander, instanceRow, openSettings, teamRow } from './support/locators';
import { plant } from './support/runtime-seed';

test.use({ viewport: { width: 400, height: 560 } });

test('a token revoked while acting turns the account at once; the row points there', async ({
  popover,
}) => {
  const { page } = popover;
  const { server, seeded } = await plant(popover);
  const header = accountHeader(page, 'Plant');
  await expect(header.locator('.badge')).toHaveText('Online');
  server.revokeToken(seeded.token);

  await expander(page, 'Alpha Works').click();
  const row = instanceRow(page, 'alpha-line-1');
  await row.hover();
  await row.getByRole('button', { name: 'Stop alpha-line-1' }).click();

  // No refresh in between: the refusal itself turns the account.
  await expect(header.locator('.badge')).toHaveText('Token expired or revoked');
  await expect(header.getByRole('button', { name: 'Replace token' })).toBeVisible();
  await expect(row.getByRole('alert')).toContainText('Token refused: see Replace token above.');
  // The full sentence shows once, in the account's header (at the top of the list: scrolled down,
  // the header's pinned copy would say it over the rows too).
  await page.locator('.scroller').evaluate((scroller) => {
    scroller.scrollTop = 0;
  });
  await expect(page.getByText('refused the token')).toHaveCount(1);
  await expect(header.locator('.account-error')).toContainText('refused the token');

  // A refresh later says it once still.
  await page.getByRole('button', { name: 'Refresh all accounts' }).click();
  await expect(header.locator('.badge')).toHaveText('Token expired or revoked');
  await expect(page.getByText('refused the token')).toHaveCount(1);
  expect(popover.pageErrors).toEqual([]);
});

test('a token revoked before a rename: the account turns, the row points to it', async ({
  popover,
}) => {
  const { page } = popover;
  const { server, seeded } = await plant(popover);
  server.revokeToken(seeded.token);
  await teamRow(page, 'Alpha Works').focus();
  await page.keyboard.press('F2');
  await page.locator('input.editor').fill('Alpha Works 2');
  await page.keyboard.press('Enter');
  const header = accountHeader(page, 'Plant');
  await expect(header.locator('.badge')).toHaveText('Token expired or revoked');
  await expect(teamRow(page, 'Alpha Works').getByRole('alert')).toContainText(
    'Could not rename to “Alpha Works 2”. Token refused: see Replace token above.',
  );
  await expect(page.getByText('refused the token')).toHaveCount(1);
});

/** True when the element's text is cut (an ellipsis, or hidden past its box). */
function cut(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element.scrollWidth > element.clientWidth + 0.5);
}

test('a team the token may not see into says why in words that fit, with no count', async ({
  popover,
}) => {
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
    ],
  });
  const other = seeded.teams[1];
  if (other === undefined) throw new Error('fixture');
  // A token limited to other teams: FlowFuse answers 403 on this team's reads.
  server.setFault({ kind: 'status', status: 403 }, { path: new RegExp(`/teams/${other.id}/`) });
  await popover.addAccount(server.url, seeded.token, 'Dee');
  await popover.open();

  const kiosk = teamRow(page, 'Kiosk Screens');
  await expect(kiosk.locator('.summary')).toHaveText('Hidden for the Dashboard role');
  await expect(kiosk.locator('.meta')).not.toContainText('instance');
  expect(await cut(kiosk.locator('.part-text'))).toBe(false);
  await expect(kiosk.locator('.summary .part')).toHaveAttribute(
    'title',
    'FlowFuse shows the Dashboard role dashboards only, not instances or devices.',
  );

  const refused = teamRow(page, 'Other Site');
  await expect(refused.locator('.summary')).toHaveText('Hidden from this token');
  await expect(refused.locator('.meta')).not.toContainText('instance');
  expect(await cut(refused.locator('.part-text'))).toBe(false);

  // At 260 px wide the reason wraps rather than being cut.
  await page.setViewportSize({ width: 260, height: 560 });
  await expect(kiosk.locator('.summary')).toHaveText('Hidden for the Dashboard role');
  expect(await cut(kiosk.locator('.part-text'))).toBe(false);
  const box = await kiosk.locator('.part-text').boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(260);
});

const SIGN_IN_WORDS =
  'answered with a web page, not with FlowFuse’s API: a sign-in page or a proxy may stand in front of the server.';

test('a server behind a sign-in page: the same words in the form and in the list, the page title under Details', async ({
  popover,
}) => {
  const { page } = popover;
  const server = await popover.server();
  const seeded = seedUser(server, { username: 'ada', teams: [{ name: 'Line', role: 50 }] });
  const host = new URL(server.origin).host;

  // In the list: an account added earlier, whose server now sits behind a sign-in page.
  await popover.addAccount(server.url, seeded.token, 'Behind SSO');
  server.setFault({ kind: 'html' });
  await popover.open();
  await page.getByRole('button', { name: 'Refresh all accounts' }).click();
  const header = accountHeader(page, 'Behind SSO');
  await expect(header.locator('.account-error')).toContainText(`${host} ${SIGN_IN_WORDS}`);
  await expect(header.locator('.account-error')).not.toContainText('instead of JSON');
  await header.getByText('Details').click();
  await expect(header.locator('.account-error code')).toHaveText('HTTP 200, page title “Sign in”');

  // In the add form: the same sentence, a title that names it, and the same Details.
  await openSettings(page);
  await page.getByRole('button', { name: 'Add account' }).click();
  await page.getByLabel('Server address').fill(server.url);
  await page.getByLabel('Access token').fill(seeded.token);
  await page.getByRole('button', { name: 'Add account' }).click();
  const alert = page.locator('#form-error');
  await expect(alert.locator('strong')).toHaveText('A sign-in page or proxy answered');
  await expect(alert).toContainText(`${host} ${SIGN_IN_WORDS}`);
  await expect(alert).not.toContainText('Not a FlowFuse server');
  await alert.getByText('Details').click();
  await expect(alert.locator('code')).toHaveText('HTTP 200, page title “Sign in”');
});

test('a hung server while adding: Cancel stops the check, and the form says how long it waits', async ({
  popover,
}) => {
  const { page } = popover;
  const server = await popover.server();
  const seeded = seedUser(server, { username: 'ada', teams: [{ name: 'Line', role: 50 }] });
  server.setFault({ kind: 'hang' }, { path: '/api/json' });
  await popover.open();
  // The first run: no account yet, so no Cancel that leaves the form.
  await page.getByLabel('Server address').fill(server.url);
  await page.getByLabel('Access token').fill(seeded.token);
  await page.getByRole('button', { name: 'Add account' }).click();

  await expect(page.getByRole('button', { name: 'Checking…' })).toBeDisabled();
  await expect(page.getByLabel('Server address')).toBeDisabled();
  const wait = page.locator('.wait');
  await expect(wait).toHaveText('Waiting 0 s (at most 15 s)');
  await expect(wait).toBeInViewport();
  await expect(wait).toHaveText('Waiting 1 s (at most 15 s)');

  const cancel = page.getByRole('button', { name: 'Cancel' });
  await cancel.click();
  // Stopped in main: the probe's connection is dropped, the form is editable, nothing was said.
  await expect(page.getByLabel('Server address')).toBeEnabled();
  await expect(page.getByLabel('Server address')).toBeFocused();
  await expect(page.getByRole('button', { name: 'Add account' })).toBeEnabled();
  await expect(wait).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect((await popover.accounts()).length).toBe(0);
  expect(server.requests.map((request) => request.path)).toEqual(['/api/json']);

  // Once the server answers, the same form adds the account.
  server.setFault(null);
  await page.getByRole('button', { name: 'Add account' }).click();
  await expect(teamRow(page, 'Line')).toBeVisible();
});

test('an account whose teams were never loaded says "Teams not loaded yet", not "0 teams"', async ({
  popover,
}) => {
  const { page } = popover;
  const server = await popover.server();
  const seeded = seedUser(server, { username: 'ada', teams: [{ name: 'Line', role: 50 }] });
  server.setFault({ kind: 'hang' }, { path: '/api/v1/user/teams' });
  await popover.addAccount(server.url, seeded.token, 'Slow', { settle: false });
  await popover.open();
  const header = accountHeader(page, 'Slow');
  await expect(header.locator('.badge')).toHaveText('Refreshing');
  await expect(header.locator('.account-line.sub')).toContainText('Teams not loaded yet');
  await expect(header).not.toContainText('0 teams');
  await expect(header).not.toContainText('Never updated');
});

test('after a failed team list, each team says how old what it shows is, not that it is empty now', async ({
  popover,
}) => {
  const { page } = popover;
  const server = await popover.server();
  const seeded = seedUser(server, { username: 'ada', teams: [{ name: 'Line', role: 50 }] });
  await popover.addAccount(server.url, seeded.token, 'Plant');
  await popover.open();
  const row = teamRow(page, 'Line');
  await expect(row.locator('.summary')).toHaveText('No instances or devices');
  server.setFault({ kind: 'status', status: 502 });
  await page.getByRole('button', { name: 'Refresh all accounts' }).click();
  await expect(accountHeader(page, 'Plant').locator('.account-error')).toBeVisible();
  await expect(row.locator('.summary')).toContainText('No instances or devices');
  await expect(row.locator('.summary')).toContainText(/As of (just now|\d+ min ago)/);
});
