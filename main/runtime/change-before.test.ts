/**
 * What changed just before an instance broke, through the core against the fake server: read
 * from the instance's audit log when it turns crashed (and for a failed start), with the event
 * filter 2.4.0 understands; only for instances in trouble; told in the crash's notification; let
 * go when the instance runs again; nothing on a server whose audit log holds no change.
 */
import { describe, expect, it } from 'vitest';
import type { TeamRuntime } from '../../common/state';
import { call, state, waitForRuntime, withPlant } from '../../tests/support/core-calls';

const changeOf = (runtime: TeamRuntime, name: string) =>
  runtime.instances.find((each) => each.name === name)?.changeBefore ?? null;

/** The audit-log reads of what changed (the last-action reads ask for other events). */
const CHANGE_QUERY =
  'limit=10&event=flows.set&event=project.settings.updated&event=nodes.install&event=nodes.remove&event=project.stack.changed&event=project.snapshot.rolled-back&event=crashed&event=safe-mode&event=project.start-failed';

describe('what changed before an instance broke', () => {
  it('is read when it crashes, told in the notification, and let go when it runs again', async () => {
    const { core, fake, added, team, instance, notifier, shell } = await withPlant();
    const bob = fake.addUser({ username: 'bob', name: 'Bob', email: 'bob@example.com' });
    const changeReads = () =>
      fake.requests.filter((each) => each.path.endsWith(CHANGE_QUERY)).map((each) => each.path);
    // Bob deploys to line-1 (its Node-RED reports flows.set), then it crashes.
    fake.recordAudit(instance('line-1'), 'flows.set', bob, { flowsSet: { type: 'full' } });
    const before = Date.now();
    fake.setInstanceState(instance('line-1'), 'crashed');
    await call(core, 'refresh', { accountId: added.id });
    const crashed = await waitForRuntime(
      core,
      added.id,
      team.id,
      (each) => changeOf(each, 'line-1') !== null,
    );
    const change = changeOf(crashed, 'line-1');
    expect(change).toMatchObject({ event: 'flows.set', by: 'bob', problem: 'crashed' });
    // The fake writes no `crashed` entry (nor does FlowFuse's stub): the crash is when it was seen.
    expect(change?.problemAt).toBeGreaterThanOrEqual(before);
    expect(change?.at).toBeLessThanOrEqual(change?.problemAt ?? 0);
    // Only the instance in trouble was asked about, once.
    expect(changeReads()).toEqual([
      `/api/v1/projects/${instance('line-1').id}/audit-log?${CHANGE_QUERY}`,
    ]);
    await expect.poll(() => notifier.shown.length).toBe(1);
    expect(notifier.shown[0]).toMatchObject({
      title: 'line-1 crashed',
      body: `Flows deployed by bob under a minute before the crash\nPlant · ada @ 127.0.0.1:${fake.port}`,
    });

    // Its page in FlowFuse: the instance's audit log, on the saved server.
    const ref = { accountId: added.id, teamId: team.id, instanceId: instance('line-1').id };
    await call(core, 'openInstance', { ...ref, page: 'audit-log' });
    expect(shell.opened).toEqual([
      new URL(`/instance/${instance('line-1').id}/audit-log`, fake.url).href,
    ]);

    // A refresh that changes nothing asks nothing again.
    await call(core, 'refresh', { accountId: added.id });
    await waitForRuntime(core, added.id, team.id, (each) => each.status === 'ok');
    expect(changeReads()).toHaveLength(1);

    // It runs again: the change belonged to that crash and goes with it.
    fake.setInstanceState(instance('line-1'), 'running');
    await call(core, 'refresh', { accountId: added.id });
    const running = await waitForRuntime(
      core,
      added.id,
      team.id,
      (each) => each.instances.find((one) => one.name === 'line-1')?.state === 'running',
    );
    expect(changeOf(running, 'line-1')).toBeNull();
  });

  it('says nothing where the audit log holds no change, and tells the crash plainly', async () => {
    const { core, fake, added, team, instance, notifier } = await withPlant();
    fake.setInstanceState(instance('line-1'), 'safe');
    await call(core, 'refresh', { accountId: added.id });
    const safe = await waitForRuntime(
      core,
      added.id,
      team.id,
      (each) => changeOf(each, 'line-1') !== null,
    );
    expect(changeOf(safe, 'line-1')).toMatchObject({ event: null, problem: 'safe' });
    await expect.poll(() => notifier.shown.length).toBe(1);
    expect(notifier.shown[0]).toMatchObject({
      title: 'line-1 safe',
      body: `Plant · ada @ 127.0.0.1:${fake.port}`,
    });
  });

  it('names the change before a failed start, by the failed start’s own time', async () => {
    const { core, fake, added, team, instance, ada } = await withPlant();
    // Ada changes line-1's settings; its next start fails (the platform suspends it).
    fake.recordAudit(instance('line-1'), 'project.settings.updated', ada.user);
    fake.failStart(instance('line-1'));
    await call(core, 'refresh', { accountId: added.id });
    const failed = await waitForRuntime(
      core,
      added.id,
      team.id,
      (each) => changeOf(each, 'line-1') !== null,
    );
    const change = changeOf(failed, 'line-1');
    expect(change).toMatchObject({
      event: 'project.settings.updated',
      by: 'ada',
      problem: 'start-failed',
    });
    const lastAction = failed.instances.find((each) => each.name === 'line-1')?.lastAction;
    expect(lastAction?.event).toBe('project.start-failed');
    expect(change?.problemAt).toBe(lastAction?.at);
  });

  it('tells a failed start with the change before it, as a crash is told', async () => {
    const { core, fake, added, team, instance, ada, notifier } = await withPlant();
    fake.recordAudit(instance('line-1'), 'project.settings.updated', ada.user);
    fake.failStart(instance('line-1'));
    await call(core, 'refresh', { accountId: added.id });
    await expect.poll(() => notifier.shown.length, { timeout: 10_000 }).toBe(1);
    expect(notifier.shown[0]).toMatchObject({
      title: 'line-1 failed to start',
      body: `Settings changed by you under a minute before the failed start\nPlant · ada @ 127.0.0.1:${fake.port}`,
      target: { accountId: added.id, teamId: team.id },
    });
  });

  it('is quiet when the read fails: logged by its code, the account stays fine', async () => {
    const { core, fake, added, team, instance, log } = await withPlant();
    fake.setFault({ kind: 'status', status: 500 }, { path: /\/audit-log$/ });
    fake.setInstanceState(instance('line-1'), 'crashed');
    await call(core, 'refresh', { accountId: added.id });
    await expect
      .poll(() => log.lines.some((line) => line.includes('change before')), { timeout: 10_000 })
      .toBe(true);
    const after = await state(core);
    const account = after.accounts.find((each) => each.id === added.id);
    expect(account?.status).toBe('ok');
    const runtime = account?.teams.find((each) => each.id === team.id)?.runtime;
    if (runtime === undefined) throw new Error('no team');
    expect(changeOf(runtime, 'line-1')).toBeNull();
    expect(log.lines.filter((line) => line.includes('change before')).join('\n')).not.toMatch(
      /audit-log|127\.0\.0\.1/,
    );
  });
});
