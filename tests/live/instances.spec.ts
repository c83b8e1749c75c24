/**
 * Against a real server: the popover lists TEAMTRAY_LIVE_TEAM's instances as the API does; and,
 * when TEAMTRAY_LIVE_INSTANCE names a running instance of it, stops it and starts it again with
 * the row's Stop and Start buttons, waiting for main to push each state, the row to show it
 * (and, once stopped, who stopped it: the audit log's author), and the API to agree; and its Log
 * button shows its last log lines, as many as the API gives (or "No log while suspended"); a
 * crashed instance of the team shows them unasked. An instance left stopped by a failure is
 * started again in afterAll.
 */
import { expect, test, type Popover } from '../e2e/support/fixtures';
import { ACTION_TIMING } from '../../main/runtime/instance-actions';
import { needsAttention } from '../../common/instance-state';
import {
  apiInstance,
  apiInstanceState,
  apiInstances,
  apiLogLineCount,
  apiStart,
  apiTeam,
} from './api';
import { INSTANCE_SKIP_REASON, SKIP_REASON, liveEnv, type LiveEnv } from './env';
import {
  pressInstanceButton,
  pushedRuntime,
  waitForPushedState,
  type InstanceRef,
} from './runtime-pushes';
import { addLiveAccount } from './steps';
import { instanceRow, openTeamRows, pressRowButton } from '../e2e/support/locators';

const env = liveEnv();

test.skip(env === null, `Live test skipped: ${SKIP_REASON}.`);
// The app's own limits: a real network, and main following an action the way the app does.
test.use({ http: { timeoutMs: 20_000, totalTimeoutMs: 60_000 }, actionTiming: ACTION_TIMING });

/** A hosted instance takes seconds to stop and, on a busy cluster, minutes to start. */
const SETTLE_MS = 5 * 60_000;

/** Opens the popover, adds the account and waits for the team's first instance list. */
async function openWithTeam(popover: Popover, live: LiveEnv, teamId: string) {
  await popover.open();
  const accountId = await addLiveAccount(popover, live);
  // Wait for the team's first read: before it, its runtime is "loading" (or the team is not
  // listed yet), and "not loading" would pass on that nothing.
  await expect
    .poll(
      async () => (await pushedRuntime(popover.page, accountId, teamId))?.status ?? 'not listed',
      { message: 'the team’s instances are read', timeout: 60_000 },
    )
    .toMatch(/^(ok|hidden|error)$/);
  const runtime = await pushedRuntime(popover.page, accountId, teamId);
  if (runtime?.status !== 'ok') {
    throw new Error(`The team's instances were not listed: ${runtime?.error?.message ?? '?'}`);
  }
  return { accountId, runtime };
}

test('the popover lists the team’s instances as the API does', async ({ popover }) => {
  if (env === null) return;
  const team = await apiTeam(env);
  const expected = await apiInstances(env, team.id);
  const { runtime } = await openWithTeam(popover, env, team.id);
  const name = runtime.instances.map((instance) => instance.name);
  expect([...name].sort()).toEqual(expected.map((each) => each.name).sort());
  const listed = runtime.instances.map((each) => `${each.name} (${each.state})`).join(', ');
  console.log(`tests/live: ${team.name} has ${name.length} instances: ${listed || 'none'}`);
});

test('Log shows the instance’s last lines, as many as the API gives', async ({ popover }) => {
  test.skip(env?.instance == null, INSTANCE_SKIP_REASON);
  if (env?.instance == null) return;
  const team = await apiTeam(env);
  const instance = await apiInstance(env, team.id, env.instance);
  const { accountId } = await openWithTeam(popover, env, team.id);
  const { page } = popover;
  const row = instanceRow(page, instance.name);
  await openTeamRows(page, team.name);
  // A crashed instance shows its log by itself; any other on the Log button.
  if ((await row.locator('.instance-log').count()) === 0) {
    await pressRowButton(row, `Log of ${instance.name}`);
  }
  await expect
    .poll(
      async () => {
        const runtime = await pushedRuntime(page, accountId, team.id);
        return runtime?.instances.find((each) => each.id === instance.id)?.log?.status ?? 'none';
      },
      { message: 'main reads the log', timeout: 60_000 },
    )
    .toMatch(/^(ok|suspended|error)$/);
  const runtime = await pushedRuntime(page, accountId, team.id);
  const log = runtime?.instances.find((each) => each.id === instance.id)?.log ?? null;
  const status = row.locator('.log-status');
  if (log?.status === 'error')
    throw new Error(`The log was not read: ${log.error?.message ?? '?'}`);
  const expected = await apiLogLineCount(env, instance.id);
  if (log?.status === 'suspended') {
    expect(expected, 'the API says suspended too').toBeNull();
    await expect(status).toHaveText('No log while suspended');
    console.log(`tests/live: ${instance.name} is suspended: "No log while suspended"`);
    return;
  }
  // The API may have written a line since: as many, or a few more at the most.
  expect(log?.lines.length ?? 0).toBeGreaterThanOrEqual(Math.min(30, (expected ?? 0) - 5));
  await expect(row.locator('.log-line')).toHaveCount(Math.min(4, log?.lines.length ?? 0));
  const levels = (log?.lines ?? []).map((line) => line.level ?? '-').join(' ');
  console.log(`tests/live: ${instance.name}'s log: ${log?.lines.length ?? 0} lines (${levels})`);
});

test('a crashed instance of the team shows its last log lines without a click', async ({
  popover,
}) => {
  if (env === null) return;
  const team = await apiTeam(env);
  const { accountId, runtime } = await openWithTeam(popover, env, team.id);
  const crashed = runtime.instances.find((each) => needsAttention(each.state));
  test.skip(
    crashed === undefined,
    `${team.name} has no crashed, errored or safe-mode instance: the crash step was SKIPPED`,
  );
  if (crashed === undefined) return;
  const { page } = popover;
  const row = instanceRow(page, crashed.name);
  await openTeamRows(page, team.name);
  // Read by main as the instance turned to a problem, and shown under its row unasked.
  await expect(row.locator('.log-line').first()).toBeVisible({ timeout: 60_000 });
  const held = (await pushedRuntime(page, accountId, team.id))?.instances.find(
    (each) => each.id === crashed.id,
  )?.log;
  expect(held?.status).toBe('ok');
  const expected = await apiLogLineCount(env, crashed.id);
  expect(held?.lines.length ?? 0).toBeGreaterThanOrEqual(Math.min(30, (expected ?? 0) - 5));
  const first = await row.locator('.log-line').first().innerText();
  console.log(
    `tests/live: ${crashed.name} (${crashed.state}) shows its log unasked: ${held?.lines.length ?? 0} lines, the newest "${first.split('\n')[0] ?? ''}"`,
  );
});

let leftStopped: string | null = null;

test.afterAll(async () => {
  if (env === null || leftStopped === null) return;
  test.setTimeout(SETTLE_MS + 60_000);
  // A stop that timed out may still be under way: let it settle, then start what is not up.
  let state = await apiInstanceState(env, leftStopped);
  for (const until = Date.now() + SETTLE_MS; state === 'stopping' && Date.now() < until;) {
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    state = await apiInstanceState(env, leftStopped);
  }
  if (state !== 'running' && state !== 'starting') {
    console.log(`tests/live: the instance was left ${state}; starting it again`);
    await apiStart(env, leftStopped);
  }
});

test('stop the instance, then start it again, through the popover', async ({ popover }) => {
  test.skip(env?.instance == null, INSTANCE_SKIP_REASON);
  if (env?.instance == null) return;
  test.setTimeout(2 * SETTLE_MS + 120_000);
  const team = await apiTeam(env);
  const instance = await apiInstance(env, team.id, env.instance);
  expect(
    await apiInstanceState(env, instance.id),
    `${instance.name} must be running: the test stops it and starts it again`,
  ).toBe('running');
  const { accountId } = await openWithTeam(popover, env, team.id);
  const ref: InstanceRef = {
    accountId,
    teamId: team.id,
    instanceId: instance.id,
    teamName: team.name,
    instanceName: instance.name,
  };

  await test.step(`stop ${instance.name}`, async () => {
    leftStopped = instance.id;
    await pressInstanceButton(popover.page, ref, 'Stop');
    const seen = await waitForPushedState(popover.page, ref, 'stopped', SETTLE_MS);
    console.log(`tests/live: stop ${instance.name}: ${seen.join(' → ')}`);
    expect(await apiInstanceState(env, instance.id)).toBe('stopped');
    // Who stopped it, from the instance's audit log on the server: this account's own user.
    const lastAction = instanceRow(popover.page, instance.name).locator('.last-action');
    await expect(lastAction).toHaveText(/^Stopped by you · /, { timeout: 30_000 });
    console.log(`tests/live: ${instance.name} says "${await lastAction.innerText()}"`);
  });

  await test.step(`start ${instance.name}`, async () => {
    await pressInstanceButton(popover.page, ref, 'Start');
    const seen = await waitForPushedState(popover.page, ref, 'running', SETTLE_MS);
    console.log(`tests/live: start ${instance.name}: ${seen.join(' → ')}`);
    expect(await apiInstanceState(env, instance.id)).toBe('running');
    leftStopped = null;
  });
});
