/**
 * Room for the list (issue 34) at the popover's real size (400 × 560), at 260 px and at 150 %
 * text (267 × 373): what stays fixed at the top while the list scrolls is at most 40 % of the
 * height, in the worst state (quiet hours on, the account's token revoked, a team open and its
 * instances scrolling under the pinned headers); the pinned team header covers nothing of the
 * pinned account header; the list's own rows keep the account's error and Replace token.
 */
import type { Locator, Page } from '@playwright/test';
import { seedUser, type FakeFlowFuse, type SeededUser } from '../fake-server';
import { expect, test, type Popover } from './support/fixtures';
import { overlapsBox, shownWord } from './support/button-word';
import {
  accountHeader,
  expander,
  instanceRow,
  openSettings,
  scrollRowIntoView,
  teamRow,
} from './support/locators';
import { checkAndShoot } from './support/shots';

const SIZES = [
  { name: 'real-size', viewport: { width: 400, height: 560 }, deviceScaleFactor: 2 },
  { name: '260', viewport: { width: 260, height: 560 }, deviceScaleFactor: 2 },
  // 150 % OS text: every CSS pixel is 1.5 device pixels, so 400 × 560 holds 267 × 373.
  { name: 'large-text', viewport: { width: 267, height: 373 }, deviceScaleFactor: 3 },
] as const;

/** One account ("Acme Production") whose open team has more instances than any size shows. */
async function plantBig(popover: Popover) {
  const server = await popover.server();
  const seeded = seedUser(server, {
    username: 'ada',
    teams: [
      {
        name: 'Alpha Works',
        role: 50,
        slug: 'alpha-works',
        runtime: {
          applications: [
            {
              name: 'Line Control',
              instances: [
                ...Array.from({ length: 12 }, (_, n) => ({ name: `alpha-line-${n + 1}` })),
                { name: 'line-1-pump', state: 'crashed' },
              ],
            },
          ],
        },
      },
      { name: 'Beta Labs', role: 30, slug: 'beta-labs' },
      { name: 'Acme Production', role: 50, slug: 'acme-production' },
    ],
  });
  await popover.addAccount(server.url, seeded.token, 'Acme Production');
  await popover.open();
  await expect(teamRow(popover.page, 'Alpha Works').locator('.summary')).toContainText(
    '13 instances',
  );
  return { server, seeded };
}

/**
 * What does not scroll, as a share of the popover's height: everything above the list's
 * scroller, and the headers pinned over its top (their lowest edge).
 */
function fixedShare(page: Page): Promise<number> {
  return page.evaluate(() => {
    const app = document.querySelector('tt-app')?.shadowRoot;
    const list = app?.querySelector('tt-team-list')?.shadowRoot;
    const scroller = list?.querySelector('.scroller');
    if (list === undefined || list === null || scroller === null || scroller === undefined) {
      throw new Error('no list');
    }
    let bottom = scroller.getBoundingClientRect().top;
    for (const pinned of list.querySelectorAll('.pin > *')) {
      const box = pinned.getBoundingClientRect();
      if (box.height > 0) bottom = Math.max(bottom, box.bottom);
    }
    return bottom / window.innerHeight;
  });
}

/** Whether an element's text is cut (an ellipsis, or clipped by its own box). */
function cutText(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element.scrollWidth > element.clientWidth + 0.5);
}

/** Whether two elements' boxes overlap (by more than a hairline). */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [one, two] = [await a.boundingBox(), await b.boundingBox()];
  if (one === null || two === null) return false;
  const x = Math.min(one.x + one.width, two.x + two.width) - Math.max(one.x, two.x);
  const y = Math.min(one.y + one.height, two.y + two.height) - Math.max(one.y, two.y);
  return x > 1 && y > 1;
}

/** Whether `inner` reaches outside `outer`'s box. */
async function outside(inner: Locator, outer: Locator): Promise<boolean> {
  const [a, b] = [await inner.boundingBox(), await outer.boundingBox()];
  if (a === null || b === null) return true;
  return (
    a.x < b.x - 0.5 ||
    a.y < b.y - 0.5 ||
    a.x + a.width > b.x + b.width + 0.5 ||
    a.y + a.height > b.y + b.height + 0.5
  );
}

/** Scrolls the list until `name`'s row is drawn (it is windowed), then to its top. */
async function scrollToInstance(page: Page, name: string): Promise<void> {
  const row = instanceRow(page, name);
  await scrollRowIntoView(page, row);
  await row.evaluate((element) => {
    element.scrollIntoView({ block: 'start' });
  });
}

async function revoke(page: Page, server: FakeFlowFuse, token: string): Promise<void> {
  server.revokeToken(token);
  await page.getByRole('button', { name: 'Refresh all accounts' }).click();
  await expect(
    page.locator('.badge', { hasText: 'Token expired or revoked' }).first(),
  ).toBeVisible();
}

/**
 * Quiet hours on, Alpha Works open and its instances under the pinned headers, the token
 * revoked (before scrolling, or while the account's own row is far out of view).
 */
async function worstState(
  popover: Popover,
  { server, seeded }: { server: FakeFlowFuse; seeded: SeededUser },
  revokeFirst = true,
): Promise<void> {
  const { page } = popover;
  await page.getByRole('button', { name: 'Quiet until tomorrow' }).click();
  await expander(page, 'Alpha Works').click();
  // Under the crashed line-1-pump and its log: below the list's window on a small popover.
  await scrollRowIntoView(page, instanceRow(page, 'alpha-line-1'));
  if (revokeFirst) await revoke(page, server, seeded.token);
  await scrollToInstance(page, revokeFirst ? 'alpha-line-3' : 'alpha-line-9');
  if (!revokeFirst) await revoke(page, server, seeded.token);
  await expect(page.locator('.team.pinned')).toBeVisible();
  await expect(page.locator('.account.pinned')).toBeVisible();
}

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use({ viewport: size.viewport, deviceScaleFactor: size.deviceScaleFactor });

    test('what stays fixed over the scrolling list is at most 40 % of the height', async ({
      popover,
    }) => {
      const { page } = popover;
      const planted = await plantBig(popover);
      expect(await fixedShare(page)).toBeLessThanOrEqual(0.4);
      await worstState(popover, planted);
      expect(await fixedShare(page)).toBeLessThanOrEqual(0.4);
      // The pinned account header is one line: its name and its status.
      const pinned = page.locator('.account.pinned');
      await expect(pinned.locator('.account-label')).toHaveText('Acme Production');
      await expect(pinned.locator('.badge')).toContainText('Token expired or revoked');
      await expect(pinned.getByText('Replace token')).toHaveCount(0);
    });

    test('the pinned team header covers nothing of the pinned account header', async ({
      popover,
    }) => {
      const { page } = popover;
      await worstState(popover, await plantBig(popover), false);
      const account = await page.locator('.account.pinned').boundingBox();
      const team = await page.locator('.team.pinned').boundingBox();
      expect(account).not.toBeNull();
      expect(team).not.toBeNull();
      if (account === null || team === null) return;
      expect(team.y).toBeGreaterThanOrEqual(account.y + account.height - 0.5);
      // The error and its button are in the account's own row, whole when it is in view.
      await page.locator('.scroller').evaluate((scroller) => {
        scroller.scrollTop = 0;
      });
      const header = accountHeader(page, 'Acme Production');
      const replace = header.getByRole('button', { name: 'Replace token' });
      await expect(replace).toBeInViewport({ ratio: 1 });
      await expect(header.locator('.account-error')).toBeVisible();
      await replace.click({ trial: true });
    });

    test('names get the room first: badges and states give way', async ({ popover }) => {
      const { page } = popover;
      const planted = await plantBig(popover);
      // A team row with its role.
      expect(await cutText(teamRow(page, 'Acme Production').locator('.name'))).toBe(false);
      // An account in trouble, pinned, and its open team (1 crashed) pinned under it.
      await worstState(popover, planted);
      expect(await cutText(page.locator('.account.pinned .account-label'))).toBe(false);
      expect(await cutText(page.locator('.team.pinned .name'))).toBe(false);
      await page.locator('.scroller').evaluate((scroller) => {
        scroller.scrollTop = 0;
      });
      // The account's own row, and a snoozed instance (crashed: its state stays whole too).
      const header = accountHeader(page, 'Acme Production');
      expect(await cutText(header.locator('.account-label'))).toBe(false);
      const pump = instanceRow(page, 'line-1-pump');
      // Focused, not pointed at: on a narrow row the buttons' line comes and goes with the pointer.
      await pump.focus();
      await pump
        .getByRole('button', { name: 'Snooze line-1-pump for 1 hour', exact: true })
        .click();
      await expect(pump.locator('.snoozed')).toBeVisible();
      expect(await cutText(pump.locator('.child-name'))).toBe(false);
      expect(await cutText(pump.locator('.child-state'))).toBe(false);
      // Settings › Accounts, beside its arrows.
      await openSettings(page);
      const saved = page.locator('li').filter({ hasText: 'Acme Production' }).locator('strong');
      await expect(saved).toBeVisible();
      expect(await cutText(saved)).toBe(false);
    });

    test('an instance’s buttons stay inside its row and cover neither its name nor its lines', async ({
      popover,
    }) => {
      const { page } = popover;
      await plantBig(popover);
      await expander(page, 'Alpha Works').click();
      const row = instanceRow(page, 'alpha-line-1');
      // Under the crashed line-1-pump and its log: below the list's window on a small popover.
      await scrollRowIntoView(page, row);
      await row.hover();
      const actions = row.locator('.child-actions');
      await expect(actions).toBeVisible();
      expect(await outside(actions, row)).toBe(false);
      expect(await overlap(actions, row.locator('.child-name'))).toBe(false);
      expect(await overlap(actions, row.locator('.child-state'))).toBe(false);
      const pin = row.getByRole('button', { name: 'Pin alpha-line-1', exact: true });
      await pin.hover();
      await expect.poll(async () => (await shownWord(pin))?.text).toBe('Pin');
      const word = await shownWord(pin);
      expect(word).not.toBeNull();
      if (word !== null)
        expect(await overlapsBox(word.box, row.locator('.child-name'))).toBe(false);
      if (size.name !== 'real-size') {
        // Narrow: the buttons have a line of their own; the second line is whole in view.
        expect(await overlap(actions, row.locator('.child-sub').first())).toBe(false);
      }
      await checkAndShoot(page, `room-instance-hover-${size.name}`);
    });

    test('the add form’s error is whole above its sticky Add account bar, with its button', async ({
      popover,
    }) => {
      const { page } = popover;
      const server = await popover.server();
      await popover.open();
      await page.getByLabel('Server address').fill(server.url);
      await page.getByLabel('Access token').fill('ffpat_notavalidtokenatall0123456789abcdefghijk');
      await page.getByRole('button', { name: 'Add account' }).click();
      const alert = page.getByRole('alert');
      await expect(alert.getByRole('button')).toBeVisible();
      // The scroll after the failure has settled.
      await page.waitForTimeout(300);
      const bar = await page.locator('form > .buttons').boundingBox();
      const box = await alert.boundingBox();
      expect(bar).not.toBeNull();
      expect(box).not.toBeNull();
      if (bar === null || box === null) return;
      // The bar's top 16 px fade to the page: what is under it there still reads.
      expect(box.y + box.height).toBeLessThanOrEqual(bar.y + 16.5);
      expect(box.y).toBeGreaterThanOrEqual(0);
      await checkAndShoot(page, `room-add-error-${size.name}`);
    });

    test('the search field’s placeholder is whole', async ({ popover }) => {
      const { page } = popover;
      await plantBig(popover);
      const room = await page.getByRole('searchbox').evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input);
        const context = document.createElement('canvas').getContext('2d');
        if (context === null) throw new Error('no canvas');
        context.font = style.font;
        const box =
          input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return { text: context.measureText(input.placeholder).width, box };
      });
      expect(room.text).toBeLessThanOrEqual(room.box);
    });

    test('the keyboard help breaks no word and names every key', async ({ popover }) => {
      const { page } = popover;
      await plantBig(popover);
      await teamRow(page, 'Alpha Works').focus();
      await page.keyboard.press('?');
      const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await expect(dialog).toBeVisible();
      for (const key of ['PgUp', 'PgDn', 'Shift+Enter', 'S', 'L', 'P']) {
        await expect(
          dialog.locator('kbd', { hasText: new RegExp(`^${key.replace('+', '\\+')}$`) }),
        ).toHaveCount(1);
      }
      // Each word of each line is on one line of the screen.
      const broken = await dialog.locator('dd').evaluateAll((items) =>
        items.flatMap((item) => {
          const text = item.firstChild;
          if (text === null || text.textContent === null) return [];
          const words: string[] = [];
          const pattern = /\S+/g;
          for (
            let match = pattern.exec(text.textContent);
            match !== null;
            match = pattern.exec(text.textContent)
          ) {
            const range = document.createRange();
            range.setStart(text, match.index);
            range.setEnd(text, match.index + match[0].length);
            const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
            if (tops.size > 1) words.push(match[0]);
          }
          return words;
        }),
      );
      expect(broken).toEqual([]);
      await checkAndShoot(page, `room-shortcuts-${size.name}`);
    });

    test('the rename toast leaves the renamed row in view', async ({ popover }) => {
      const { page } = popover;
      await plantBig(popover);
      // The last team, at the bottom of the list.
      await page.locator('.scroller').evaluate((scroller) => {
        scroller.scrollTop = scroller.scrollHeight;
      });
      const row = teamRow(page, 'Acme Production');
      await row.focus();
      await page.keyboard.press('F2');
      await page.locator('input.editor').fill('Acme Production 2');
      await page.keyboard.press('Enter');
      const toast = page.locator('.toast');
      await expect(toast).toContainText('Renamed');
      const renamed = teamRow(page, 'Acme Production 2');
      await expect(renamed).toBeVisible();
      await expect.poll(() => overlap(renamed, toast)).toBe(false);
      await expect(renamed).toBeInViewport({ ratio: 1 });
    });

    for (const scheme of ['light', 'dark'] as const) {
      test(`screenshots, ${scheme}`, async ({ popover }) => {
        // The worst state, then axe and a shot twice: 17-28 s on a loaded 2-core machine.
        test.slow();
        const { page } = popover;
        await page.emulateMedia({ colorScheme: scheme });
        await worstState(popover, await plantBig(popover));
        await checkAndShoot(page, `room-pinned-${size.name}-${scheme}`);
        await page.locator('.scroller').evaluate((scroller) => {
          scroller.scrollTop = 0;
        });
        await checkAndShoot(page, `room-top-${size.name}-${scheme}`);
      });
    }
  });
}

/** The element that has the focus, through shadow roots: its tag and its words. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement != null) active = active.shadowRoot.activeElement;
    if (active === null) return 'nothing';
    const name = active.getAttribute('aria-label') ?? (active as HTMLElement).innerText;
    return `${active.localName}: ${name.trim()}`;
  });
}

test('the focus goes to Settings’ heading going in, and back to ⚙ coming out', async ({
  popover,
}) => {
  const { page } = popover;
  await plantBig(popover);
  const gear = page.getByRole('button', { name: 'Settings and more' });
  await gear.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect.poll(() => focused(page)).toBe('h1: Settings');
  // Back by Esc, and by the Back button.
  await page.keyboard.press('Escape');
  await expect.poll(() => focused(page)).toBe('button: Settings and more');
  await page.keyboard.press('Enter');
  // The items come in after the menu opens (their part is awaited): Enter picks once one has focus.
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(() => focused(page)).toBe('h1: Settings');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect.poll(() => focused(page)).toBe('button: Settings and more');
});

test('a pinned crashed instance stays two lines at the top; its log opens on demand there', async ({
  popover,
}) => {
  const { page } = popover;
  await plantBig(popover);
  await expander(page, 'Alpha Works').click();
  const own = instanceRow(page, 'line-1-pump').and(page.locator(':not(.in-pins)'));
  // Under its team, a crashed instance shows its log by itself.
  await expect(own.locator('.instance-log')).toBeVisible();
  await own.hover();
  await own.getByRole('button', { name: 'Pin line-1-pump', exact: true }).click();
  const pinned = instanceRow(page, 'line-1-pump').and(page.locator('.in-pins'));
  await expect(pinned).toBeVisible();
  await expect(pinned.locator('.instance-log')).toHaveCount(0);
  const box = await pinned.boundingBox();
  // Two lines of text, and the line saying where it is: well under the 560 px of the popover.
  expect(box?.height ?? Infinity).toBeLessThan(90);
  await pinned.hover();
  await pinned.getByRole('button', { name: 'Log of line-1-pump', exact: true }).click();
  await expect(pinned.locator('.instance-log')).toBeVisible();
});

test('what the keys do is read with each kind of row, never as text before the list', async ({
  popover,
}) => {
  const { page } = popover;
  await plantBig(popover);
  // Nothing of it is in the reading order (a hidden description is still a description).
  await expect(
    page.getByText('Enter opens the team in the browser', { exact: false }),
  ).toBeHidden();
  await expect(teamRow(page, 'Alpha Works')).toHaveAccessibleDescription(
    /^Enter opens the team in the browser/,
  );
  await expander(page, 'Alpha Works').click();
  await scrollRowIntoView(page, instanceRow(page, 'alpha-line-1'));
  await expect(instanceRow(page, 'alpha-line-1')).toHaveAccessibleDescription(
    /^Enter opens its editor/,
  );
});

test('a team’s buttons say what they do when pointed at or focused', async ({ popover }) => {
  const { page } = popover;
  await plantBig(popover);
  const row = teamRow(page, 'Beta Labs');
  const button = (name: string): Locator => row.getByRole('button', { name, exact: true });
  const word = async (name: string): Promise<string | undefined> =>
    (await shownWord(button(name)))?.text;
  await row.hover();
  await button('Rename Beta Labs').hover();
  await expect.poll(() => word('Rename Beta Labs')).toBe('Rename');
  // One word at a time: the others show none.
  expect(await word('Pin Beta Labs')).toBeUndefined();
  await page.mouse.move(5, 5);
  await row.focus();
  await page.keyboard.press('Tab');
  await expect(expander(page, 'Beta Labs')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(button('Pin Beta Labs')).toBeFocused();
  await expect.poll(() => word('Pin Beta Labs')).toBe('Pin');
  const names = [
    ['Rename Beta Labs', 'Rename'],
    ['Copy the address of Beta Labs', 'Copy'],
    ['Open the settings of Beta Labs in the browser', 'Settings'],
    ['Open Beta Labs in the browser', 'Open'],
  ] as const;
  for (const [name, shown] of names) {
    await page.keyboard.press('Tab');
    await expect(button(name)).toBeFocused();
    await expect.poll(() => word(name)).toBe(shown);
  }
  // The word covers neither the name nor the state words, and is whole inside the popover.
  const bubble = await shownWord(button('Open Beta Labs in the browser'));
  expect(bubble).not.toBeNull();
  if (bubble === null) return;
  expect(bubble.box.width).toBeGreaterThan(10);
  expect(bubble.box.x).toBeGreaterThanOrEqual(0);
  // Beside its button, as the stylesheet puts it: its right edge 3 px left of the button's.
  const open = await button('Open Beta Labs in the browser').boundingBox();
  expect(open).not.toBeNull();
  if (open === null) return;
  expect(Math.abs(bubble.box.x + bubble.box.width - (open.x - 3))).toBeLessThan(1.5);
  expect(bubble.box.y + bubble.box.height / 2).toBeCloseTo(open.y + open.height / 2, 0);
  expect(await overlapsBox(bubble.box, row.locator('.name'))).toBe(false);
  for (const part of await row.locator('.summary .part').all()) {
    expect(await overlapsBox(bubble.box, part)).toBe(false);
  }
});

test('S snoozes a focused instance, L shows and hides its log', async ({ popover }) => {
  const { page } = popover;
  await plantBig(popover);
  await expander(page, 'Alpha Works').click();
  const row = instanceRow(page, 'alpha-line-1');
  await scrollRowIntoView(page, row);
  await row.focus();
  await page.keyboard.press('s');
  await expect(row.locator('.snoozed')).toBeVisible();
  await page.keyboard.press('s');
  await expect(row.locator('.snoozed')).toHaveCount(0);
  await page.keyboard.press('l');
  await expect(row.locator('.instance-log')).toBeVisible();
  await page.keyboard.press('l');
  await expect(row.locator('.instance-log')).toHaveCount(0);
});
