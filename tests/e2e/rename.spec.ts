/** Rename in place: F2 or the button; validation; owners only; reverts on failure. */
import type { Page } from '@playwright/test';
import { seedUser, type FakeFlowFuse } from '../fake-server';
import { expect, test, type Popover } from './support/fixtures';
import { teamRow, teamRowById } from './support/locators';

async function withTeams(popover: Popover): Promise<{
  server: FakeFlowFuse;
  accountId: string;
  ownedId: string;
  memberId: string;
}> {
  const server = await popover.server();
  const { token, teams } = seedUser(server, {
    username: 'ada',
    teams: [
      { name: 'Acme Production', role: 50 },
      { name: 'Field Engineering', role: 30 },
    ],
  });
  const saved = await popover.addAccount(server.url, token, 'Local');
  await popover.open();
  await expect(teamRow(popover.page, 'Acme Production')).toBeVisible();
  return {
    server,
    accountId: saved.id,
    ownedId: teams[0]?.id ?? '',
    memberId: teams[1]?.id ?? '',
  };
}

function withoutRole(team: Record<string, unknown>): Record<string, unknown> {
  const copy = { ...team };
  delete copy.role;
  return copy;
}

const puts = (server: FakeFlowFuse) => server.requests.filter((r) => r.method === 'PUT');
const editor = (page: Page) => page.locator('input.editor');

test('rename with F2: the new name shows at once and the server has it', async ({ popover }) => {
  const { page } = popover;
  const { server, accountId, ownedId } = await withTeams(popover);
  // A slow server: the name must show before it answers.
  server.setFault({ kind: 'latency', ms: 600 }, { method: 'PUT' });
  const row = teamRowById(page, accountId, ownedId);
  await row.focus();
  await page.keyboard.press('F2');
  await expect(editor(page)).toBeFocused();
  await expect(editor(page)).toHaveValue('Acme Production');
  await editor(page).fill('  Acme Live  ');
  await page.keyboard.press('Enter');
  await expect(row.locator('.name')).toHaveText('Acme Live', { timeout: 300 });
  // The role leads the second line; "Saving…" follows it while the server works.
  await expect(row.locator('.meta')).toHaveText('Owner Saving…');
  await expect(row.locator('.meta')).not.toContainText('Saving…', { timeout: 5_000 });
  expect(server.state.teams.get(ownedId)?.name).toBe('Acme Live');
  expect(JSON.parse(puts(server)[0]?.body ?? '{}')).toEqual({ name: 'Acme Live' });
  await expect(row).toBeFocused();
});

test('Enter and Esc hand the focus from the field straight to its row', async ({ popover }) => {
  const { page } = popover;
  const { accountId, ownedId } = await withTeams(popover);
  const row = teamRowById(page, accountId, ownedId);
  for (const key of ['Enter', 'Escape']) {
    await row.focus();
    await page.keyboard.press('F2');
    await expect(editor(page)).toBeFocused();
    await editor(page).fill(`Acme ${key}`);
    // Where the focus went as the field lost it: its row, before the row is drawn without the
    // field (drawn first, the focused field would leave the page with the focus on nothing).
    await editor(page).evaluate((field) => {
      field.addEventListener(
        'focusout',
        (event) => {
          const to = (event as FocusEvent).relatedTarget;
          (window as unknown as { focusWent: string }).focusWent =
            to instanceof HTMLElement ? (to.dataset.key ?? to.tagName) : 'nowhere';
        },
        { once: true },
      );
    });
    await page.keyboard.press(key);
    await expect(row).toBeFocused();
    expect(await page.evaluate(() => (window as unknown as { focusWent?: string }).focusWent)).toBe(
      `${accountId}/${ownedId}`,
    );
    // A name still being saved cannot be renamed again ("try again in a moment"): as a person
    // would, wait for the save before the next F2 (under load the PUT outlasted the checks above).
    await expect(row.locator('.meta')).not.toContainText('Saving…', { timeout: 5_000 });
  }
});

test('Enter draws the list once: the row keeps its height, the window needs no second pass', async ({
  popover,
}) => {
  const { page } = popover;
  const { server, accountId, ownedId } = await withTeams(popover);
  // A slow server: nothing but the Enter itself reaches the list in its frame.
  server.setFault({ kind: 'latency', ms: 600 }, { method: 'PUT' });
  const row = teamRowById(page, accountId, ownedId);
  await row.focus();
  await page.keyboard.press('F2');
  await editor(page).fill('Acme Once');
  // The list's updates from Enter to the end of its frame.
  const updates = await page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const list = document.querySelector('tt-app')?.shadowRoot?.querySelector('tt-team-list');
        const field = list?.shadowRoot?.querySelector('input.editor');
        if (list === undefined || list === null || field === null || field === undefined) {
          reject(new Error('no rename field'));
          return;
        }
        const counted = list as unknown as { updated: (changed: unknown) => void };
        const own = counted.updated;
        let count = 0;
        counted.updated = function (this: unknown, changed: unknown) {
          count += 1;
          own.call(this, changed);
        };
        requestAnimationFrame(() => {
          field.dispatchEvent(
            new KeyboardEvent('keydown', {
              key: 'Enter',
              bubbles: true,
              composed: true,
              cancelable: true,
            }),
          );
          const channel = new MessageChannel();
          channel.port1.onmessage = () => {
            counted.updated = own;
            resolve(count);
          };
          channel.port2.postMessage(null);
        });
      }),
  );
  await expect(row.locator('.name')).toHaveText('Acme Once');
  await expect(row).toBeFocused();
  expect(updates).toBe(1);
});

test('rename with the button and with F2; Esc cancels', async ({ popover }) => {
  const { page } = popover;
  const { server, accountId, ownedId } = await withTeams(popover);
  const row = teamRowById(page, accountId, ownedId);
  await row.hover();
  await row.getByRole('button', { name: 'Rename Acme Production' }).click();
  await editor(page).fill('Never sent');
  await page.keyboard.press('Escape');
  await expect(editor(page)).toHaveCount(0);
  await expect(row.locator('.name')).toHaveText('Acme Production');
  // Esc in the editor only cancels: the popover stays open.
  expect(popover.shell.hidden).toBe(0);

  await row.focus();
  await page.keyboard.press('F2');
  await editor(page).fill('Acme Twice');
  await page.keyboard.press('Enter');
  await expect(row.locator('.name')).toHaveText('Acme Twice');
  await expect.poll(() => server.state.teams.get(ownedId)?.name).toBe('Acme Twice');
  expect(puts(server)).toHaveLength(1);
});

test('an invalid name is refused inline and never sent', async ({ popover }) => {
  const { page } = popover;
  const { server, accountId, ownedId } = await withTeams(popover);
  const row = teamRowById(page, accountId, ownedId);
  await row.focus();
  await page.keyboard.press('F2');
  await editor(page).fill('see https://example.com');
  await expect(row.getByText('A team name cannot contain "://".')).toBeVisible();
  await expect(editor(page)).toHaveAttribute('aria-invalid', 'true');
  await page.keyboard.press('Enter');
  await expect(editor(page)).toBeVisible();
  await editor(page).fill('   ');
  await page.keyboard.press('Enter');
  await expect(row.getByText('A team name cannot be blank.')).toBeVisible();
  await editor(page).fill('x'.repeat(256));
  await expect(row.getByText('at most 255 characters')).toBeVisible();
  await page.keyboard.press('Escape');
  expect(puts(server)).toEqual([]);
  expect(server.state.teams.get(ownedId)?.name).toBe('Acme Production');
});

test('a server error reverts the name and says why', async ({ popover }) => {
  const { page } = popover;
  const { server, accountId, ownedId } = await withTeams(popover);
  // Slow enough to see the optimistic name, then a failure.
  server.setFault({ kind: 'latency', ms: 500 }, { method: 'PUT' });
  server.addFault({ kind: 'status', status: 500 }, { method: 'PUT' });
  const row = teamRowById(page, accountId, ownedId);
  await row.focus();
  await page.keyboard.press('F2');
  await editor(page).fill('Doomed Name');
  await page.keyboard.press('Enter');
  await expect(row.locator('.name')).toHaveText('Doomed Name');
  await expect(row.locator('.name')).toHaveText('Acme Production', { timeout: 10_000 });
  const error = row.getByRole('alert');
  await expect(error).toContainText('Could not rename to “Doomed Name”');
  await error.getByRole('button', { name: 'Dismiss' }).click();
  await expect(row.getByRole('alert')).toHaveCount(0);
  expect(server.state.teams.get(ownedId)?.name).toBe('Acme Production');
});

test('a non-owner cannot rename: the control is disabled and says why', async ({ popover }) => {
  const { page } = popover;
  const { server, accountId, memberId } = await withTeams(popover);
  const row = teamRowById(page, accountId, memberId);
  await row.hover();
  const button = row.getByRole('button', { name: 'Rename Field Engineering' });
  await expect(button).toHaveAttribute('aria-disabled', 'true');
  await expect(button).toHaveAttribute('title', /owner/i);
  await row.focus();
  await page.keyboard.press('F2');
  await expect(editor(page)).toHaveCount(0);
  await expect(row.getByRole('alert')).toContainText(/owner/i);
  await row.hover();
  // Forced: Playwright waits for an aria-disabled control to become enabled; a user can click it.
  await button.click({ force: true });
  await expect(editor(page)).toHaveCount(0);
  expect(puts(server)).toEqual([]);
});

test('when the server does not say the role, a refused rename (403) is reported', async ({
  popover,
}) => {
  const { page } = popover;
  const server = await popover.server();
  const { token, teams } = seedUser(server, {
    username: 'ada',
    teams: [{ name: 'Shared Team', role: 30 }],
  });
  // An older or stricter server: the team list carries no role.
  const listed = (await (
    await fetch(`${server.origin}/api/v1/user/teams`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as { teams: Record<string, unknown>[] };
  server.setFault(
    {
      kind: 'json',
      status: 200,
      body: { ...listed, teams: listed.teams.map(withoutRole) },
    },
    { path: '/api/v1/user/teams', method: 'GET' },
  );
  const saved = await popover.addAccount(server.url, token, 'Local');
  await popover.open();
  const row = teamRowById(page, saved.id, teams[0]?.id ?? '');
  await expect(row).toBeVisible();
  await expect(row.locator('.badge')).toHaveCount(0);
  await row.focus();
  await page.keyboard.press('F2');
  await editor(page).fill('Taken Over');
  await page.keyboard.press('Enter');
  await expect(row.getByRole('alert')).toContainText('Could not rename to “Taken Over”');
  await expect(row.locator('.name')).toHaveText('Shared Team');
  expect(puts(server)).toHaveLength(1);
  expect(server.state.teams.get(teams[0]?.id ?? '')?.name).toBe('Shared Team');
});
