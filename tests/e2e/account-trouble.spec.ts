/**
 * What a user meets when an account goes wrong (issue 21): a token revoked while they act, teams
 * the token may not see into, a server behind a sign-in page, and a server that does not answer
 * while it is being added.
 */
import { expect, test } from './support/fixtures';
import { accountHeader, expander, instanceRow, teamRow } from './support/locators';
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
  await expect(row.getByRole('alert')).toContainText(
    'Token expired or revoked: use Replace token above.',
  );
  // The full sentence shows once, in the account's header.
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
    'Could not rename to “Alpha Works 2”. Token expired or revoked: use Replace token above.',
  );
  await expect(page.getByText('refused the token')).toHaveCount(1);
});
