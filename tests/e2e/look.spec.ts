/**
 * What the popover looks like and whether everyone can use it: axe on every view in both
 * themes, and the light and dark screenshots kept as artifacts in tests/artifacts/screenshots
 * (copied to docs/screenshots for the README with TEAMTRAY_UPDATE_SCREENSHOTS=1).
 */
import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { TEAM_TYPES, seedUser } from '../fake-server';
import { expect, test, type Popover } from './support/fixtures';
import { accountHeader, expander, instanceRow, openSettings, teamRow } from './support/locators';
import { SHOTS, checkAndShoot, inBothThemes } from './support/shots';

const ROOT = join(import.meta.dirname, '..', '..');
const DOCS = join(ROOT, 'docs', 'screenshots');

// The popover's real size.
test.use({ deviceScaleFactor: 2, viewport: { width: 400, height: 560 } });

/**
 * Honest labels: these are fake FlowFuse servers on 127.0.0.1 (the README shows these shots), so
 * no label may pass one off as FlowFuse Cloud.
 */
const FIRST = 'Acme (sample server)';
const SECOND = 'Plant floor (sample)';

const MINUTE = 60_000;

/**
 * Two accounts with realistic teams (fixed ids and slugs: an avatar's colour comes from its team's
 * slug, and the README's light and dark screenshots must show each team in the same colour), their
 * instances and devices (one instance crashed, one device gone quiet); the second account's token
 * was revoked. `inbox`: the first server has FlowFuse's inbox (2.7+) with two unread
 * notifications, as the README's picture shows it.
 */
async function realistic(popover: Popover, revoked: boolean, inbox = false): Promise<void> {
  const acme = await popover.server({ version: '2.24.1', notifications: inbox });
  const site = await popover.server({ version: '2.19.0' });
  const a = seedUser(acme, {
    username: 'ada',
    teams: [
      {
        id: 'AcmeProd01',
        name: 'Acme Production',
        role: 50,
        type: TEAM_TYPES.enterprise,
        runtime: {
          applications: [
            {
              name: 'Line Control',
              instances: [
                { name: 'line-1-control' },
                { name: 'line-2-control' },
                { name: 'line-3-control', state: 'crashed' },
              ],
              devices: [
                { name: 'press-01', lastSeen: 'recent' },
                { name: 'press-02', lastSeen: { msAgo: 12 * MINUTE }, state: 'stopped' },
              ],
            },
            { name: 'Energy Dashboard', instances: [{ name: 'energy-ui' }] },
          ],
        },
      },
      {
        id: 'AcmeStag02',
        name: 'Acme Staging',
        role: 50,
        type: TEAM_TYPES.team,
        runtime: {
          applications: [
            {
              name: 'Staging',
              instances: [{ name: 'staging-ui' }, { name: 'staging-api', state: 'stopped' }],
            },
          ],
        },
      },
      {
        id: 'FieldEng03',
        name: 'Field Engineering',
        role: 30,
        type: TEAM_TYPES.team,
        runtime: {
          applications: [{ name: 'Field Tools', instances: [{ name: 'field-tools' }] }],
          devices: [{ name: 'van-17', lastSeen: { msAgo: 2 * MINUTE } }],
        },
      },
      {
        id: 'DataSci004',
        name: 'Data Science Lab',
        role: 10,
        type: TEAM_TYPES.starter,
        runtime: { applications: [{ name: 'Notebooks', instances: [{ name: 'ds-notebooks' }] }] },
      },
    ],
  });
  const b = seedUser(site, {
    username: 'ada',
    teams: [
      {
        id: 'PlantPak05',
        name: 'Plant 1 Packaging',
        role: 50,
        type: TEAM_TYPES.team,
        runtime: { applications: [{ name: 'Packing', instances: [{ name: 'packer-1' }] }] },
      },
      {
        id: 'WerkNord06',
        name: 'Überwachung Werk Nord',
        role: 30,
        type: TEAM_TYPES.starter,
        runtime: { devices: [{ name: 'Pumpe Süd', lastSeen: 'recent' }] },
      },
    ],
  });
  const grace = acme.addUser({ username: 'grace' });
  for (const team of a.teams) acme.setRole(team, grace, 30);
  if (inbox) {
    acme.addNotification(a.user, {
      type: 'team-invite',
      data: { team: { name: 'Acme Research' }, invitor: { username: 'grace' } },
      msAgo: 90 * MINUTE,
    });
    acme.addNotification(a.user, {
      type: 'instance-crashed',
      data: { instance: { name: 'line-3-control' }, meta: { severity: 'error' } },
      msAgo: 3 * MINUTE,
    });
  }
  await popover.addAccount(acme.url, a.token, FIRST);
  await popover.addAccount(site.url, b.token, SECOND);
  if (revoked) site.revokeToken(b.token);
  await popover.open();
  await expect(teamRow(popover.page, 'Plant 1 Packaging')).toBeVisible();
  if (revoked) {
    await popover.page.getByRole('button', { name: 'Refresh all accounts' }).click();
    await expect(accountHeader(popover.page, SECOND).locator('.badge')).toHaveText(
      'Token expired or revoked',
    );
  }
}

test('axe finds nothing serious on any view, light and dark', async ({ popover }) => {
  // Ten full axe runs: on two shared cores that can outlast the default 30 s.
  test.setTimeout(180_000);
  const { page } = popover;
  // One set-up per view, checked and shot in both themes.
  const shoot = (name: string) =>
    inBothThemes(page, (scheme) => checkAndShoot(page, `view-${name}-${scheme}`));
  await popover.open();
  await expect(page.getByRole('heading', { name: 'Welcome to Teamtray' })).toBeVisible();
  await shoot('first-run');

  await realistic(popover, true);
  await shoot('team-list');

  // Every team open: instance and device rows, their buttons shown on the focused one. The
  // list is windowed: opened bottom-up, so each chevron is on screen when it is clicked.
  for (const team of ['Field Engineering', 'Acme Staging', 'Acme Production']) {
    await expander(page, team).click();
  }
  await instanceRow(page, 'line-3-control').focus();
  await shoot('expanded-list');
  for (const team of ['Acme Production', 'Acme Staging', 'Field Engineering']) {
    await expander(page, team).click();
  }

  await teamRow(page, 'Field Engineering').focus();
  await page.keyboard.press('F2');
  await expect(teamRow(page, 'Field Engineering').getByRole('alert')).toBeVisible();
  await teamRow(page, 'Acme Staging').focus();
  await page.keyboard.press('F2');
  await page.locator('input.editor').fill('a://b');
  await shoot('rename-error');
  await page.keyboard.press('Escape');

  await openSettings(page);
  await page.getByRole('button', { name: `Remove ${SECOND}` }).click();
  await shoot('settings');

  await page.getByRole('button', { name: 'Back' }).click();
  await accountHeader(page, SECOND).getByRole('button', { name: 'Replace token' }).click();
  await shoot('token-form');
});

test('screenshot of the popover, light and dark', async ({ popover }) => {
  const { page } = popover;
  await realistic(popover, false, true);
  await expect(teamRow(page, 'Acme Production').locator('.summary')).toContainText(
    '4 instances · 1 crashed',
  );
  // Today's popover: the inbox's bell with its count, a pinned team at the top.
  await expect(page.getByRole('button', { name: 'Inbox: 2 unread' })).toBeVisible();
  await teamRow(page, 'Acme Staging').focus();
  await page.keyboard.press('p');
  await expect(page.locator('.rows > .row').first()).toHaveText('Pinned · 1');
  // The README's picture, from the top: what needs you, the pinned team, and a team open on its
  // crashed instance with the log it wrote.
  await expander(page, 'Acme Production').click();
  await expect(page.getByRole('button', { name: 'Copy log of line-3-control' })).toBeVisible();
  await page.locator('.scroller').evaluate((scroller) => {
    scroller.scrollTop = 0;
  });
  await page.mouse.move(0, 0);
  await mkdir(SHOTS, { recursive: true });
  await inBothThemes(page, async (scheme) => {
    const file = join(SHOTS, `popover-${scheme}.png`);
    await page.screenshot({ path: file });
    // The README's copies change only on request: hosts carry random ports, so every run differs.
    if (process.env.TEAMTRAY_UPDATE_SCREENSHOTS === '1') {
      await mkdir(DOCS, { recursive: true });
      await copyFile(file, join(DOCS, `popover-${scheme}.png`));
    }
  });
  expect(popover.pageErrors).toEqual([]);
});
