/**
 * Why it broke: a crashed instance shows its last log lines under its row without a click (errors
 * and warnings marked, a message of several lines kept, ages); Log shows a running instance's
 * lines on demand; a suspended instance says "No log while suspended"; a line with markup shows
 * as text; Copy log puts main's text on the clipboard; Open log in FlowFuse opens the page main
 * builds. Screenshots light and dark at the popover's real size, at 260 px wide and with 150 %
 * text, each passing axe and spilling nothing sideways.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expander, instanceRow } from './support/locators';
import { item, plant, type Plant } from './support/runtime-seed';
import { checkAndShoot } from './support/shots';

test.use({ viewport: { width: 400, height: 560 }, deviceScaleFactor: 2 });

const logOf = (page: Page, name: string) => instanceRow(page, name).locator('.instance-log');

/** The plant with Alpha Works open: alpha-line-2 is crashed from the start. */
async function opened(popover: Parameters<typeof plant>[0]): Promise<Plant> {
  const planted = await plant(popover);
  await expander(popover.page, 'Alpha Works').click();
  return planted;
}

async function showRow(page: Page, name: string): Promise<void> {
  await instanceRow(page, name).evaluate((row) => {
    row.scrollIntoView({ block: 'start' });
    // Clear of the account's and the team's headers pinned over the list's top.
    const scroller = row.closest('.scroller');
    if (scroller !== null) scroller.scrollTop -= 150;
  });
}

test('a crashed instance shows its last lines without a click', async ({ popover }) => {
  const { page } = popover;
  await opened(popover);
  const log = logOf(page, 'alpha-line-2');
  await expect(log.locator('.log-status')).toHaveText(
    /Last \d+ lines, newest first · read just now/,
  );
  const lines = log.locator('.log-line');
  // Newest first: the launcher's exit, then the error, then the warning before it.
  await expect(lines.first()).toContainText('Node-RED exited with code 1');
  const error = lines.filter({ hasText: 'Uncaught Exception' });
  await expect(error).toHaveClass(/\berror\b/);
  await expect(error.locator('.log-level')).toHaveText('error');
  // A message of several lines keeps them.
  expect(await error.locator('.log-msg').innerText()).toContain(
    "Uncaught Exception:\nTypeError: Cannot read properties of undefined (reading 'value')",
  );
  await expect(lines.filter({ hasText: 'msg.payload is not an object' })).toHaveClass(/\bwarn\b/);
  await expect(error.locator('.log-age')).toHaveText(/^(just now|\d+ min ago)$/);
  // Beside them: Restart (owner), Copy log, Open log in FlowFuse, reachable by name.
  await expect(log.getByRole('button', { name: 'Restart alpha-line-2' })).toBeVisible();
  await expect(log.getByRole('button', { name: 'Copy log of alpha-line-2' })).toBeVisible();
  await expect(
    log.getByRole('button', { name: 'Open log in FlowFuse: alpha-line-2' }),
  ).toBeVisible();
  // The newest four, then all of them when asked.
  await expect(lines).toHaveCount(4);
  await log.getByRole('button', { name: 'Show all 8 lines of alpha-line-2' }).click();
  await expect(lines).toHaveCount(8);
  await expect(lines.last()).toContainText('Starting Node-RED');
  await log.getByRole('button', { name: 'Show the newest 4 lines of alpha-line-2' }).click();
  await expect(lines).toHaveCount(4);
  // A running instance shows none until asked.
  await expect(logOf(page, 'alpha-line-1')).toHaveCount(0);
  expect(popover.pageErrors).toEqual([]);
});

test('Log shows a running instance’s lines; a line with markup is text', async ({ popover }) => {
  const { page } = popover;
  const { server, seeded } = await opened(popover);
  const [alpha] = seeded.runtimes;
  if (alpha === undefined) throw new Error('fixture');
  server.setInstanceLog(item(alpha.instances, 'alpha-line-1'), [
    { level: 'info', msg: 'Started flows', msAgo: 3 * 60_000 },
    { level: 'warn', msg: 'payload was <b>markup</b><img src=x onerror=alert(1)>', msAgo: 0 },
  ]);
  const row = instanceRow(page, 'alpha-line-1');
  await row.hover();
  const button = row.getByRole('button', { name: 'Log of alpha-line-1', exact: true });
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const log = logOf(page, 'alpha-line-1');
  const lines = log.locator('.log-line');
  await expect(lines).toHaveCount(2);
  await expect(lines.first().locator('.log-msg')).toHaveText(
    'payload was <b>markup</b><img src=x onerror=alert(1)>',
  );
  await expect(log.locator('b, img')).toHaveCount(0);
  await expect(lines.nth(1).locator('.log-age')).toHaveText('3 min ago');
  // A running instance offers Restart too (Alpha Works is ada's).
  await expect(log.getByRole('button', { name: 'Restart alpha-line-1' })).toBeVisible();

  // Copy log: main puts the lines it holds on the clipboard, oldest first.
  await log.getByRole('button', { name: 'Copy log of alpha-line-1' }).click();
  await expect.poll(() => popover.shell.copied.length).toBe(1);
  expect(popover.shell.copied[0]).toMatch(
    /\[info\] Started flows\n.+ \[warn\] payload was <b>markup<\/b><img src=x onerror=alert\(1\)>\n$/,
  );
  await expect(page.getByText('Copied the log of alpha-line-1')).toBeVisible();

  // Open log in FlowFuse: the page main builds from the saved account.
  await log.getByRole('button', { name: 'Open log in FlowFuse: alpha-line-1' }).click();
  const id = item(alpha.instances, 'alpha-line-1').id;
  await expect
    .poll(() => popover.shell.opened)
    .toEqual([new URL(`/instance/${id}/logs`, server.url).href]);

  // Log again hides it.
  await button.click();
  await expect(logOf(page, 'alpha-line-1')).toHaveCount(0);
  expect(popover.dialogs).toEqual([]);
  expect(popover.pageErrors).toEqual([]);
});

test('a suspended instance says there is no log while suspended', async ({ popover }) => {
  const { page } = popover;
  const { server, seeded } = await opened(popover);
  const [alpha] = seeded.runtimes;
  if (alpha === undefined) throw new Error('fixture');
  server.setInstanceState(item(alpha.instances, 'alpha-line-3'), 'suspended');
  await popover.core.refreshAll();
  const row = instanceRow(page, 'alpha-line-3');
  // Below the crashed instance and its log: scrolled to.
  await page.locator('.scroller').evaluate((scroller) => {
    scroller.scrollTop = scroller.scrollHeight;
  });
  await expect(row.locator('.child-state')).toHaveText('Suspended');
  await row.hover();
  await row.getByRole('button', { name: 'Log of alpha-line-3', exact: true }).click();
  const log = logOf(page, 'alpha-line-3');
  await expect(log.locator('.log-status')).toHaveText('No log while suspended');
  await expect(log.locator('.log-line')).toHaveCount(0);
  await expect(log.getByRole('button', { name: /^Copy log/ })).toHaveCount(0);
  await expect(log.getByRole('button', { name: /^Restart/ })).toHaveCount(0);
  expect(popover.pageErrors).toEqual([]);
});

test('the log is reachable by keyboard', async ({ popover }) => {
  const { page } = popover;
  await opened(popover);
  const row = instanceRow(page, 'alpha-line-2');
  await expect(logOf(page, 'alpha-line-2').locator('.log-line').first()).toBeVisible();
  await row.locator('.child-name').click();
  await expect(row).toBeFocused();
  // Tab from the row goes through its own buttons, then the log's.
  const log = logOf(page, 'alpha-line-2');
  const own = row.locator('.child-actions');
  for (const [where, name] of [
    [own, 'Open the editor of alpha-line-2'],
    [own, 'Open alpha-line-2 in FlowFuse'],
    [own, 'Log of alpha-line-2'],
    [own, 'History of alpha-line-2'],
    [own, 'Pin alpha-line-2'],
    [own, 'Snooze alpha-line-2 for 1 hour'],
    [own, 'Start alpha-line-2'],
    [own, 'Restart alpha-line-2'],
    [own, 'Stop alpha-line-2'],
    [own, 'Suspend alpha-line-2'],
    [log, 'Show all 8 lines of alpha-line-2'],
    [log, 'Restart alpha-line-2, from its log'],
    [log, 'Copy log of alpha-line-2'],
    [log, 'Open log in FlowFuse: alpha-line-2'],
  ] as const) {
    await page.keyboard.press('Tab');
    await expect(where.getByRole('button', { name, exact: true })).toBeFocused();
  }
  // Enter on Log hides the log, and the focus stays on the button.
  await own.getByRole('button', { name: 'Log of alpha-line-2', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(logOf(page, 'alpha-line-2')).toHaveCount(0);
  await expect(
    page.getByRole('button', { name: 'Log of alpha-line-2', exact: true }),
  ).toBeFocused();
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the log, ${scheme}: real size, 260 px wide, 150 % text`, async ({ popover }) => {
    test.slow();
    const { page } = popover;
    await page.emulateMedia({ colorScheme: scheme });
    await opened(popover);
    await expect(logOf(page, 'alpha-line-2').locator('.log-line').first()).toBeVisible();
    await page.mouse.move(200, 555);
    await showRow(page, 'alpha-line-2');
    await checkAndShoot(page, `instance-log-${scheme}`);
    await page.setViewportSize({ width: 260, height: 560 });
    await showRow(page, 'alpha-line-2');
    await checkAndShoot(page, `instance-log-260-${scheme}`);
    // Large OS text scales every CSS pixel: a 400 px popover holds what 267 px would.
    await page.setViewportSize({ width: 400, height: 560 });
    await page.evaluate(() => {
      document.documentElement.style.zoom = '1.5';
    });
    await showRow(page, 'alpha-line-2');
    await checkAndShoot(page, `instance-log-large-text-${scheme}`);
  });
}
