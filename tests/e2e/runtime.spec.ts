/**
 * Instances and devices in the popover: each team's summary in words, a team expanded in place
 * (chevron and keys) without opening it, the rows under it (states, applications, devices'
 * ages), search by instance and device names, and what each row opens.
 */
import type { Locator } from '@playwright/test';
import { expect, test } from './support/fixtures';
import {
  pressRowButton,
  deviceRow,
  expander,
  instanceRow,
  scrollRowIntoView,
  searchBox,
  teamRow,
  visibleTeamNames,
} from './support/locators';
import { item, plant } from './support/runtime-seed';

test.use({ viewport: { width: 400, height: 560 } });

/** The accessible names of the buttons a row shows now (the pointer is on it, or the focus). */
function buttonNames(row: Locator): Promise<string[]> {
  return row
    .getByRole('button')
    .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''));
}

test('each team summarises its instances and devices: a dot and words for each', async ({
  popover,
}) => {
  const { page } = popover;
  await plant(popover);
  const alpha = teamRow(page, 'Alpha Works').locator('.summary .part');
  await expect(alpha).toHaveText(['3 instances · 1 crashed', '3 devices · 1 offline']);
  // The colour says what the words say: red beside "crashed", amber beside "offline".
  await expect(alpha.nth(0).locator('.dot')).toHaveClass(/\bproblem\b/);
  await expect(alpha.nth(1).locator('.dot')).toHaveClass(/\boffline\b/);
  await expect(teamRow(page, 'Beta Labs').locator('.summary')).toHaveText('1 instance · running');
  // Screen readers hear it as part of the row's name.
  await expect(teamRow(page, 'Beta Labs')).toHaveAttribute(
    'aria-label',
    /Beta Labs, Member, Plant; 1 instance, running$/,
  );
});

test('the chevron and a click on the row expand a team in place; its button opens it', async ({
  popover,
}) => {
  const { page } = popover;
  const { server } = await plant(popover);
  const chevron = expander(page, 'Alpha Works');
  await expect(chevron).toHaveAttribute('aria-expanded', 'false');
  await expect(instanceRow(page, 'alpha-line-1')).toHaveCount(0);

  await chevron.click();
  await expect(chevron).toHaveAttribute('aria-expanded', 'true');
  await expect(instanceRow(page, 'alpha-line-1')).toContainText('Running');
  await expect(instanceRow(page, 'alpha-line-1')).toContainText('Line Control');
  await expect(instanceRow(page, 'alpha-line-2').locator('.child-state')).toHaveText('Crashed');
  // The rest are below the list's window (the crashed one's log is tall): scrolled to, each.
  await scrollRowIntoView(page, instanceRow(page, 'alpha-line-3'));
  await expect(instanceRow(page, 'alpha-line-3').locator('.child-state')).toHaveText('Stopped');
  for (const device of ['press-01', 'press-02', 'spare-gateway']) {
    await scrollRowIntoView(page, deviceRow(page, device));
  }
  // The chevron opened nothing in the browser.
  expect(popover.shell.opened).toEqual([]);

  await scrollRowIntoView(page, teamRow(page, 'Alpha Works'));
  await chevron.click();
  await expect(chevron).toHaveAttribute('aria-expanded', 'false');
  await expect(page.locator('.row.child')).toHaveCount(0);

  // A click on the row (its summary, "3 instances · 1 crashed") shows them too, and again hides.
  const row = teamRow(page, 'Alpha Works');
  await row.locator('.summary').click();
  await expect(chevron).toHaveAttribute('aria-expanded', 'true');
  await expect(instanceRow(page, 'alpha-line-2')).toBeVisible();
  await row.locator('.meta').click();
  await expect(chevron).toHaveAttribute('aria-expanded', 'false');
  expect(popover.shell.opened).toEqual([]);

  await row.hover();
  await row.getByRole('button', { name: 'Open Alpha Works in the browser' }).click();
  await expect.poll(() => popover.shell.opened).toEqual([`${server.origin}/team/alpha-works`]);
  await expect(chevron).toHaveAttribute('aria-expanded', 'false');
});

test('keys: → opens a team, then steps in; ↓ moves through its rows; ← goes back, then closes', async ({
  popover,
}) => {
  const { page } = popover;
  const { server, seeded } = await plant(popover);
  const [alpha] = seeded.runtimes;
  if (alpha === undefined) throw new Error('fixture');
  await teamRow(page, 'Alpha Works').focus();
  await page.keyboard.press('ArrowRight');
  await expect(expander(page, 'Alpha Works')).toHaveAttribute('aria-expanded', 'true');
  await expect(teamRow(page, 'Alpha Works')).toBeFocused();
  // What needs the user first: the crashed instance, then the others; the offline device first.
  await page.keyboard.press('ArrowRight');
  await expect(instanceRow(page, 'alpha-line-2')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(instanceRow(page, 'alpha-line-1')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(deviceRow(page, 'press-02')).toBeFocused();

  // Enter opens a device's page, an instance's editor; Shift+Enter an instance's page.
  await page.keyboard.press('Enter');
  await expect
    .poll(() => popover.shell.opened.at(-1))
    .toBe(`${server.origin}/device/${item(alpha.devices, 'press-02').id}`);
  await page.keyboard.press('ArrowUp');
  await expect(instanceRow(page, 'alpha-line-3')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(() => popover.shell.opened.at(-1)).toBe('http://alpha-line-3.example.com/');
  await page.keyboard.press('Shift+Enter');
  await expect
    .poll(() => popover.shell.opened.at(-1))
    .toBe(`${server.origin}/instance/${item(alpha.instances, 'alpha-line-3').id}`);

  // Tab reaches the focused row's buttons, and only its own.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Open the editor of alpha-line-3' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(instanceRow(page, 'alpha-line-3')).toBeFocused();

  await page.keyboard.press('ArrowLeft');
  await expect(teamRow(page, 'Alpha Works')).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(expander(page, 'Alpha Works')).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('ArrowDown');
  await expect(teamRow(page, 'Beta Labs')).toBeFocused();

  // The chevron is in the tab order of the focused team, and Enter on it expands.
  await page.keyboard.press('Tab');
  await expect(expander(page, 'Beta Labs')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(instanceRow(page, 'beta-ui')).toBeVisible();
  // Enter on the chevron toggled it; it did not open the team.
  expect(popover.shell.opened.filter((url) => url.includes('/team/'))).toEqual([]);
});

test('devices: online, offline with when they were last seen, never seen, what they reported', async ({
  popover,
}) => {
  const { page } = popover;
  await plant(popover);
  await expander(page, 'Alpha Works').click();
  // Under the instances (the crashed one's log is tall), below the list's window: scrolled to.
  await scrollRowIntoView(page, deviceRow(page, 'press-01'));
  await expect(deviceRow(page, 'press-01').locator('.child-state')).toHaveText('Online');
  await expect(deviceRow(page, 'press-01').locator('.child-sub')).toHaveText(
    'seen just now · reports running',
  );
  await scrollRowIntoView(page, deviceRow(page, 'press-02'));
  await expect(deviceRow(page, 'press-02').locator('.child-state')).toHaveText('Offline');
  await expect(deviceRow(page, 'press-02').locator('.child-sub')).toHaveText(
    'seen 5 min ago · last reported stopped',
  );
  await scrollRowIntoView(page, deviceRow(page, 'spare-gateway'));
  await expect(deviceRow(page, 'spare-gateway').locator('.child-state')).toHaveText('Never seen');
  await expect(deviceRow(page, 'spare-gateway').locator('.child-sub')).toHaveText(
    'has not called home yet',
  );
  await scrollRowIntoView(page, deviceRow(page, 'press-02'));
  await expect(deviceRow(page, 'press-02')).toHaveAttribute(
    'aria-label',
    'press-02, device, Offline, seen 5 min ago, last reported stopped',
  );
  await pressRowButton(deviceRow(page, 'press-02'), 'Open press-02 in FlowFuse');
  await expect.poll(() => popover.shell.opened.some((url) => url.includes('/device/'))).toBe(true);
});

test('every button says its verb and its thing', async ({ popover }) => {
  const { page } = popover;
  const { server, seeded } = await plant(popover);
  await expander(page, 'Alpha Works').click();
  const row = instanceRow(page, 'alpha-line-1');
  await row.hover();
  await expect
    .poll(() => buttonNames(row))
    .toEqual([
      'Open the editor of alpha-line-1',
      'Open alpha-line-1 in FlowFuse',
      'Log of alpha-line-1',
      'History of alpha-line-1',
      'Pin alpha-line-1',
      'Snooze alpha-line-1 for 1 hour',
      'Restart alpha-line-1',
      'Stop alpha-line-1',
      'Suspend alpha-line-1',
    ]);
  await row.getByRole('button', { name: 'Open the editor of alpha-line-1' }).click();
  await row.getByRole('button', { name: 'Open alpha-line-1 in FlowFuse' }).click();
  const id = item(seeded.runtimes[0]?.instances ?? [], 'alpha-line-1').id;
  await expect
    .poll(() => popover.shell.opened)
    .toEqual(['http://alpha-line-1.example.com/', `${server.origin}/instance/${id}`]);
  // A stopped instance offers Start and Suspend; a crashed one everything.
  await scrollRowIntoView(page, instanceRow(page, 'alpha-line-3'));
  await instanceRow(page, 'alpha-line-3').hover();
  await expect
    .poll(() => buttonNames(instanceRow(page, 'alpha-line-3')))
    .toEqual([
      'Open the editor of alpha-line-3',
      'Open alpha-line-3 in FlowFuse',
      'Log of alpha-line-3',
      'History of alpha-line-3',
      'Pin alpha-line-3',
      'Snooze alpha-line-3 for 1 hour',
      'Start alpha-line-3',
      'Suspend alpha-line-3',
    ]);
});

test('search finds a team by an instance or a device name and lists only what matched', async ({
  popover,
}) => {
  const { page } = popover;
  await plant(popover);
  await searchBox(page).fill('LINE-2');
  await expect.poll(() => visibleTeamNames(page)).toEqual(['Alpha Works']);
  await expect(page.locator('.row.child .child-name')).toHaveText(['alpha-line-2']);
  await expect(instanceRow(page, 'alpha-line-2').locator('mark')).toHaveText('line-2');

  await searchBox(page).fill('press-02');
  await expect(page.locator('.row.child .child-name')).toHaveText(['press-02']);

  await searchBox(page).fill('beta-ui');
  await expect.poll(() => visibleTeamNames(page)).toEqual(['Beta Labs']);
  // A team the search opened closes with its chevron, and its count says why it is here.
  await expander(page, 'Beta Labs').click();
  await expect(page.locator('.row.child')).toHaveCount(0);
  await expect(teamRow(page, 'Beta Labs')).toBeVisible();

  // Found by its own name: closed, as without a search.
  await searchBox(page).fill('alpha works');
  await expect.poll(() => visibleTeamNames(page)).toEqual(['Alpha Works']);
  await expect(page.locator('.row.child')).toHaveCount(0);
});
