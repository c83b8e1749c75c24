/**
 * Against a real server: an instance that is crashed when the popover first reads its team
 * (TEAMTRAY_LIVE_CRASHED; test:contract forces the crash on the stub driver, which never crashes
 * on its own) is restarted through the API, not from Teamtray. The popover's next read finds it
 * running: the row says "Running again · down …" and main asks the desktop for exactly one
 * notification that it is running again. The stub driver's restart of a crashed instance only
 * logs (it stays crashed), so when a restart leaves it crashed, a start through the API follows;
 * the test says which one moved it.
 */
import { expect, test } from '../e2e/support/fixtures';
import { ACTION_TIMING } from '../../main/runtime/instance-actions';
import { apiInstance, apiInstanceState, apiRestart, apiStart, apiTeam } from './api';
import { SKIP_REASON, liveEnv } from './env';
import { pushedRuntime, waitForPushedState, type InstanceRef } from './runtime-pushes';
import { addLiveAccount } from './steps';
import { instanceRow, openTeamRows } from '../e2e/support/locators';

const env = liveEnv();
const crashedName = (process.env.TEAMTRAY_LIVE_CRASHED ?? '').trim();

test.skip(env === null, `Live test skipped: ${SKIP_REASON}.`);
test.use({ http: { timeoutMs: 20_000, totalTimeoutMs: 60_000 }, actionTiming: ACTION_TIMING });

const SETTLE_MS = 5 * 60_000;

test('an instance restarted through the API after a crash: the row and one notification say it runs again', async ({
  popover,
}) => {
  test.skip(
    crashedName === '',
    'TEAMTRAY_LIVE_CRASHED is unset: the recovery step was SKIPPED (set it to a crashed instance of TEAMTRAY_LIVE_TEAM)',
  );
  if (env === null) return;
  test.setTimeout(SETTLE_MS + 120_000);
  const team = await apiTeam(env);
  const instance = await apiInstance(env, team.id, crashedName);
  const before = await apiInstanceState(env, instance.id);
  test.skip(before !== 'crashed', `${instance.name} is ${before}, not crashed: SKIPPED`);

  await popover.open();
  const accountId = await addLiveAccount(popover, env);
  const ref: InstanceRef = {
    accountId,
    teamId: team.id,
    instanceId: instance.id,
    teamName: team.name,
    instanceName: instance.name,
  };
  const held = async () =>
    (await pushedRuntime(popover.page, accountId, team.id))?.instances.find(
      (each) => each.id === instance.id,
    );
  await expect
    .poll(async () => (await held())?.state ?? 'not read', {
      message: 'the first read finds it crashed',
      timeout: 60_000,
    })
    .toBe('crashed');
  expect((await held())?.trouble?.what, 'the model holds since when it is crashed').toBe('crashed');
  const row = instanceRow(popover.page, instance.name);
  await openTeamRows(popover.page, team.name);
  await expect(row.locator('.child-state')).toHaveText('Crashed');

  await apiRestart(env, instance.id);
  let movedBy = 'restart';
  let state = await apiInstanceState(env, instance.id);
  for (const until = Date.now() + 5_000; state === 'crashed' && Date.now() < until;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    state = await apiInstanceState(env, instance.id);
  }
  if (state === 'crashed') {
    movedBy = 'restart (which left it crashed: the stub driver only logs it), then start';
    await apiStart(env, instance.id);
  }
  await popover.page.evaluate(
    (id) =>
      (
        window as unknown as { teamtray: { refresh(p: { accountId: string }): Promise<unknown> } }
      ).teamtray.refresh({ accountId: id }),
    accountId,
  );
  const seen = await waitForPushedState(popover.page, ref, 'running', SETTLE_MS);
  console.log(`tests/live: ${instance.name} through the API by ${movedBy}: ${seen.join(' → ')}`);

  await expect(row.locator('.recovery')).toHaveText(/^Running again · down /);
  const recoveries = () =>
    popover.notifications.filter((each) =>
      each.title.startsWith(`${instance.name} is running again`),
    );
  await expect.poll(() => recoveries().length, { timeout: 30_000 }).toBe(1);
  // A read later finds nothing new: still one.
  await popover.page.evaluate(
    (id) =>
      (
        window as unknown as { teamtray: { refresh(p: { accountId: string }): Promise<unknown> } }
      ).teamtray.refresh({ accountId: id }),
    accountId,
  );
  await popover.page.waitForTimeout(3_000);
  expect(recoveries()).toHaveLength(1);
  console.log(
    `tests/live: the row says "${await row.locator('.recovery').innerText()}"; notifications: ${popover.notifications.map((each) => `"${each.title}"`).join(', ')}`,
  );
});
