/** Ways to find things in the popover, by what a user sees. Playwright pierces open shadow roots. */
import { expect, type Locator, type Page } from '@playwright/test';

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The row of a team, by its exact visible name. */
export function teamRow(page: Page, name: string): Locator {
  return page.locator('.row.team').filter({
    has: page.locator('.name', { hasText: new RegExp(`^${escape(name)}$`) }),
  });
}

/** The row of a team, by account and team id (stable across renames). */
export function teamRowById(page: Page, accountId: string, teamId: string): Locator {
  return page.locator(`.row.team[data-key="${accountId}/${teamId}"]`);
}

/** The section header of an account, by its label. */
export function accountHeader(page: Page, label: string): Locator {
  return page.locator('.row.account').filter({
    has: page.locator('.account-label', { hasText: new RegExp(`^${escape(label)}$`) }),
  });
}

export function searchBox(page: Page): Locator {
  return page.getByRole('searchbox', { name: 'Search teams' });
}

/** The names of the team rows in the list, top to bottom (only those rendered). */
export async function visibleTeamNames(page: Page): Promise<string[]> {
  return page.locator('.row.team .name').allTextContents();
}

/** The ⚙ button that opens the menu (Settings, shortcuts, Help, About, Quit). */
export function menuButton(page: Page): Locator {
  return page.getByRole('button', { name: 'Settings and more' }).first();
}

/** Settings, through the menu behind ⚙. */
export async function openSettings(page: Page): Promise<void> {
  await menuButton(page).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
}

/** The row of an instance under an open team, by its exact name. */
export function instanceRow(page: Page, name: string): Locator {
  return page.locator('.row.instance').filter({
    has: page.locator('.child-name', { hasText: new RegExp(`^${escape(name)}$`) }),
  });
}

/** The row of a device under an open team, by its exact name. */
export function deviceRow(page: Page, name: string): Locator {
  return page.locator('.row.device').filter({
    has: page.locator('.child-name', { hasText: new RegExp(`^${escape(name)}$`) }),
  });
}

/** The chevron that shows or hides a team's instances and devices. */
export function expander(page: Page, team: string): Locator {
  return page.getByRole('button', { name: `Instances and devices of ${team}`, exact: true });
}

/**
 * Opens a team's instances and devices unless they are open already. Whether its rows are in the
 * page says nothing of that: the list draws only the rows in its window, and the rows under a team
 * are placeholders until their part has loaded; a click on an open team's chevron closes it.
 */
export async function openTeamRows(page: Page, team: string): Promise<void> {
  const chevron = expander(page, team);
  if ((await chevron.getAttribute('aria-expanded')) !== 'true') await chevron.click();
}

/** The summary above the list of what needs attention (a toggle: it filters the list). */
export function attentionBar(page: Page): Locator {
  return page.locator('button.attention');
}

/**
 * Points at a row until its button shows, then presses it, as a person whose pointer was moved
 * does: what the first reads bring (a crashed instance's log, who stopped one) moves the rows,
 * and a row first scrolled into view is measured and the window settles after it, so a pointer
 * placed just before can end on another row.
 */
export async function pressRowButton(row: Locator, name: string): Promise<void> {
  const button = row.getByRole('button', { name, exact: true });
  // The press itself is retried too: a row drawn again under the pointer can drop its buttons
  // between their showing and the click.
  await expect(async () => {
    // Not drawn (below the list's window, under a crashed instance's log, say): scrolled to, as
    // a person would before pointing at it.
    if ((await row.count()) === 0) await scrollRowIntoView(row.page(), row);
    await row.hover();
    await button.click({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * Scrolls the list until `row` is drawn, then into view unless it is there whole. The list draws
 * only the rows in its window and a margin: a row further down is not in the page until the list
 * scrolls to it, and one drawn while the window was computed from estimated heights leaves the
 * page at the next update (a clock tick, a read coming in). From the top, half a screen at a time,
 * each step after the list has drawn the rows it scrolled to, so no row is stepped over unseen.
 */
export async function scrollRowIntoView(page: Page, row: Locator): Promise<void> {
  const scroller = page.locator('.scroller');
  await expect(async () => {
    if ((await row.count()) === 0) {
      let atEnd = await scroller.evaluate(async (element) => {
        element.scrollTop = 0;
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        return element.scrollTop + element.clientHeight >= element.scrollHeight - 1;
      });
      while ((await row.count()) === 0 && !atEnd) {
        atEnd = await scroller.evaluate(async (element) => {
          element.scrollTop += Math.floor(element.clientHeight / 2);
          await new Promise((resolve) =>
            requestAnimationFrame(() => requestAnimationFrame(resolve)),
          );
          return element.scrollTop + element.clientHeight >= element.scrollHeight - 1;
        });
      }
    }
    await row.scrollIntoViewIfNeeded({ timeout: 2_000 });
    await expect(row).toBeInViewport({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}
