/**
 * Against a real server: add the account through the form, see the team, rename it in place,
 * confirm the new name through the API, rename it back and confirm again. The old name is put
 * back from the test process in afterAll whatever happened in between.
 */
import { expect, test } from '../e2e/support/fixtures';
import { teamRowById } from '../e2e/support/locators';
import { apiRename, apiTeam } from './api';
import { SKIP_REASON, liveEnv, type LiveEnv } from './env';
import { addLiveAccount } from './steps';

const env = liveEnv();

test.skip(env === null, `Live test skipped: ${SKIP_REASON}.`);
test.use({ http: { timeoutMs: 20_000, totalTimeoutMs: 60_000 } });

const apiTeamName = async (live: LiveEnv): Promise<string> => (await apiTeam(live)).name;

let originalName: string | null = null;

test.afterAll(async () => {
  if (env === null || originalName === null) return;
  if ((await apiTeamName(env)) !== originalName) await apiRename(env, originalName);
  expect(await apiTeamName(env)).toBe(originalName);
});

test('add the account, list, rename, then rename back', async ({ popover }) => {
  if (env === null) return;
  const { page } = popover;
  const team = await apiTeam(env);
  originalName = team.name;
  const before = originalName;
  const temporary = `${before.slice(0, 200)} (Teamtray ${Date.now().toString(36)})`;

  const accountId = await test.step('add the account through the form', async () => {
    await popover.open();
    return addLiveAccount(popover, env);
  });
  const row = teamRowById(page, accountId, team.id);

  await test.step('the team is listed', async () => {
    await page.getByRole('searchbox', { name: 'Search teams' }).fill(before);
    await expect(row.locator('.name')).toHaveText(before);
  });

  await test.step('rename it in place; the API has the new name', async () => {
    await row.focus();
    await page.keyboard.press('F2');
    await page.locator('input.editor').fill(temporary);
    await page.keyboard.press('Enter');
    await expect(row.locator('.name')).toHaveText(temporary);
    await expect(row.locator('.meta')).not.toHaveText('Saving…');
    await expect(row.getByRole('alert')).toHaveCount(0);
    await expect.poll(() => apiTeamName(env)).toBe(temporary);
  });

  await test.step('rename it back; the API has the old name again', async () => {
    await row.focus();
    await page.keyboard.press('F2');
    await page.locator('input.editor').fill(before);
    await page.keyboard.press('Enter');
    await expect(row.locator('.name')).toHaveText(before);
    await expect(row.getByRole('alert')).toHaveCount(0);
    await expect.poll(() => apiTeamName(env)).toBe(before);
  });
});
