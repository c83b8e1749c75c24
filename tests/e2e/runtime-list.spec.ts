/**
 * The list around the instances and devices: the attention summary and its filter, the section
 * header pinned while a long account scrolls, main told which teams are on screen, a
 * notification's row brought into view, and a list that stays windowed with everything open
 * and reaches its last row when scrolled to the end.
 */
import { seedUser, type FakeFlowFuse, type TeamSpec } from '../fake-server';
import { expect, test, type Popover } from './support/fixtures';
import {
  accountHeader,
  attentionBar,
  expander,
  instanceRow,
  searchBox,
  teamRow,
  scrollRowIntoView,
  visibleTeamNames,
} from './support/locators';
import { item, plant } from './support/runtime-seed';

test.use({ viewport: { width: 400, height: 560 } });

const pad = (n: number): string => String(n).padStart(2, '0');

/** An account of `count` teams named `${prefix} 01`…; `spec` adds to each. */
async function longAccount(
  popover: Popover,
  label: string,
  count: number,
  spec: (index: number) => Partial<TeamSpec> = () => ({}),
): Promise<{ server: FakeFlowFuse; ids: string[] }> {
  const server = await popover.server();
  const seeded = seedUser(server, {
    username: 'ada',
    teams: Array.from({ length: count }, (_, index) => ({
      name: `${label} ${pad(index + 1)}`,
      role: 50 as const,
      ...spec(index + 1),
    })),
  });
  await popover.addAccount(server.url, seeded.token, label);
  return { server, ids: seeded.teams.map((team) => team.id) };
}

test('the attention summary filters the list to what needs attention, and back', async ({
  popover,
}) => {
  const { page } = popover;
  const { server, seeded } = await plant(popover);
  const other = await popover.server();
  const gamma = seedUser(other, { username: 'ada', teams: [{ name: 'Gamma', role: 50 }] });
  await popover.addAccount(other.url, gamma.token, 'Other');
  other.revokeToken(gamma.token);
  await page.getByRole('button', { name: 'Refresh all accounts' }).click();

  const bar = attentionBar(page);
  await expect(bar).toHaveText(/^\s*1 instance crashed · 1 account needs a new token\s*Show\s*$/);
  await expect(bar).toHaveAttribute('aria-pressed', 'false');
  await bar.click();
  await expect(bar).toHaveAttribute('aria-pressed', 'true');
  await expect(bar).toContainText('Only what needs attention: 1 instance crashed');
  await expect(bar).toContainText('Show all');
  await expect(page.getByRole('list', { name: 'Teams: only what needs attention' })).toBeVisible();
  await expect.poll(() => visibleTeamNames(page)).toEqual(['Alpha Works']);
  await expect(page.locator('.row.child .child-name')).toHaveText(['alpha-line-2']);
  await expect(
    accountHeader(page, 'Other').getByRole('button', { name: 'Replace token' }),
  ).toBeVisible();

  // A crash elsewhere joins the filtered list as it is read.
  server.setInstanceState(item(seeded.runtimes[1]?.instances ?? [], 'beta-ui'), 'crashed');
  await page.getByRole('button', { name: 'Refresh all accounts' }).click();
  await expect(bar).toContainText('2 instances crashed');
  await expect.poll(() => visibleTeamNames(page)).toEqual(['Alpha Works', 'Beta Labs']);

  // Offline devices count once the user says so (Settings). Each crashed instance shows its log
  // under it: a taller window holds every row at once.
  await page.setViewportSize({ width: 400, height: 1200 });
  await popover.core.dispatch('updateSettings', { devicesNeedAttention: true });
  await expect(bar).toContainText('2 instances crashed · 1 device offline');
  await expect(page.locator('.row.child .child-name')).toHaveText([
    'alpha-line-2',
    'press-02',
    'beta-ui',
  ]);

  await bar.click();
  await expect(bar).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('list', { name: 'Teams', exact: true })).toBeVisible();
  await expect(page.locator('.row.child')).toHaveCount(0);
  await expect(teamRow(page, 'Gamma')).toBeVisible();
});

test('the attention summary names safe mode apart from a crash (issue 21)', async ({ popover }) => {
  const { page } = popover;
  const { server, seeded } = await plant(popover);
  const bar = attentionBar(page);
  await expect(bar).toContainText('1 instance crashed');
  server.setInstanceState(item(seeded.runtimes[0]?.instances ?? [], 'alpha-line-3'), 'safe');
  await page.getByRole('button', { name: 'Refresh all accounts' }).click();
  await expect(bar).toHaveText(/^\s*1 instance crashed · 1 in safe mode\s*Show\s*$/);
  await expect(bar).not.toContainText('2 instances crashed');
});

test('the section header stays in view while its teams scroll, and is pushed by the next', async ({
  popover,
}) => {
  const { page } = popover;
  await longAccount(popover, 'North', 25);
  await longAccount(popover, 'South', 25);
  await popover.open();
  await expect(teamRow(page, 'North 01')).toBeVisible();
  const scroller = page.locator('.scroller');
  const pinned = page.locator('.account.pinned');
  await expect(pinned).toHaveCount(0);

  await scroller.evaluate((element) => {
    element.scrollTop = 600;
  });
  await expect(pinned.locator('.account-label')).toHaveText('North');
  const top = async (locator: typeof pinned): Promise<number> =>
    (await locator.boundingBox())?.y ?? Number.NaN;
  expect(await top(pinned)).toBeCloseTo(await top(scroller), 0);
  // The list is windowed: North's own header is out of the DOM by now.
  await expect(accountHeader(page, 'North')).toHaveCount(0);

  // South's header arrives from below and pushes North's up, never under it.
  await scroller.evaluate((element) => {
    element.scrollTop = element.scrollHeight / 2 - 200;
  });
  const south = accountHeader(page, 'South');
  await south.scrollIntoViewIfNeeded();
  const southTop = await top(south);
  const listTop = await top(scroller);
  await scroller.evaluate(
    (element, by) => {
      element.scrollTop += by;
    },
    southTop - listTop - 30,
  );
  await expect(async () => {
    const box = await pinned.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual((await top(south)) + 1);
    expect(box?.y ?? 0).toBeLessThan(listTop);
  }).toPass();

  await scroller.evaluate((element) => {
    element.scrollTop = element.scrollHeight;
  });
  await expect(pinned.locator('.account-label')).toHaveText('South');

  // A row reached by key lands below the pinned header, not under it.
  await page.keyboard.press('/');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
  await expect(teamRow(page, 'South 25')).toBeFocused();
  for (let step = 0; step < 9; step += 1) await page.keyboard.press('ArrowUp');
  const focused = teamRow(page, 'South 16');
  await expect(focused).toBeFocused();
  const pinnedBox = await pinned.boundingBox();
  expect(await top(focused)).toBeGreaterThanOrEqual(
    (pinnedBox?.y ?? 0) + (pinnedBox?.height ?? 0) - 1,
  );

  await scroller.evaluate((element) => {
    element.scrollTop = 0;
  });
  await expect(pinned).toHaveCount(0);
});

test('main hears which teams are on screen: once settled, on change only, none when hidden', async ({
  popover,
}) => {
  const { page } = popover;
  const { ids } = await longAccount(popover, 'Fleet', 30);
  const watched = () =>
    popover.bridge.calls
      .filter((call) => call.method === 'watchTeams')
      .map((call) =>
        (call.payload as { teams: { teamId: string }[] }).teams.map((team) =>
          ids.indexOf(team.teamId),
        ),
      );
  await popover.open();
  await expect.poll(() => watched().at(-1)?.slice(0, 3)).toEqual([0, 1, 2]);
  const first = watched().at(-1) ?? [];
  // The rows in view, not the whole account.
  expect(first.length).toBeGreaterThan(4);
  expect(first.length).toBeLessThan(12);
  const calls = watched().length;
  await teamRow(page, 'Fleet 02').hover();
  await page.waitForTimeout(700);
  expect(watched()).toHaveLength(calls);

  // A scroll of many frames is one call, once it settles.
  await page.locator('.scroller').evaluate(async (element) => {
    for (let step = 0; step < 12; step += 1) {
      element.scrollTop += 150;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
  await expect.poll(() => watched().length).toBe(calls + 1);
  const scrolled = watched().at(-1) ?? [];
  expect(scrolled[0]).toBeGreaterThan(first.at(-1) ?? 0);

  const setVisibility = (state: 'hidden' | 'visible') =>
    page.evaluate((value) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => value });
      document.dispatchEvent(new Event('visibilitychange'));
    }, state);
  await setVisibility('hidden');
  await expect.poll(() => watched().at(-1)).toEqual([]);
  await setVisibility('visible');
  await expect.poll(() => watched().at(-1)).toEqual(scrolled);
});

test("a notification's click brings its row into view, focused, its team open", async ({
  popover,
}) => {
  const { page } = popover;
  const { server } = await longAccount(popover, 'Site', 20, (index) =>
    index === 20
      ? { runtime: { applications: [{ name: 'Edge', instances: [{ name: 'edge-line' }] }] } }
      : {},
  );
  await popover.open();
  await expect(teamRow(page, 'Site 01')).toBeVisible();
  const edge = [...server.runtime.instances.values()].find((each) => each.name === 'edge-line');
  if (edge === undefined) throw new Error('fixture');
  server.setInstanceState(edge, 'crashed');
  await page.getByRole('button', { name: 'Refresh all accounts' }).click();
  await expect
    .poll(() => popover.notifications.map((each) => each.title))
    .toEqual(['edge-line crashed']);
  // The user was searching something else meanwhile.
  await searchBox(page).fill('site 01');
  const target = popover.notifications[0]?.target;
  if (target === undefined) throw new Error('no notification');
  await popover.push('focus', target);
  const row = instanceRow(page, 'edge-line');
  await expect(row).toBeFocused();
  await expect(row).toBeInViewport();
  await expect(searchBox(page)).toHaveValue('');
  await expect(expander(page, 'Site 20')).toHaveAttribute('aria-expanded', 'true');
  await expect(row.locator('.child-state')).toHaveText('Crashed');
});

test('the list stays windowed with every team open', async ({ popover }) => {
  const { page } = popover;
  await longAccount(popover, 'Big', 30, (index) => ({
    runtime: {
      applications: [
        {
          name: 'Nodes',
          instances: Array.from({ length: 10 }, (_, each) => ({
            name: `node-${pad(index)}-${pad(each + 1)}`,
          })),
        },
      ],
    },
  }));
  await popover.open();
  await expect(teamRow(page, 'Big 30').or(teamRow(page, 'Big 01'))).toBeVisible();
  // Every instance matches: all 30 teams open, 330 rows.
  await searchBox(page).fill('node-');
  await expect(instanceRow(page, 'node-01-01')).toBeVisible();
  const inDom = () => page.locator('.rows > .row').count();
  expect(await inDom()).toBeLessThan(40);
  await page.locator('.scroller').evaluate((element) => {
    element.scrollTop = element.scrollHeight;
  });
  await expect(instanceRow(page, 'node-30-10')).toBeInViewport();
  expect(await inDom()).toBeLessThan(40);
  // Halfway up: those teams' rows were built only once the window reached them (a block stood
  // for them: child-block.ts), and none is left standing in for rows on screen.
  await page.locator('.scroller').evaluate((element) => {
    element.scrollTop = element.scrollHeight / 2;
  });
  const instancesOnScreen = () =>
    page.locator('.scroller').evaluate((scroller) => {
      const view = scroller.getBoundingClientRect();
      return [...scroller.querySelectorAll('.rows > .row[data-kind="instance"]')].filter((row) => {
        const box = row.getBoundingClientRect();
        return box.bottom > view.top && box.top < view.bottom;
      }).length;
    });
  await expect.poll(instancesOnScreen).toBeGreaterThan(3);
  await expect(page.locator('.rows > .child-block')).toHaveCount(0);
  expect(await inDom()).toBeLessThan(40);
});

test('with every team open, scrolled to the middle and then to the end, the list shows its last row', async ({
  popover,
}) => {
  const { page } = popover;
  await longAccount(popover, 'Big', 30, (index) => ({
    runtime: {
      applications: [
        {
          name: 'Nodes',
          instances: Array.from({ length: 10 }, (_, each) => ({
            name: `node-${pad(index)}-${pad(each + 1)}`,
          })),
        },
      ],
    },
  }));
  await popover.open();
  await expect(teamRow(page, 'Big 01')).toBeVisible();
  // Every instance matches: all 30 teams open, blocks for the teams' rows not yet in view.
  await searchBox(page).fill('node-');
  await expect(instanceRow(page, 'node-01-01')).toBeVisible();
  const scroller = page.locator('.scroller');
  /** Scrolls to a share of the list's height, then waits until the list has drawn there. */
  const scrollTo = (share: number) =>
    scroller.evaluate(async (element, at) => {
      element.scrollTop = element.scrollHeight * at;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    }, share);
  /** How far the view's bottom is from the end of what scrolls (0 at the end). */
  const short = () =>
    scroller.evaluate((element) =>
      Math.round(element.scrollHeight - element.clientHeight - element.scrollTop),
    );
  await scrollTo(0.5);
  await scrollTo(1);
  // The rows drawn at the end were estimated as the rows the window drew in the middle: the
  // browser must not hold the scroll where the list was shorter for one layout.
  await expect(instanceRow(page, 'node-30-10')).toBeInViewport();
  await expect.poll(short).toBe(0);

  // End, from the middle: the last row, focused and in view.
  await scrollTo(0.5);
  await page.locator('.rows > .row[data-kind="instance"]').nth(4).focus();
  await page.keyboard.press('End');
  await expect(instanceRow(page, 'node-30-10')).toBeFocused();
  await expect(instanceRow(page, 'node-30-10')).toBeInViewport();
});

test('PageDown across teams whose rows are not built yet moves one page of rows', async ({
  popover,
}) => {
  // Scrolled down through ten teams' rows half a screen at a time: 25-33 s under load.
  test.slow();
  const { page } = popover;
  await longAccount(popover, 'Big', 30, (index) => ({
    runtime: {
      applications: [
        {
          name: 'Nodes',
          instances: Array.from({ length: 10 }, (_, each) => ({
            name: `node-${pad(index)}-${pad(each + 1)}`,
          })),
        },
      ],
    },
  }));
  await popover.open();
  await expect(teamRow(page, 'Big 01')).toBeVisible();
  // Every team open; the rows of a team below the list's window are a block (child-block.ts).
  await searchBox(page).fill('node-');
  const from = instanceRow(page, 'node-10-05');
  await scrollRowIntoView(page, from);
  // At the bottom of the view: Big 11's rows, a page down, are not built.
  await from.evaluate(async (element) => {
    element.scrollIntoView({ block: 'end' });
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
  await expect(instanceRow(page, 'node-11-01')).toHaveCount(0);
  await from.focus();
  await page.keyboard.press('PageDown');
  // Eight rows: node-10-06 to node-10-10, Big 11, node-11-01, node-11-02 (not Big 13).
  await expect(instanceRow(page, 'node-11-02')).toBeFocused();
  await page.keyboard.press('PageUp');
  await expect(from).toBeFocused();
});
