/**
 * Lighter rows (#30 point 4): the list's window measures a row once per row object, so an update
 * that draws no new row (a focus move, a keystroke in the rename field) reads no row's height and
 * forces no layout; a row whose height changes without a new row object (its error shown under
 * it) is still followed. And each kind of row holds no more elements than it did when it was
 * last made lighter: the counts are the budget.
 */
import type { Page } from '@playwright/test';
import { seedUser } from '../fake-server';
import { expect, test, type Popover } from './support/fixtures';
import {
  deviceRow,
  expander,
  instanceRow,
  scrollRowIntoView,
  searchBox,
  teamRow,
} from './support/locators';
import { plant } from './support/runtime-seed';

test.use({ viewport: { width: 400, height: 560 } });

const TEAMS = 40;
const name = (n: number): string => `Team ${String(n).padStart(2, '0')}`;

async function manyTeams(popover: Popover): Promise<void> {
  const server = await popover.server();
  const { token } = seedUser(server, {
    username: 'ada',
    teams: Array.from({ length: TEAMS }, (_, i) => ({ name: name(i + 1), role: 50 })),
  });
  await popover.addAccount(server.url, token, 'Lab');
  await popover.open();
  await expect(teamRow(popover.page, name(1))).toBeVisible();
}

/**
 * Counts from now on every read of a list row's offsetHeight (the window's measure), and
 * returns a function that says how many there were since.
 */
async function countRowReads(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const counted = window as unknown as { rowReads?: number };
    counted.rowReads = 0;
    const own = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight');
    if (own?.get === undefined) throw new Error('no offsetHeight getter');
    Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
      configurable: true,
      get(this: HTMLElement) {
        if (this.classList.contains('row') && this.dataset.key !== undefined) {
          counted.rowReads = (counted.rowReads ?? 0) + 1;
        }
        return own.get?.call(this) as number;
      },
    });
  });
  return () =>
    page.evaluate(async () => {
      // Two frames: any update the change asked for, and any the window asked for after it.
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return (window as unknown as { rowReads: number }).rowReads;
    });
}

test('a row drawn again from the same row object is not measured again', async ({ popover }) => {
  const { page } = popover;
  await manyTeams(popover);
  await teamRow(page, name(1)).focus();
  await expect(teamRow(page, name(1))).toBeFocused();
  const drawn = await page.locator('.rows > .row[data-key]').count();
  // More rows in the list than in its window: the window is what is drawn.
  expect(drawn).toBeGreaterThan(5);
  expect(drawn).toBeLessThan(TEAMS);
  const reads = await countRowReads(page);

  // Focus moves: the two rows draw again (their tab stop changed), each from its same row object.
  await page.keyboard.press('ArrowDown');
  await expect(teamRow(page, name(2))).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(teamRow(page, name(3))).toBeFocused();
  // The rename field opens and takes keystrokes: its row draws again, its row object the same.
  await page.keyboard.press('F2');
  await expect(page.locator('input.editor')).toBeFocused();
  await page.keyboard.type('abc');
  await page.keyboard.press('Escape');
  await expect(teamRow(page, name(3))).toBeFocused();
  expect(await reads()).toBe(0);

  // Scrolled down: the rows drawn new are measured, each once.
  await page.locator('.scroller').evaluate((scroller) => {
    scroller.scrollTop = 600;
  });
  await expect(teamRow(page, name(12))).toBeVisible();
  const afterScroll = await reads();
  expect(afterScroll).toBeGreaterThan(0);
  expect(afterScroll).toBeLessThanOrEqual(drawn + 2 * 8);
});

/** Counts from now on every read of the lead's offsetHeight (what scrolls away above the rows). */
async function countLeadReads(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const counted = window as unknown as { leadReads?: number };
    counted.leadReads = 0;
    const own = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight');
    if (own?.get === undefined) throw new Error('no offsetHeight getter');
    Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
      configurable: true,
      get(this: HTMLElement) {
        if (this.classList.contains('lead')) counted.leadReads = (counted.leadReads ?? 0) + 1;
        return own.get?.call(this) as number;
      },
    });
  });
  return () =>
    page.evaluate(async () => {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return (window as unknown as { leadReads: number }).leadReads;
    });
}

test('a search keystroke reads no height of what is above the rows', async ({ popover }) => {
  const { page } = popover;
  await manyTeams(popover);
  const reads = await countLeadReads(page);
  await searchBox(page).click();
  for (const letter of 'Team 0') {
    await page.keyboard.type(letter);
    await expect(teamRow(page, name(1))).toBeVisible();
  }
  await page.keyboard.type('1');
  await expect(teamRow(page, name(2))).toHaveCount(0);
  await page.keyboard.press('Backspace');
  await expect(teamRow(page, name(2))).toBeVisible();
  expect(await reads()).toBe(0);
});

/**
 * Counts from now on the elements added to the list's rows (a row and what it holds; the teams'
 * pictures aside), and returns a function that says how many there were since, with the rows
 * removed.
 */
async function countAddedElements(
  page: Page,
): Promise<() => Promise<{ added: number; removedRows: number }>> {
  await page.evaluate(() => {
    const root = document
      .querySelector('tt-app')
      ?.shadowRoot?.querySelector('tt-team-list')?.shadowRoot;
    const rows = root?.querySelector('.rows');
    if (rows === null || rows === undefined) throw new Error('no rows');
    const counted = window as unknown as { added?: number; removedRows?: number };
    counted.added = 0;
    counted.removedRows = 0;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node instanceof Element) {
            // A team's picture is its own (an image per address): not counted.
            if (node.tagName === 'IMG') continue;
            counted.added = (counted.added ?? 0) + 1 + node.querySelectorAll('*').length;
          }
        }
        for (const node of record.removedNodes) {
          if (node instanceof Element && node.classList.contains('row')) {
            counted.removedRows = (counted.removedRows ?? 0) + 1;
          }
        }
      }
    }).observe(rows, { childList: true, subtree: true });
  });
  return () =>
    page.evaluate(() => {
      const { added, removedRows } = window as unknown as { added: number; removedRows: number };
      return { added, removedRows };
    });
}

test("a search keystroke that changes the window's teams gives the rows that came the elements of those that left", async ({
  popover,
}) => {
  const { page } = popover;
  await manyTeams(popover);
  // The element slots come with the rows' part, loaded once the list's first frame is painted.
  await page.waitForFunction(() =>
    performance.getEntriesByType('resource').some((entry) => entry.name.includes('child-rows')),
  );
  await searchBox(page).click();
  await page.keyboard.type('Team 1');
  await expect(teamRow(page, name(10))).toBeVisible();
  await expect(teamRow(page, name(2))).toHaveCount(0);
  const before = await page.locator('.rows > .row.team').count();
  const added = await countAddedElements(page);

  // "Team ": every team, from Team 01 on; "Team 2": Team 20 to 29. The window holds as many team
  // rows each time, other teams.
  await page.keyboard.press('Backspace');
  await expect(teamRow(page, name(2))).toBeVisible();
  await expect(teamRow(page, name(10))).toHaveCount(0);
  await page.keyboard.type('2');
  await expect(teamRow(page, name(20))).toBeVisible();
  await expect(teamRow(page, name(3))).toHaveCount(0);
  await expect(page.locator('.rows > .row.team')).toHaveCount(before);

  // No row was created or removed: each took the element of a team that left, and shows its own
  // team (its name, its label, its tab stop, its key).
  expect(await added()).toEqual({ added: 0, removedRows: 0 });
  const shown = await page.locator('.rows > .row.team').evaluateAll((rows) =>
    rows.map((row) => ({
      name: row.querySelector('.name')?.textContent,
      label: row.getAttribute('aria-label'),
      key: row.getAttribute('data-key'),
    })),
  );
  expect(shown.map((row) => row.name)).toEqual(
    [20, 21, 22, 23, 24, 25, 26, 27, 28, 29].map(name).slice(0, before),
  );
  for (const row of shown) expect(row.label?.startsWith(`${row.name ?? ''}, Owner`)).toBe(true);
  expect(new Set(shown.map((row) => row.key)).size).toBe(before);
});

test('the rows follow what is above them when it grows, and the keyboard keeps its row in view', async ({
  popover,
}) => {
  const { page } = popover;
  await manyTeams(popover);
  // What is above the rows grows by 120 px, as a notice's band does when it arrives.
  await page.locator('.scroller > .lead').evaluate((lead) => {
    const band = document.createElement('div');
    band.style.height = '120px';
    lead.append(band);
  });
  await teamRow(page, name(1)).focus();
  for (let n = 2; n <= 14; n += 1) {
    await page.keyboard.press('ArrowDown');
    await expect(teamRow(page, name(n))).toBeFocused();
  }
  // The focused row is whole inside the list's box: its bottom not under the list's edge.
  const [row, scroller] = [
    await teamRow(page, name(14)).boundingBox(),
    await page.locator('.scroller').boundingBox(),
  ];
  expect(row !== null && scroller !== null).toBe(true);
  if (row === null || scroller === null) return;
  expect(row.y + row.height).toBeLessThanOrEqual(scroller.y + scroller.height + 1);
  expect(row.y).toBeGreaterThanOrEqual(scroller.y - 1);
});

test('a row that grows without a new row object moves the rows under it', async ({ popover }) => {
  const { page } = popover;
  const { server } = await plant(popover);
  await expander(page, 'Alpha Works').click();
  const line = instanceRow(page, 'alpha-line-1');
  const next = instanceRow(page, 'alpha-line-3');
  await expect(line).toBeVisible();
  const before = await line.boundingBox();
  // Its Stop is refused: the error shows under the row (the row's context, not its object).
  server.addFault(
    { kind: 'status', status: 500 },
    { method: 'POST', path: /\/actions\/stop$/, times: 1 },
  );
  await line.hover();
  await line.getByRole('button', { name: 'Stop alpha-line-1', exact: true }).click();
  await expect(line.locator('.row-error')).toBeVisible();
  const after = await line.boundingBox();
  expect(before !== null && after !== null).toBe(true);
  if (before === null || after === null) return;
  expect(after.height).toBeGreaterThan(before.height);
  // The rows under it follow it in the page, and the list's height counts the taller row.
  const [lineBox, nextBox] = [await line.boundingBox(), await next.boundingBox()];
  expect(lineBox !== null && nextBox !== null).toBe(true);
  if (lineBox === null || nextBox === null) return;
  expect(nextBox.y).toBeGreaterThanOrEqual(lineBox.y + lineBox.height - 1);
});

test("a row first measured at another height than its kind's moves the window at once", async ({
  popover,
}) => {
  // Opened, Alpha Works' rows are drawn at their kinds' heights, then measured (a crashed
  // instance's log makes its row several times its kind's). The window is laid out again from
  // those heights in the same frame: no row is drawn further below the view than its overscan
  // (before, rows drawn from the estimate stayed until some later update dropped them).
  const { page } = popover;
  await plant(popover);
  await expander(page, 'Alpha Works').click();
  await expect(instanceRow(page, 'alpha-line-1')).toBeVisible();
  const drawnBelow = await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const list = document
      .querySelector('tt-app')
      ?.shadowRoot?.querySelector('tt-team-list')?.shadowRoot;
    const scroller = list?.querySelector<HTMLElement>('.scroller');
    if (scroller === null || scroller === undefined) throw new Error('no scroller');
    const bottom = scroller.getBoundingClientRect().bottom;
    const tops = [...scroller.querySelectorAll<HTMLElement>('.rows > .row[data-key]')].map(
      (row) => row.getBoundingClientRect().top,
    );
    return Math.max(...tops) - bottom;
  });
  // The list's overscan is 120 px (tt-team-list.ts): the last row drawn starts within it.
  expect(drawnBelow).toBeLessThanOrEqual(120);
});

/** Elements in each drawn row of a kind (the row itself counted), the most of that kind. */
async function elementsPerRow(page: Page): Promise<Record<string, number>> {
  return page.locator('.rows > .row[data-key]').evaluateAll((rows: Element[]) => {
    const most: Record<string, number> = {};
    for (const row of rows) {
      const kind = row.getAttribute('data-kind') ?? 'unknown';
      const count = row.querySelectorAll('*').length + 1;
      most[kind] = Math.max(most[kind] ?? 0, count);
    }
    return most;
  });
}

/**
 * The most elements a row of each kind holds in the plant (an open team: its instances running,
 * crashed and stopped, its devices), the row itself counted. Before #30 point 4: an account 10, a
 * team 48, an instance 92, a device 42 (an icon was up to four elements; one path now); then a
 * team 40, an instance 81, a device 32, until the buttons' words became generated content (no
 * element each: worded-button.styles.ts).
 */
const BUDGET = { account: 10, team: 35, instance: 71, device: 26 };

test('each kind of row holds no more elements than its budget', async ({ popover }) => {
  const { page } = popover;
  await plant(popover);
  await expander(page, 'Alpha Works').click();
  await expect(instanceRow(page, 'alpha-line-1')).toBeVisible();
  const atTop = await elementsPerRow(page);
  // The devices are below the crashed instance's log: the list draws only the rows in view.
  await scrollRowIntoView(page, deviceRow(page, 'press-01'));
  const below = await elementsPerRow(page);
  const counts = { ...atTop };
  for (const [kind, most] of Object.entries(below)) {
    counts[kind] = Math.max(counts[kind] ?? 0, most);
  }
  test.info().annotations.push({ type: 'elements per row', description: JSON.stringify(counts) });
  for (const [kind, most] of Object.entries(BUDGET)) {
    expect(counts[kind], kind).toBeDefined();
    expect(counts[kind], kind).toBeLessThanOrEqual(most);
  }
});
