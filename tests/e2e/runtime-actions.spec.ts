/**
 * Start, restart, stop and suspend from the popover: the transition shows at once and the row
 * follows the server until the state settles; suspend asks first; members and viewers see the
 * actions disabled with the reason; a refusal says why under the row and the state comes back.
 */
import { expect, test } from './support/fixtures';
import { expander, instanceRow } from './support/locators';
import { item, plant } from './support/runtime-seed';

test.use({ viewport: { width: 400, height: 560 } });

const actionPosts = (requests: readonly { method: string; path: string }[]): string[] =>
  requests
    .filter((request) => request.method === 'POST' && request.path.includes('/actions/'))
    .map((request) => request.path.replace(/^.*\/actions\//, ''));

test('an owner stops an instance: "Stopping…" at once, no second click, then "Stopped"', async ({
  popover,
}) => {
  const { page } = popover;
  const { server, seeded } = await plant(popover);
  // The server takes its time, so the transition can be seen (and clicked at).
  server.addFault({ kind: 'latency', ms: 1_000 }, { method: 'POST', path: /\/actions\// });
  await expander(page, 'Alpha Works').click();
  const row = instanceRow(page, 'alpha-line-1');
  await row.hover();
  // "Stopping…" shows with the click's own update, before main's patch can have come back (a
  // message from main needs a task of its own; this reads the row in the same one).
  const atClick = await row
    .getByRole('button', { name: 'Stop alpha-line-1' })
    .evaluate(async (button) => {
      const root = button.getRootNode() as ShadowRoot;
      const key = button.closest('[data-key]')?.getAttribute('data-key') ?? '';
      // As a pointer's click does: the button takes the focus, then the click.
      (button as HTMLElement).focus();
      (button as HTMLElement).click();
      await (root.host as HTMLElement & { updateComplete: Promise<boolean> }).updateComplete;
      return root.querySelector(`[data-key="${key}"] .child-state`)?.textContent.trim();
    });
  expect(atClick).toBe('Stopping…');
  await expect(row.locator('.child-state')).toHaveText('Stopping…');
  // The pressed button went away; the focus stayed on its row, not on the page.
  await expect(row).toBeFocused();
  // Nothing to click twice while it is under way.
  await expect(row.getByRole('button', { name: /^(Start|Restart|Stop|Suspend) / })).toHaveCount(0);
  await expect(row.locator('.child-state')).toHaveText('Stopped', { timeout: 5_000 });
  await expect(row.getByRole('button', { name: 'Start alpha-line-1' })).toBeVisible();
  expect(actionPosts(server.requests)).toEqual(['stop']);
  expect(item(seeded.runtimes[0]?.instances ?? [], 'alpha-line-1').state).toBe('stopped');
  await expect(
    page.getByRole('status').filter({ hasText: 'Stopping alpha-line-1' }),
  ).toBeAttached();
  // The row kept the focus its vanished button had.
  await expect(row).toBeFocused();
});

test('restart and start show their transitions until the instance runs', async ({ popover }) => {
  const { page } = popover;
  // A start from suspended stays "starting" for a second on this server, as on FlowFuse.
  const { server, seeded } = await plant(popover, { server: { startDelayMs: 1_000 } });
  const instances = seeded.runtimes[0]?.instances ?? [];
  server.setInstanceState(item(instances, 'alpha-line-3'), 'suspended');
  await page.getByRole('button', { name: 'Refresh all accounts' }).click();
  await expander(page, 'Alpha Works').click();

  const suspended = instanceRow(page, 'alpha-line-3');
  await expect(suspended.locator('.child-state')).toHaveText('Suspended');
  await suspended.hover();
  // A suspended instance offers Start only.
  await expect(suspended.getByRole('button', { name: /^(Restart|Stop|Suspend) / })).toHaveCount(0);
  await suspended.getByRole('button', { name: 'Start alpha-line-3' }).click();
  await expect(suspended.locator('.child-state')).toHaveText('Starting…');
  await expect(suspended.locator('.child-state')).toHaveText('Running', { timeout: 5_000 });

  server.addFault({ kind: 'latency', ms: 800 }, { method: 'POST', path: /\/actions\/restart$/ });
  const crashed = instanceRow(page, 'alpha-line-2');
  // Back to the top: with its log under it, the crashed row's buttons would otherwise sit under
  // the pinned headers once the list scrolled down to alpha-line-3.
  await page.locator('.scroller').evaluate((scroller) => {
    scroller.scrollTop = 0;
  });
  await crashed.hover();
  await crashed
    .locator('.child-actions')
    .getByRole('button', { name: 'Restart alpha-line-2' })
    .click();
  await expect(crashed.locator('.child-state')).toHaveText('Restarting…');
  await expect(crashed.locator('.child-state')).toHaveText('Running', { timeout: 5_000 });
  // The user's own restart is no recovery to announce: the row says what it did.
  await expect(crashed.locator('.recovery')).toHaveText('Restarted by you · just now');
  await expect(crashed).not.toContainText('Running again');
  expect(actionPosts(server.requests)).toEqual(['start', 'restart']);
});

test('suspend asks first: Cancel sends nothing, Suspend suspends', async ({ popover }) => {
  const { page } = popover;
  const { server } = await plant(popover);
  await expander(page, 'Alpha Works').click();
  const row = instanceRow(page, 'alpha-line-1');
  await row.hover();
  await row.getByRole('button', { name: 'Suspend alpha-line-1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Suspend alpha-line-1?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('stops the instance and frees its resources');
  // The safe answer has the focus: Enter on an unread question changes nothing.
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await page.waitForTimeout(200);
  expect(actionPosts(server.requests)).toEqual([]);
  await expect(row.locator('.child-state')).toHaveText('Running');

  // Esc is a no as well.
  await row.hover();
  await row.getByRole('button', { name: 'Suspend alpha-line-1' }).click();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(actionPosts(server.requests)).toEqual([]);

  await row.hover();
  await row.getByRole('button', { name: 'Suspend alpha-line-1' }).click();
  await dialog.getByRole('button', { name: 'Suspend', exact: true }).click();
  await expect(row.locator('.child-state')).toHaveText('Suspended', { timeout: 5_000 });
  expect(actionPosts(server.requests)).toEqual(['suspend']);
});

test('a member sees why there is no Start or Stop, in words, on hover and on focus; nothing is sent', async ({
  popover,
}) => {
  const { page } = popover;
  const { server } = await plant(popover);
  await expander(page, 'Beta Labs').click();
  const row = instanceRow(page, 'beta-ui');
  const reason = 'Only team owners can start or stop instances; you are a member here.';
  const note = row.getByText(reason, { exact: true });
  await expect(note).toBeHidden();
  await row.hover();
  await expect(note).toBeVisible();
  // Full strength, and over nothing: no faded buttons drawn over the state.
  expect(await note.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
  for (const verb of ['Restart', 'Stop', 'Suspend']) {
    await expect(row.getByRole('button', { name: `${verb} beta-ui` })).toHaveCount(0);
  }
  await expect(row.locator('.child-state')).toHaveText('Running');
  // Opening stays allowed.
  await expect(row.getByRole('button', { name: 'Open beta-ui in FlowFuse' })).toHaveAttribute(
    'aria-disabled',
    'false',
  );
  // On keyboard focus too, and a screen reader hears it with the row.
  await page.mouse.move(5, 5);
  await expect(note).toBeHidden();
  await row.focus();
  await expect(note).toBeVisible();
  await expect(row).toHaveAccessibleDescription(new RegExp(reason.replace(/[.;]/g, '.')));
  await page.waitForTimeout(200);
  expect(actionPosts(server.requests)).toEqual([]);
});

test('a refusal says why under the row, and the state comes back', async ({ popover }) => {
  const { page } = popover;
  const { server, seeded } = await plant(popover);
  const host = new URL(server.origin).host;
  server.setFault({ kind: 'status', status: 500 }, { method: 'POST', path: /\/actions\// });
  await expander(page, 'Alpha Works').click();
  const row = instanceRow(page, 'alpha-line-1');
  await row.hover();
  await row.getByRole('button', { name: 'Stop alpha-line-1' }).click();
  await expect(row.getByRole('alert')).toHaveText(
    `${host} had a server error (500). Try again later.`,
  );
  await expect(row.locator('.child-state')).toHaveText('Running');
  await row.hover();
  await expect(row.getByRole('button', { name: 'Stop alpha-line-1' })).toBeVisible();

  // The server took the owner's role away after the list was read: its 403 is explained.
  server.setFault(null);
  const team = seeded.teams[0];
  if (team === undefined) throw new Error('fixture');
  server.setRole(team, seeded.user, 30);
  await row.getByRole('button', { name: 'Stop alpha-line-1' }).click();
  await expect(row.getByRole('alert')).toHaveText(
    `${host} did not allow it: only a team owner can start or stop instances, and the token must not be read-only.`,
  );
  await expect(row.locator('.child-state')).toHaveText('Running');
  // Dismissed, it is gone.
  await row.getByRole('button', { name: 'Dismiss' }).click();
  await expect(row.getByRole('alert')).toHaveCount(0);
});
