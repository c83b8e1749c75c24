/**
 * Against a real server: add the account through the form, see the team, rename it in place,
 * confirm the new name through the API, rename it back and confirm again. The old name is put
 * back from the test process in afterAll whatever happened in between.
 */
import { expect, test } from '../e2e/support/fixtures';
import { teamRowById } from '../e2e/support/locators';
import { SKIP_REASON, liveEnv, type LiveEnv } from './env';
import { findTeam, type ListedTeam } from './team-ref';

const env = liveEnv();

test.skip(env === null, `Live test skipped: ${SKIP_REASON}.`);
test.use({ http: { timeoutMs: 20_000, totalTimeoutMs: 60_000 } });

/**
 * The team as the API has it, read with the token straight from this process and found by the
 * id or the slug TEAMTRAY_LIVE_TEAM gives. The team list is the read the platform documents
 * (there is no documented GET for one team).
 */
async function apiTeam(live: LiveEnv): Promise<ListedTeam> {
  const response = await fetch(`${live.origin}/api/v1/user/teams`, {
    headers: { authorization: `Bearer ${live.token}`, accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`GET /api/v1/user/teams: HTTP ${response.status}`);
  const body = (await response.json()) as { teams?: ListedTeam[] };
  const team = findTeam(body.teams ?? [], live.team);
  if (team === null) {
    throw new Error(
      `No team with the id or slug "${live.team}" among the token owner's teams (the slug is what follows /team/ in the browser's address bar).`,
    );
  }
  return team;
}

const apiTeamName = async (live: LiveEnv): Promise<string> => (await apiTeam(live)).name;

async function apiRename(live: LiveEnv, name: string): Promise<void> {
  const { id } = await apiTeam(live);
  const response = await fetch(`${live.origin}/api/v1/teams/${encodeURIComponent(id)}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${live.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  if (!response.ok) throw new Error(`PUT team ${id}: HTTP ${response.status}`);
}

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

  await test.step('add the account through the form', async () => {
    await popover.open();
    await page.getByLabel('Server address').fill(env.url);
    await page.getByLabel('Label (optional)').fill('Live');
    await page.getByLabel('Access token').fill(env.token);
    await page.getByRole('button', { name: 'Add account' }).click();
    await expect(page.locator('.row.account')).toHaveCount(1);
  });

  const accountId = (await popover.accounts())[0]?.id ?? '';
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
