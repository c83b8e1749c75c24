/**
 * Many instances at once from the popover: picked with the keyboard (Space, Shift+Space), with
 * the pointer (the box, Shift-click, Ctrl-click), one question naming how many and where and
 * who is left out, then main's summary in the bar and in a live region; "Restart all crashed"
 * from the summary at the top.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import {
  attentionBar,
  expander,
  instanceRow,
  scrollRowIntoView,
  searchBox,
  teamRow,
} from './support/locators';
import { plant } from './support/runtime-seed';

test.use({ viewport: { width: 400, height: 560 } });

const restartPosts = (requests: readonly { method: string; path: string }[]): number =>
  requests.filter(
    (request) => request.method === 'POST' && request.path.endsWith('/actions/restart'),
  ).length;

const box = (page: Page, name: string) =>
  instanceRow(page, name).getByRole('checkbox', { name: `Select ${name}` });

test('with the keyboard: Space picks, Shift+Space a range, one question, then the summary', async ({
  popover,
}) => {
  const { page } = popover;
  const { server } = await plant(popover);
  await expander(page, 'Alpha Works').click();
  // Under Alpha Works' rows (its crashed instance's log is tall), below the list's window.
  await scrollRowIntoView(page, teamRow(page, 'Beta Labs'));
  await expander(page, 'Beta Labs').click();

  // What needs the user comes first: alpha-line-2 (crashed), then alpha-line-1.
  await scrollRowIntoView(page, instanceRow(page, 'alpha-line-2'));
  await instanceRow(page, 'alpha-line-2').focus();
  await page.keyboard.press('Space');
  await expect(box(page, 'alpha-line-2')).toHaveAttribute('aria-checked', 'true');
  await expect(instanceRow(page, 'alpha-line-2')).toHaveAttribute('aria-label', /, selected$/);
  await page.keyboard.press('ArrowDown');
  await expect(instanceRow(page, 'alpha-line-1')).toBeFocused();
  await page.keyboard.press('Shift+Space');
  await expect(box(page, 'alpha-line-1')).toHaveAttribute('aria-checked', 'true');
  // Space again drops one, and picks it back.
  await page.keyboard.press('Space');
  await expect(box(page, 'alpha-line-1')).toHaveAttribute('aria-checked', 'false');
  await page.keyboard.press('Space');
  await expect(box(page, 'alpha-line-1')).toHaveAttribute('aria-checked', 'true');
  // Beta Labs' only instance (a team the user is a member of), found by its name: the picks
  // outlive a search. (End, the list's last row, is proven in keyboard.spec.ts.)
  await searchBox(page).fill('beta-ui');
  await instanceRow(page, 'beta-ui').focus();
  await expect(instanceRow(page, 'beta-ui')).toBeFocused();
  await page.keyboard.press('Space');
  await expect(box(page, 'beta-ui')).toHaveAttribute('aria-checked', 'true');
  await searchBox(page).fill('');
  const bar = page.getByRole('region', { name: 'Selected instances' });
  await expect(bar).toContainText('3 selected');

  await bar.getByRole('button', { name: 'Restart' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  // The member's instance is named and left out; the question counts the rest.
  await expect(dialog.getByRole('heading')).toHaveText(
    'Restart 2 instances in 1 team on 1 account?',
  );
  await expect(dialog).toContainText('Left out: beta-ui (you are a member of Beta Labs).');
  // Cancel has the focus first: Tab to the confirming button, Enter.
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Restart 2' })).toBeFocused();
  await page.keyboard.press('Enter');

  const live = page.locator('.bulk-live[role="status"]');
  await expect(live).toHaveText('2 restarted · 1 refused: you are a member of Beta Labs', {
    timeout: 10_000,
  });
  await expect(bar.locator('.bulk-summary-text')).toHaveText(
    '2 restarted · 1 refused: you are a member of Beta Labs',
  );
  // Sent: the two the user may restart, never the member's.
  expect(restartPosts(server.requests)).toBe(2);
  // The selection went with the action; the rows follow their own restarts.
  await expect(bar).not.toContainText('selected');
  await expect(instanceRow(page, 'alpha-line-2').locator('.child-state')).toHaveText('Running', {
    timeout: 10_000,
  });
  await bar.getByRole('button', { name: 'Close the summary' }).click();
  await expect(bar).toHaveCount(0);
  expect(popover.pageErrors).toEqual([]);
});

test('with the pointer: the box, Shift-click for a range, Ctrl-click on a row; it survives a refresh', async ({
  popover,
}) => {
  const { page } = popover;
  await plant(popover);
  await expander(page, 'Alpha Works').click();
  // In the list's order: alpha-line-2 (crashed), alpha-line-1, alpha-line-3.
  await instanceRow(page, 'alpha-line-2').hover();
  await box(page, 'alpha-line-2').click();
  // Past the crashed one's log: scroll it into the list's window.
  await page.locator('.scroller').evaluate((scroller) => {
    scroller.scrollTop = 200;
  });
  await instanceRow(page, 'alpha-line-3').hover();
  await box(page, 'alpha-line-3').click({ modifiers: ['Shift'] });
  const bar = page.getByRole('region', { name: 'Selected instances' });
  await expect(bar).toContainText('3 selected');
  await instanceRow(page, 'alpha-line-1')
    .locator('.child-name')
    .click({ modifiers: ['ControlOrMeta'] });
  await expect(bar).toContainText('2 selected');
  await expect(box(page, 'alpha-line-1')).toHaveAttribute('aria-checked', 'false');
  await page.getByRole('button', { name: 'Refresh all accounts' }).click();
  await expect(bar).toContainText('2 selected');
  await bar.getByRole('button', { name: 'Clear' }).click();
  await expect(bar).toHaveCount(0);
});

test('"Restart all crashed" from the summary at the top asks once and restarts them', async ({
  popover,
}) => {
  const { page } = popover;
  const { server } = await plant(popover);
  // Not before the summary is pressed: then the list shows only what needs the user.
  await expect(page.getByRole('button', { name: 'Restart all crashed' })).toHaveCount(0);
  await attentionBar(page).click();
  await page.getByRole('button', { name: 'Restart all crashed' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading')).toHaveText(
    'Restart 1 instance in 1 team on 1 account?',
  );
  await dialog.getByRole('button', { name: 'Restart 1' }).click();
  await expect(page.locator('.bulk-live[role="status"]')).toHaveText('1 restarted', {
    timeout: 10_000,
  });
  expect(restartPosts(server.requests)).toBe(1);
});
