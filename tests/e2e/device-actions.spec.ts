/**
 * A device's actions from the popover: an owner restarts one ("Restarting…" at once, nothing to
 * click twice, then back to its state), turns developer mode on (the row says so and offers its
 * editor's page in FlowFuse) and off; FlowFuse's refusal says why under the row; a member gets
 * no Restart; a server that refuses developer mode as unlicensed stops offering it.
 */
import type { Locator } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { deviceRow, expander, pressRowButton, scrollRowIntoView } from './support/locators';
import { plant } from './support/runtime-seed';

test.use({ viewport: { width: 400, height: 560 } });

/** Points at the row until its actions show (its FlowFuse button), so an absent one is absent. */
async function pointAt(row: Locator, name: string): Promise<void> {
  await expect(async () => {
    await row.hover();
    await expect(row.getByRole('button', { name: `Open ${name} in FlowFuse` })).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 30_000 });
}

const devicePosts = (requests: readonly { method: string; path: string }[]): string[] =>
  requests
    .filter((request) => request.method !== 'GET' && request.path.startsWith('/api/v1/devices/'))
    .map(
      (request) => `${request.method} ${request.path.replace(/^\/api\/v1\/devices\/[^/]+/, '')}`,
    );

test('an owner restarts a device: "Restarting…" at once, then its state again', async ({
  popover,
}) => {
  const { page } = popover;
  const { server } = await plant(popover, { server: { deviceComms: true, startDelayMs: 800 } });
  server.addFault({ kind: 'latency', ms: 600 }, { method: 'POST', path: /\/devices\/.*restart$/ });
  await expander(page, 'Alpha Works').click();
  const row = deviceRow(page, 'press-01');
  // Below the crashed instance's log: the list draws only the rows in view.
  await scrollRowIntoView(page, row);
  await row.hover();
  await pressRowButton(row, 'Restart press-01');
  await expect(row.locator('.child-state')).toHaveText('Restarting…');
  // Nothing to click twice while it is under way.
  await pointAt(row, 'press-01');
  await expect(row.getByRole('button', { name: /^(Restart|Turn developer) / })).toHaveCount(0);
  await expect(row.locator('.child-state')).toHaveText('Online', { timeout: 5_000 });
  expect(devicePosts(server.requests)).toEqual(['POST /actions/restart']);
  await expect(page.getByRole('status').filter({ hasText: 'Restarting press-01' })).toBeAttached();
  // A device that never called home has no Node-RED to restart.
  const spare = deviceRow(page, 'spare-gateway');
  await scrollRowIntoView(page, spare);
  await pointAt(spare, 'spare-gateway');
  await expect(spare.getByRole('button', { name: 'Restart spare-gateway' })).toHaveCount(0);
});

test('FlowFuse’s refusal of a restart says why under the row', async ({ popover }) => {
  const { page } = popover;
  // 2.4.0 without a device broker: 400 no_device_comms.
  await plant(popover);
  await expander(page, 'Alpha Works').click();
  const row = deviceRow(page, 'press-01');
  // Below the crashed instance's log: the list draws only the rows in view.
  await scrollRowIntoView(page, row);
  await row.hover();
  await pressRowButton(row, 'Restart press-01');
  await expect(row.getByRole('alert')).toContainText('cannot reach its devices');
  await expect(row.locator('.child-state')).toHaveText('Online');
});

test('developer mode on and off; its editor’s page opens in FlowFuse', async ({ popover }) => {
  const { page } = popover;
  const { server } = await plant(popover, { server: { version: '2.27.0' } });
  await expander(page, 'Alpha Works').click();
  const row = deviceRow(page, 'press-01');
  // Below the crashed instance's log: the list draws only the rows in view.
  await scrollRowIntoView(page, row);
  await row.hover();
  await expect(
    row.getByRole('button', { name: 'Open the editor of press-01 in FlowFuse' }),
  ).toHaveCount(0);
  await pressRowButton(row, 'Turn developer mode on for press-01');
  await expect(row.locator('.developer-mode')).toHaveText('Developer mode · no offline alerts');
  await row.hover();
  await pressRowButton(row, 'Open the editor of press-01 in FlowFuse');
  await expect
    .poll(() => popover.shell.opened)
    .toEqual([expect.stringMatching(/\/device\/[^/]+\/editor$/)]);
  await pressRowButton(row, 'Turn developer mode off for press-01');
  await expect(row.locator('.developer-mode')).toHaveCount(0);
  expect(devicePosts(server.requests)).toEqual(['PUT /mode', 'PUT /mode']);
});

test('an unlicensed server says so once, and the rows stop offering developer mode', async ({
  popover,
}) => {
  const { page } = popover;
  await plant(popover, { server: { licensed: false } });
  await expander(page, 'Alpha Works').click();
  const row = deviceRow(page, 'press-01');
  // Below the crashed instance's log: the list draws only the rows in view.
  await scrollRowIntoView(page, row);
  await row.hover();
  await pressRowButton(row, 'Turn developer mode on for press-01');
  await expect(row.getByRole('alert')).toContainText('licence does not include developer mode');
  const other = deviceRow(page, 'press-02');
  await scrollRowIntoView(page, other);
  await pointAt(other, 'press-02');
  await expect(other.getByRole('button', { name: /developer mode/ })).toHaveCount(0);
  await expect(other.getByRole('button', { name: 'Restart press-02' })).toBeVisible();
});

test('a member gets no Restart, and the server is never asked', async ({ popover }) => {
  const { page } = popover;
  const { server, seeded } = await plant(popover);
  const beta = seeded.teams[1];
  if (beta === undefined) throw new Error('fixture');
  server.addDevice(beta, { name: 'lab-pi', lastSeen: 'recent' });
  await page.getByRole('button', { name: 'Refresh all accounts' }).click();
  await expander(page, 'Beta Labs').click();
  const row = deviceRow(page, 'lab-pi');
  await pointAt(row, 'lab-pi');
  await expect(row.getByRole('button', { name: 'Restart lab-pi' })).toHaveCount(0);
  // A member may change developer mode on current FlowFuse; 2.4.0 wants the owner and says so.
  await pressRowButton(row, 'Turn developer mode on for lab-pi');
  await expect(row.getByRole('alert')).toContainText('FlowFuse 2.4 asks for an owner');
  expect(devicePosts(server.requests)).toEqual(['PUT /mode']);
});
