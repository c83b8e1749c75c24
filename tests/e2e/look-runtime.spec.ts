/**
 * Screenshots of instances and devices at the popover's real size (400 × 560), light and dark,
 * kept in tests/artifacts/screenshots to be looked at: an expanded team of the sample server,
 * an action under way, a refusal, a member's disabled actions, the suspend question, devices,
 * the attention filter, a search by instance name and the pinned section header. Each view also
 * passes axe (nothing serious or critical) and spills nothing sideways.
 */
import { seedSample, seedUser } from '../fake-server';
import { expect, test } from './support/fixtures';
import {
  attentionBar,
  deviceRow,
  expander,
  instanceRow,
  searchBox,
  teamRow,
} from './support/locators';
import { plant } from './support/runtime-seed';
import { checkAndShoot, inBothThemes } from './support/shots';

// Each view is checked by axe and shot twice (light, then dark) from its one set-up.
test.describe.configure({ timeout: 120_000 });
test.use({
  viewport: { width: 400, height: 560 },
  deviceScaleFactor: 2,
  // A slow action must outlast the axe run before its screenshot, not time out first.
  http: { timeoutMs: 15_000, totalTimeoutMs: 20_000 },
});

// One set-up per view, shot in both themes.
const shoot = (page: Parameters<typeof checkAndShoot>[0], name: string) =>
  inBothThemes(page, (scheme) => checkAndShoot(page, `runtime-${name}-${scheme}`));

test('the sample server: summaries, then a team expanded', async ({ popover }) => {
  // Three full axe runs on two shared cores.
  test.slow();
  const { page } = popover;
  const server = await popover.server();
  const seeded = seedSample(server);
  await popover.addAccount(server.url, seeded.token, 'Acme (sample server)');
  await popover.open();
  await expect(teamRow(page, 'Acme Production').locator('.summary')).toContainText('6 instances');
  await shoot(page, 'summaries');
  await expander(page, 'Acme Production').click();
  await instanceRow(page, 'line-2-control').hover();
  await shoot(page, 'expanded');
  await page.locator('.scroller').evaluate((scroller) => {
    scroller.scrollTop = 330;
  });
  await deviceRow(page, 'press-03').hover();
  await shoot(page, 'devices');
  expect(popover.pageErrors).toEqual([]);
});

test('an action under way, a refusal, and a member’s actions', async ({ popover }) => {
  test.slow();
  const { page } = popover;
  const { server } = await plant(popover);
  server.addFault({ kind: 'latency', ms: 10_000 }, { method: 'POST', path: /\/actions\/stop$/ });
  await expander(page, 'Alpha Works').click();
  const row = instanceRow(page, 'alpha-line-1');
  await row.hover();
  await row.getByRole('button', { name: 'Stop alpha-line-1' }).click();
  await expect(row.locator('.child-state')).toHaveText('Stopping…');
  await page.mouse.move(200, 555);
  await shoot(page, 'stopping');

  server.setFault({ kind: 'status', status: 500 }, { method: 'POST', path: /\/actions\// });
  const crashed = instanceRow(page, 'alpha-line-2');
  await crashed.hover();
  await crashed
    .locator('.child-actions')
    .getByRole('button', { name: 'Restart alpha-line-2' })
    .click();
  await expect(crashed.getByRole('alert')).toBeVisible();
  await shoot(page, 'refused');

  await expander(page, 'Alpha Works').click();
  await expander(page, 'Beta Labs').click();
  const member = instanceRow(page, 'beta-ui');
  await member.hover();
  // No Start or Stop for a member: why, in words, while the row is pointed at.
  await expect(member.locator('.member-note')).toBeVisible();
  await shoot(page, 'member');
});

test('the suspend question', async ({ popover }) => {
  const { page } = popover;
  await plant(popover);
  await expander(page, 'Alpha Works').click();
  await instanceRow(page, 'alpha-line-1').hover();
  await page.getByRole('button', { name: 'Suspend alpha-line-1' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await shoot(page, 'suspend-question');
});

test('the attention filter, and a search by instance name', async ({ popover }) => {
  test.slow();
  const { page } = popover;
  await plant(popover);
  const other = await popover.server();
  const gamma = seedUser(other, { username: 'ada', teams: [{ name: 'Gamma', role: 50 }] });
  await popover.addAccount(other.url, gamma.token, 'Other');
  other.revokeToken(gamma.token);
  await page.getByRole('button', { name: 'Refresh all accounts' }).click();
  await expect(attentionBar(page)).toContainText('1 account needs a new token');
  await shoot(page, 'attention');
  await attentionBar(page).click();
  await expect(attentionBar(page)).toHaveAttribute('aria-pressed', 'true');
  await shoot(page, 'attention-filtered');
  await attentionBar(page).click();
  await page.mouse.move(200, 555);
  await searchBox(page).fill('line-');
  // The crashed one first, its log under it; the others follow below.
  await expect(instanceRow(page, 'alpha-line-2')).toBeVisible();
  await expect(instanceRow(page, 'alpha-line-2').locator('.log-line').first()).toBeVisible();
  await shoot(page, 'search');
});

test('the section header pinned over a long account', async ({ popover }) => {
  const { page } = popover;
  const server = await popover.server();
  const seeded = seedUser(server, {
    username: 'ada',
    teams: Array.from({ length: 20 }, (_, index) => ({
      name: `Site ${String(index + 1).padStart(2, '0')}`,
      role: 50 as const,
      runtime: {
        applications: [{ name: 'Plant', instances: [{ name: `site-${index + 1}-control` }] }],
      },
    })),
  });
  await popover.addAccount(server.url, seeded.token, 'Plants (sample)');
  await popover.open();
  await expect(teamRow(page, 'Site 01').locator('.summary')).toContainText('1 instance');
  await page.locator('.scroller').evaluate((scroller) => {
    scroller.scrollTop = 500;
  });
  await expect(page.locator('.account.pinned')).toBeVisible();
  await shoot(page, 'pinned-header');
});
