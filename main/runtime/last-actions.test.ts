/**
 * Who last acted on an instance, through the core against the fake server: read when an
 * instance is found stopped or suspended (once for each on the first read, then only when one
 * turns so), never on a refresh that changed nothing, and quiet when the read fails.
 */
import { describe, expect, it } from 'vitest';
import { state, waitForRuntime, withPlant } from '../../tests/support/core-calls';
import type { TeamRuntime } from '../../common/state';
import { lastActionOf } from './last-actions';

const BOB = { id: 'u-bob', username: 'bob' };

const lastOf = (runtime: TeamRuntime, name: string) =>
  runtime.instances.find((each) => each.name === name)?.lastAction ?? null;

describe('the last action on an instance', () => {
  it('is read for what the first read finds suspended, then for what turns stopped, no more', async () => {
    const { core, fake, added, team, instance, log } = await withPlant();
    const audits = () => fake.requests.filter((each) => each.path.includes('/audit-log'));
    // The first read: line-1-ui is suspended (by ada, who seeded it); line-1 runs.
    const first = await waitForRuntime(
      core,
      added.id,
      team.id,
      (each) => lastOf(each, 'line-1-ui') !== null,
    );
    expect(lastOf(first, 'line-1-ui')).toMatchObject({ event: 'project.suspended', by: 'ada' });
    expect(lastOf(first, 'line-1')).toBeNull();
    expect(audits().map((each) => each.path)).toEqual([
      `/api/v1/projects/${instance('line-1-ui').id}/audit-log?limit=1&event=project.started&event=project.stopped&event=project.restarted&event=project.suspended&event=project.start-failed`,
    ]);

    // Bob stops line-1 in FlowFuse's web UI: the next refresh finds it stopped and reads who.
    fake.runtime.act(instance('line-1'), 'stop', BOB);
    await core.refreshAll();
    const stopped = await waitForRuntime(
      core,
      added.id,
      team.id,
      (each) => lastOf(each, 'line-1') !== null,
    );
    expect(lastOf(stopped, 'line-1')).toMatchObject({ event: 'project.stopped', by: 'bob' });
    expect(lastOf(stopped, 'line-1')?.at).toBeGreaterThan(Date.now() - 60_000);
    expect(audits()).toHaveLength(2);

    // A refresh that changes nothing reads no audit log.
    await core.refreshAll();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(audits()).toHaveLength(2);

    // A failed read is quiet: logged, the last known action stays, the account is fine.
    fake.runtime.act(instance('line-1'), 'start', BOB);
    await core.refreshAll();
    fake.setFault({ kind: 'status', status: 500 }, { path: /\/audit-log$/ });
    fake.runtime.act(instance('line-1'), 'stop', { id: 'u-cy', username: 'cy' });
    await core.refreshAll();
    await expect
      .poll(() => log.lines.some((line) => line.includes('last action')), { timeout: 10_000 })
      .toBe(true);
    const after = await state(core);
    const account = after.accounts.find((each) => each.id === added.id);
    expect(account?.status).toBe('ok');
    const runtime = account?.teams.find((each) => each.id === team.id)?.runtime;
    if (runtime === undefined) throw new Error('no team');
    expect(lastOf(runtime, 'line-1')).toMatchObject({ event: 'project.stopped', by: 'bob' });
    expect(runtime.status).toBe('ok');
  });

  it('after a restart, reads only what changed while Teamtray was closed', async () => {
    const plant = await withPlant();
    const { core, fake, added, team, instance } = plant;
    const audits = () => fake.requests.filter((each) => each.path.includes('/audit-log')).length;
    await waitForRuntime(core, added.id, team.id, (each) => lastOf(each, 'line-1-ui') !== null);
    expect(audits()).toBe(1);
    // While Teamtray is closed, bob stops line-1; line-1-ui stays suspended.
    const next = await plant.restart();
    fake.runtime.act(instance('line-1'), 'stop', BOB);
    await next.refreshAll();
    await waitForRuntime(next, added.id, team.id, (each) => lastOf(each, 'line-1') !== null);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // line-1's stop is read; line-1-ui's suspension is known from the cache and not read again.
    expect(audits()).toBe(2);
    const runtime = await waitForRuntime(next, added.id, team.id, () => true);
    expect(lastOf(runtime, 'line-1-ui')).toMatchObject({ event: 'project.suspended', by: 'ada' });
  });

  it('keeps the platform as no user, and a failed start without an author', () => {
    const base = { id: 'e1', at: 5, error: null };
    expect(
      lastActionOf({ ...base, event: 'project.stopped', actor: { kind: 'platform' } }),
    ).toEqual({ event: 'project.stopped', at: 5, by: null });
    expect(lastActionOf({ ...base, event: 'project.start-failed', actor: null })).toEqual({
      event: 'project.start-failed',
      at: 5,
      by: null,
    });
    // A stop nobody is named for says nothing about who.
    expect(lastActionOf({ ...base, event: 'project.stopped', actor: null })).toBeNull();
  });
});
