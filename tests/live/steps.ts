/** Steps both live specs take: the account added through the form, as a user adds it. */
import { expect, type Popover } from '../e2e/support/fixtures';
import type { LiveEnv } from './env';

/** Adds the account through the form; returns its id. */
export async function addLiveAccount(popover: Popover, live: LiveEnv): Promise<string> {
  const { page } = popover;
  await page.getByLabel('Server address').fill(live.url);
  await page.getByLabel('Label (optional)').fill('Live');
  await page.getByLabel('Access token').fill(live.token);
  await page.getByRole('button', { name: 'Add account' }).click();
  await expect(page.locator('.row.account')).toHaveCount(1);
  const account = (await popover.accounts())[0];
  if (account === undefined) throw new Error('The account was not saved.');
  return account.id;
}
