/**
 * What a token may not do, in the popover (#32 part 1): with a read-only token (FlowFuse 2.32+)
 * a team's Rename and a device's Restart and developer mode are offered disabled, their title
 * saying why ("This token is read-only"); a press says it under the row and sends nothing. Its
 * inbox says it needs a token that may write, not "Nothing unread". A token refused after its
 * known expiry says "Token expired on …" under the account's header too, not "expired or revoked".
 */
import type { Locator } from '@playwright/test';
import { seedUser } from '../fake-server';
import { expect, test } from './support/fixtures';
import { accountHeader, deviceRow, searchBox, teamRow } from './support/locators';
import { seedReadOnly } from './support/read-only-seed';

test.use({ viewport: { width: 400, height: 560 } });

/** Points at the row until the button shows (the row's buttons show on hover or focus). */
async function pointAt(row: Locator, name: string): Promise<Locator> {
  const button = row.getByRole('button', { name, exact: true });
  await expect(async () => {
    await row.hover();
    await expect(button).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  return button;
}

test('a read-only token: Rename and the device actions are disabled, say why, and send nothing', async ({
  popover,
}) => {
  const { page } = popover;
  const { server } = await seedReadOnly(popover);
  const writes = () => server.requests.filter((each) => each.method !== 'GET');

  const team = teamRow(page, 'Alpha Works');
  const rename = await pointAt(team, 'Rename Alpha Works');
  await expect(rename).toHaveAttribute('aria-disabled', 'true');
  await expect(rename).toHaveAttribute('title', 'This token is read-only');
  // Forced: Playwright waits for an aria-disabled control to become enabled; a user can click it.
  await rename.click({ force: true });
  await expect(page.locator('input.editor')).toHaveCount(0);
  await expect(team.getByRole('alert')).toContainText('This token is read-only');

  await searchBox(page).fill('press-01');
  const device = deviceRow(page, 'press-01');
  const restart = await pointAt(device, 'Restart press-01');
  await expect(restart).toHaveAttribute('aria-disabled', 'true');
  await expect(restart).toHaveAttribute('title', 'This token is read-only');
  const mode = device.getByRole('button', { name: 'Turn developer mode on for press-01' });
  await expect(mode).toHaveAttribute('aria-disabled', 'true');
  await expect(mode).toHaveAttribute('title', 'This token is read-only');
  await restart.click({ force: true });
  await expect(device.getByRole('alert')).toContainText('This token is read-only');
  await expect(device.locator('.child-state')).not.toHaveText('Restarting…');
  expect(writes()).toEqual([]);
  expect(popover.pageErrors).toEqual([]);
});

test('a read-only token’s inbox says it needs a token that may write', async ({ popover }) => {
  const { page } = popover;
  await seedReadOnly(popover);
  const bell = page.getByRole('button', { name: /^Inbox:/ });
  await expect(bell).toHaveAccessibleName('Inbox: nothing unread');
  await bell.click();
  const inbox = page.locator('tt-inbox');
  await expect(inbox).toContainText(
    'Plant: The inbox needs a token that may write: this one is read-only. Replace it in Settings › Accounts.',
  );
  await expect(inbox).not.toContainText('Nothing unread');
  await expect(inbox).not.toContainText('could not be read');
  expect(popover.pageErrors).toEqual([]);
});

test('a token refused after its known expiry says when it expired under the header', async ({
  popover,
}) => {
  const { page } = popover;
  const server = await popover.server();
  const ada = seedUser(server, {
    username: 'ada',
    teams: [{ name: 'Alpha Works', role: 50 }],
    token: { name: 'teamtray-laptop', expiresAt: Date.now() + 3_000 },
  });
  const saved = await popover.addAccount(server.url, ada.token, 'Plant');
  await expect
    .poll(async () => (await popover.accounts())[0]?.tokenInfo?.name)
    .toBe('teamtray-laptop');
  const expiresAt = (await popover.accounts())[0]?.tokenInfo?.expiresAt ?? Date.now();
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiresAt - Date.now() + 100)));
  // Opened after the expiry (the popover's clock ticks every few seconds); the next refresh
  // meets FlowFuse's 401.
  await popover.open();
  await expect(async () => {
    await popover.core.dispatch('refresh', { accountId: saved.id });
    await expect(accountHeader(page, 'Plant').locator('.badge')).toHaveText(
      /Token expired on \d+ \w+/,
      { timeout: 2_000 },
    );
  }).toPass({ timeout: 20_000 });
  const error = accountHeader(page, 'Plant').locator('.account-error');
  await expect(error).toContainText(/Token expired on \d+ \w+: 127\.0\.0\.1:\d+ refused it\./);
  await expect(error).not.toContainText('revoked');
  expect(popover.pageErrors).toEqual([]);
});
