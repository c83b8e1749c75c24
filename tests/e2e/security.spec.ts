/** Server text is text: a team named like markup never runs and never becomes an element. */
import { XSS_DEVICE_NAME, XSS_TEAM_NAME, seedSample, seedUser } from '../fake-server';
import { expect, test } from './support/fixtures';
import { deviceRow, expander, openSettings, teamRow, teamRowById } from './support/locators';

test('a team named <img src=x onerror=alert(1)> shows as inert text', async ({ popover }) => {
  const { page } = popover;
  const server = await popover.server();
  const { token } = seedSample(server, { markup: true });
  await popover.addAccount(server.url, token, `<b>${XSS_TEAM_NAME}</b>`);
  await popover.open();

  const row = teamRow(page, XSS_TEAM_NAME);
  await expect(row).toBeVisible();
  await expect(row.locator('.name')).toHaveText(XSS_TEAM_NAME);
  await expect(page.locator('.account-label')).toHaveText(`<b>${XSS_TEAM_NAME}</b>`);
  // Its device is named like a script: opened, the row shows the name as text.
  await expander(page, XSS_TEAM_NAME).click();
  await expect(deviceRow(page, XSS_DEVICE_NAME)).toBeVisible();
  await page.waitForTimeout(300);
  expect(await page.locator('img[src="x"], b, tt-app script').count()).toBe(0);
  expect(popover.dialogs).toEqual([]);
  expect(popover.pageErrors).toEqual([]);
});

test('renaming a team to markup keeps it text, on screen and on the server', async ({
  popover,
}) => {
  const { page } = popover;
  const server = await popover.server();
  const { token, teams } = seedUser(server, {
    username: 'ada',
    teams: [{ name: 'Plain', role: 50 }],
  });
  const saved = await popover.addAccount(server.url, token);
  await popover.open();
  const row = teamRowById(page, saved.id, teams[0]?.id ?? '');
  await row.focus();
  await page.keyboard.press('F2');
  await page.locator('input.editor').fill('<svg onload=alert(2)>');
  await page.keyboard.press('Enter');
  await expect(row.locator('.name')).toHaveText('<svg onload=alert(2)>');
  await expect
    .poll(() => server.state.teams.get(teams[0]?.id ?? '')?.name)
    .toBe('<svg onload=alert(2)>');
  expect(await page.locator('tt-team-list svg[onload]').count()).toBe(0);
  expect(popover.dialogs).toEqual([]);
});

test('the page runs under the CSP with no violation and no network of its own', async ({
  popover,
}) => {
  const { page } = popover;
  const violations: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __violations: string[] }).__violations.push(
        `${event.violatedDirective} ${event.blockedURI}`,
      );
    });
    (window as unknown as { __violations: string[] }).__violations = [];
  });
  const server = await popover.server();
  const { token } = seedSample(server, { markup: true });
  await popover.addAccount(server.url, token);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await popover.open();
  await expect(teamRow(page, 'Acme Production')).toBeVisible();
  await openSettings(page);
  await page.getByRole('button', { name: 'Back' }).click();
  violations.push(
    ...(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)),
  );
  expect(violations).toEqual([]);
  // The page talks to main only: no request to the FlowFuse server ever leaves it.
  expect(requests.filter((url) => url.startsWith(server.origin))).toEqual([]);
});
