/**
 * Against a real server: two instances of TEAMTRAY_LIVE_TEAM (TEAMTRAY_LIVE_BULK_INSTANCES, two
 * names or ids, comma-separated) picked with Space in the popover and restarted together, after
 * one question; main's summary says "2 restarted", both rows settle running again, and the API's
 * audit log of each instance holds a new `project.restarted` by the token's user. Skipped, and
 * said so, when the variable is unset.
 */
import { expect, test } from '../e2e/support/fixtures';
import { ACTION_TIMING } from '../../main/runtime/instance-actions';
import { apiInstance, apiTeam } from './api';
import { apiAuditLog, apiUsername } from './audit';
import { SKIP_REASON, liveEnv } from './env';
import { pushedRuntime } from './runtime-pushes';
import { addLiveAccount } from './steps';
import { expander, instanceRow, searchBox } from '../e2e/support/locators';

const env = liveEnv();
const BULK_VARIABLE = 'TEAMTRAY_LIVE_BULK_INSTANCES';
const names = (process.env[BULK_VARIABLE] ?? '')
  .split(',')
  .map((each) => each.trim())
  .filter((each) => each !== '');

test.skip(env === null, `Live test skipped: ${SKIP_REASON}.`);
test.skip(
  names.length !== 2,
  `${BULK_VARIABLE} does not name two instances of TEAMTRAY_LIVE_TEAM: the bulk restart was SKIPPED`,
);
test.use({ http: { timeoutMs: 20_000, totalTimeoutMs: 60_000 }, actionTiming: ACTION_TIMING });

const SETTLE_MS = 5 * 60_000;

test('two instances picked with Space are restarted together, each audit-logged', async ({
  popover,
}) => {
  test.setTimeout(SETTLE_MS + 120_000);
  if (env === null) return;
  const team = await apiTeam(env);
  const instances = await Promise.all(names.map((name) => apiInstance(env, team.id, name)));
  const username = await apiUsername(env);
  const before = new Map(
    await Promise.all(
      instances.map(
        async (each) =>
          [each.id, new Set((await apiAuditLog(env, each.id)).map((entry) => entry.id))] as const,
      ),
    ),
  );
  await popover.open();
  const accountId = await addLiveAccount(popover, env);
  const { page } = popover;
  await expect
    .poll(async () => (await pushedRuntime(page, accountId, team.id))?.status ?? 'not listed', {
      timeout: 60_000,
    })
    .toBe('ok');
  if ((await instanceRow(page, instances[0]?.name ?? '').count()) === 0) {
    await expander(page, team.name).click();
  }
  for (const instance of instances) {
    // Found by its name: on a real server the team's other rows (a crashed instance's log, what
    // changed before it) can put it below the list's window, where no row is drawn to focus.
    await searchBox(page).fill(instance.name);
    const row = instanceRow(page, instance.name);
    // Focused, then Space, again until it takes: the first reads of a real server (a crashed
    // instance's log, who stopped one) redraw the list, and the focus placed before may move.
    await expect(async () => {
      // Space toggles: a pick that took late is not pressed away again.
      if ((await row.getByRole('checkbox').getAttribute('aria-checked')) === 'true') return;
      await row.focus();
      await expect(row).toBeFocused({ timeout: 1_000 });
      await page.keyboard.press('Space');
      await expect(row.getByRole('checkbox')).toHaveAttribute('aria-checked', 'true', {
        timeout: 2_000,
      });
    }).toPass({ timeout: 30_000 });
  }
  // The picks outlive the search.
  await searchBox(page).fill('');
  const bar = page.getByRole('region', { name: 'Selected instances' });
  await expect(bar).toContainText('2 selected');
  await bar.getByRole('button', { name: 'Restart' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading')).toHaveText(
    'Restart 2 instances in 1 team on 1 account?',
  );
  await dialog.getByRole('button', { name: 'Restart 2' }).click();
  await expect(page.locator('.bulk-live[role="status"]')).toHaveText('2 restarted', {
    timeout: SETTLE_MS,
  });
  // Each row followed its own restart and let go, running.
  await expect
    .poll(
      async () => {
        const runtime = await pushedRuntime(page, accountId, team.id);
        return instances.map((each) => {
          const held = runtime?.instances.find((instance) => instance.id === each.id);
          return held === undefined ? 'gone' : `${held.state}${held.action === null ? '' : '…'}`;
        });
      },
      { timeout: SETTLE_MS },
    )
    .toEqual(['running', 'running']);
  // FlowFuse logged both restarts, each by the token's user.
  for (const instance of instances) {
    await expect
      .poll(
        async () =>
          (await apiAuditLog(env, instance.id))
            .filter((entry) => !(before.get(instance.id)?.has(entry.id) ?? false))
            .filter((entry) => entry.event === 'project.restarted')
            .map((entry) => entry.username),
        { message: `${instance.name}'s audit log names the restart`, timeout: 30_000 },
      )
      .toEqual([username]);
  }
  console.log(
    `tests/live: restarted ${instances.map((each) => each.name).join(' and ')} together; both audit-logged by ${username}`,
  );
});
