/**
 * A big team: 200 instances and 30 devices. Opened, it lists what needs the user first, under
 * "Instances" and "Devices" headings, the first few dozen of each with "Show all 200 instances"
 * after them, and the team's own header pinned under the account's while its rows scroll.
 * Screenshots light and dark at 400 × 560, 260 px wide and 150 % text.
 */
import type { Locator, Page } from '@playwright/test';
import { asAccountId } from '../../common/brand';
import { seedUser, type FakeFlowFuse } from '../fake-server';
import { expect, test, type Popover } from './support/fixtures';
import { expander, instanceRow, scrollRowIntoView, teamRow } from './support/locators';
import { MINUTE } from './support/runtime-seed';
import { checkAndShoot } from './support/shots';

const pad = (n: number): string => String(n).padStart(3, '0');

async function bigTeam(popover: Popover): Promise<FakeFlowFuse> {
  const server = await popover.server();
  const crashed = new Set([150, 187]);
  const seeded = seedUser(server, {
    username: 'ada',
    teams: [
      {
        name: 'Big Plant',
        role: 50,
        runtime: {
          applications: [
            {
              name: 'Lines',
              instances: Array.from({ length: 200 }, (_, i) => ({
                name: `line-${pad(i + 1)}`,
                ...(crashed.has(i + 1) ? { state: 'crashed' as const } : {}),
              })),
            },
          ],
          devices: Array.from({ length: 30 }, (_, i) => ({
            name: `gateway-${pad(i + 1)}`,
            lastSeen: i + 1 === 27 ? { msAgo: 20 * MINUTE } : ('recent' as const),
          })),
        },
      },
      { name: 'Small Team', role: 50 },
    ],
  });
  await popover.addAccount(server.url, seeded.token, 'Plant');
  await popover.open();
  await expect(teamRow(popover.page, 'Big Plant').locator('.summary')).toContainText(
    '200 instances',
  );
  return server;
}

/** The kinds and names of the rendered rows under the list, top to bottom. */
function rowsShown(page: Page): Promise<string[]> {
  return page.locator('.rows > .row').evaluateAll((rows) =>
    rows.map((row) => {
      const name = row.querySelector('.child-name, .name')?.textContent ?? row.textContent;
      return `${row.getAttribute('data-kind') ?? ''}:${name.trim().replace(/\s+/g, ' ')}`;
    }),
  );
}

/**
 * The kind and name of the row after `row` in the list: `row` scrolled to, its bottom to the
 * bottom of the view, so the row after it is in the window's margin, drawn.
 */
async function rowAfter(page: Page, row: Locator): Promise<string> {
  await scrollRowIntoView(page, row);
  return row.evaluate(async (element) => {
    element.scrollIntoView({ block: 'end' });
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const next = element.nextElementSibling;
    const name = next?.querySelector('.child-name, .name')?.textContent ?? next?.textContent ?? '';
    return `${next?.getAttribute('data-kind') ?? ''}:${name.trim().replace(/\s+/g, ' ')}`;
  });
}

function scroller(page: Page): Locator {
  return page.locator('.scroller');
}

for (const size of [
  { name: 'real-size', viewport: { width: 400, height: 560 }, deviceScaleFactor: 2 },
  { name: '260', viewport: { width: 260, height: 560 }, deviceScaleFactor: 2 },
  { name: 'large-text', viewport: { width: 267, height: 373 }, deviceScaleFactor: 3 },
] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    test.describe(`${size.name} ${scheme}`, () => {
      test.use({
        viewport: size.viewport,
        deviceScaleFactor: size.deviceScaleFactor,
        colorScheme: scheme,
      });

      test('a big team: problems first, headings, a pinned header, Show all', async ({
        popover,
      }) => {
        test.slow();
        const { page } = popover;
        await bigTeam(popover);
        await expander(page, 'Big Plant').click();
        await expect(instanceRow(page, 'line-150')).toBeVisible();

        const shown = await rowsShown(page);
        const team = shown.indexOf('team:Big Plant');
        // What needs the user first: the two crashed instances, before line-001.
        expect(shown.slice(team + 1, team + 3)).toEqual([
          'runtime-heading:Instances · 200',
          'instance:line-150',
        ]);
        await checkAndShoot(page, `big-team-open-${size.name}-${scheme}`);
        // A crashed instance's log is tall: the rows after it can be below the list's window.
        expect(await rowAfter(page, instanceRow(page, 'line-150'))).toBe('instance:line-187');
        expect(await rowAfter(page, instanceRow(page, 'line-187'))).toBe('instance:line-001');

        // Scrolled into its instances: the team's header stays pinned, under the account's.
        await scroller(page).evaluate((element) => {
          element.scrollTop = 700;
        });
        const pinnedTeam = page.locator('.pin .team.pinned');
        await expect(pinnedTeam).toBeVisible();
        await expect(pinnedTeam).toContainText('Big Plant');
        expect(await page.locator('.pin').evaluate((pin) => getComputedStyle(pin).position)).toBe(
          'sticky',
        );
        const account = await page.locator('.pin .account.pinned').boundingBox();
        const pinned = await pinnedTeam.boundingBox();
        const list = await scroller(page).boundingBox();
        expect(account !== null && pinned !== null && list !== null).toBe(true);
        if (account === null || pinned === null || list === null) return;
        expect(pinned.y).toBeGreaterThanOrEqual(account.y + account.height - 1);
        expect(pinned.y).toBeLessThan(list.y + account.height + 2);
        await checkAndShoot(page, `big-team-pinned-${size.name}-${scheme}`);

        // A few dozen, then one row that shows the rest.
        const more = page.getByRole('button', { name: 'Show all 200 instances' });
        // Half a screen at a time, each step after the list has drawn the rows it scrolled to
        // (it renders only the rows in view), so the row cannot be stepped over unseen.
        for (let i = 0; i < 60 && !(await more.isVisible()); i += 1) {
          await scroller(page).evaluate(async (element) => {
            element.scrollTop += Math.floor(element.clientHeight / 2);
            await new Promise((resolve) =>
              requestAnimationFrame(() => requestAnimationFrame(resolve)),
            );
          });
        }
        await expect(more).toBeVisible();
        // The row in the middle of the view, so the rows after it are drawn too.
        await more.evaluate(async (element) => {
          element.scrollIntoView({ block: 'center' });
          await new Promise((resolve) =>
            requestAnimationFrame(() => requestAnimationFrame(resolve)),
          );
        });
        await expect(instanceRow(page, 'line-199')).toHaveCount(0);
        // The devices follow under their own heading, the offline one first.
        const after = await rowsShown(page);
        const devices = after.indexOf('runtime-heading:Devices · 30');
        expect(devices).toBeGreaterThan(0);
        expect(after[devices + 1]).toBe('device:gateway-027');
        await checkAndShoot(page, `big-team-more-${size.name}-${scheme}`);

        await more.click();
        await expect(more).toHaveCount(0);
        for (let i = 0; i < 200 && !(await instanceRow(page, 'line-199').isVisible()); i += 1) {
          await scroller(page).evaluate(async (element) => {
            element.scrollTop += Math.floor(element.clientHeight / 2);
            await new Promise((resolve) =>
              requestAnimationFrame(() => requestAnimationFrame(resolve)),
            );
          });
        }
        await expect(instanceRow(page, 'line-199')).toBeVisible();
        expect(popover.pageErrors).toEqual([]);
      });
    });
  }
}

test('a notification about an item past the first few dozen shows it', async ({ popover }) => {
  const { page } = popover;
  const server = await bigTeam(popover);
  const line = [...server.runtime.instances.values()].find((each) => each.name === 'line-120');
  const key = await teamRow(page, 'Big Plant').getAttribute('data-key');
  const [accountId, teamId] = key?.split('/') ?? [];
  if (line === undefined || accountId === undefined || teamId === undefined) {
    throw new Error('fixture');
  }
  // As main sends it when its notification ("line-120 stopped") is clicked.
  await popover.push('focus', {
    accountId: asAccountId(accountId),
    teamId,
    item: { kind: 'instance', id: line.id },
  });
  const row = instanceRow(page, 'line-120');
  await expect(row).toBeFocused();
  await expect(row).toBeInViewport();
});

test('Show all by keyboard: the arrows stop on it, Enter lists the rest and focuses the first', async ({
  popover,
}) => {
  const { page } = popover;
  await bigTeam(popover);
  await teamRow(page, 'Big Plant').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(instanceRow(page, 'line-150')).toBeFocused();
  // The 30 listed (two crashed, then line-001 to line-028), then Show all.
  for (let i = 0; i < 30; i += 1) await page.keyboard.press('ArrowDown');
  const more = page.locator('.row.more');
  await expect(more).toBeFocused();
  await expect(more).toHaveAccessibleName('Show all 200 instances of Big Plant');
  await page.keyboard.press('Enter');
  await expect(instanceRow(page, 'line-029')).toBeFocused();
  await expect(page.locator('.row.more')).toHaveCount(0);
});
