/**
 * An instance's last log lines, through the core against the fake server: read when an instance
 * turns to a problem (once, not again on a refresh that changed nothing), on demand through the
 * bridge (one read in flight per instance), "suspended" for a suspended one, a failure kept with
 * its lines; copied and opened in FlowFuse by main; never in the runtime cache, never in main's
 * own log file.
 */
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { call, state, waitForRuntime, withPlant } from '../../tests/support/core-calls';
import type { InstanceLog, TeamRuntime } from '../../common/state';

const logOf = (runtime: TeamRuntime, name: string): InstanceLog | null =>
  runtime.instances.find((each) => each.name === name)?.log ?? null;

/** Every file the core wrote in its folder, as one text. */
async function filesIn(dir: string): Promise<string> {
  const names = await readdir(dir, { recursive: true, withFileTypes: true });
  const texts = await Promise.all(
    names
      .filter((entry) => entry.isFile())
      .map((entry) => readFile(join(entry.parentPath, entry.name), 'utf8')),
  );
  return texts.join('\n');
}

describe('the log of an instance', () => {
  it('is read when an instance crashes, once; a refresh that changes nothing reads none', async () => {
    const { core, fake, added, team, instance } = await withPlant();
    const reads = () => fake.requests.filter((each) => each.path.includes('/logs'));
    // Nothing needs attention at first: no log is read.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads()).toHaveLength(0);

    fake.setInstanceState(instance('line-1'), 'crashed');
    await core.refreshAll();
    const crashed = await waitForRuntime(
      core,
      added.id,
      team.id,
      (each) => logOf(each, 'line-1')?.status === 'ok',
    );
    const log = logOf(crashed, 'line-1');
    expect(log?.lines.map((line) => line.level)).toContain('error');
    expect(log?.lines.at(-1)).toMatchObject({
      level: 'system',
      msg: 'Node-RED exited with code 1',
    });
    // A message of several lines keeps them.
    expect(log?.lines.find((line) => line.level === 'error')?.msg).toContain(
      'Uncaught Exception:\nTypeError',
    );
    expect(log?.fetchedAt).toBeGreaterThan(Date.now() - 60_000);
    expect(reads().map((each) => each.path)).toEqual([
      `/api/v1/projects/${instance('line-1').id}/logs?limit=30`,
    ]);

    await core.refreshAll();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(reads()).toHaveLength(1);
  });

  it('is read on demand: one read for two asks, suspended for a suspended instance', async () => {
    const { core, fake, added, team, instance } = await withPlant();
    const reads = () => fake.requests.filter((each) => each.path.includes('/logs')).length;
    const ref = { accountId: added.id, teamId: team.id, instanceId: instance('line-1').id };
    await Promise.all([call(core, 'readInstanceLog', ref), call(core, 'readInstanceLog', ref)]);
    expect(reads()).toBe(1);
    const running = await waitForRuntime(core, added.id, team.id, () => true);
    expect(logOf(running, 'line-1')).toMatchObject({ status: 'ok', error: null });
    expect(logOf(running, 'line-1')?.lines.at(-1)?.msg).toBe('Started flows');
    // Just read: a second click reads nothing more.
    await call(core, 'readInstanceLog', ref);
    expect(reads()).toBe(1);

    await call(core, 'readInstanceLog', { ...ref, instanceId: instance('line-1-ui').id });
    const suspended = await waitForRuntime(core, added.id, team.id, () => true);
    expect(logOf(suspended, 'line-1-ui')).toMatchObject({ status: 'suspended', lines: [] });

    await expect(
      call(core, 'readInstanceLog', { ...ref, instanceId: 'not-listed' }),
    ).rejects.toMatchObject({ code: 'not_found' });
  });

  it('keeps what was read when a read fails, and says why', async () => {
    const { core, fake, added, team, instance, log } = await withPlant();
    const ref = { accountId: added.id, teamId: team.id, instanceId: instance('line-1').id };
    await call(core, 'readInstanceLog', ref);
    fake.setFault({ kind: 'status', status: 500 }, { path: /\/logs$/ });
    // It crashes: the read that follows fails.
    fake.setInstanceState(instance('line-1'), 'crashed');
    await core.refreshAll();
    const runtime = await waitForRuntime(
      core,
      added.id,
      team.id,
      (each) => logOf(each, 'line-1')?.status === 'error',
    );
    const failed = logOf(runtime, 'line-1');
    expect(failed?.status).toBe('error');
    expect(failed?.error?.code).toBe('server_error');
    expect(failed?.lines.at(-1)?.msg).toBe('Started flows');
    expect(log.lines.some((line) => line.includes('instance log: could not read it'))).toBe(true);
    // The account itself is fine.
    const account = (await state(core)).accounts.find((each) => each.id === added.id);
    expect(account?.status).toBe('ok');
  });

  it('is copied and opened by main, never written to disk nor to main’s log', async () => {
    const plant = await withPlant();
    const { core, fake, added, team, instance, ada, shell, log, dir } = plant;
    const secret = 'line only the log holds <b>markup</b>';
    fake.setInstanceLog(instance('line-1'), [
      { level: 'info', msg: 'Started flows', msAgo: 60_000 },
      { level: 'error', msg: `${secret}\n  at second line`, msAgo: 0 },
    ]);
    const ref = { accountId: added.id, teamId: team.id, instanceId: instance('line-1').id };
    await call(core, 'readInstanceLog', ref);
    await call(core, 'copyInstanceLog', ref);
    expect(shell.copied).toHaveLength(1);
    expect(shell.copied[0]).toMatch(
      /^\d{4}-\d\d-\d\dT[\d:.]+Z \[info\] Started flows\n\S+ \[error\] line only the log holds <b>markup<\/b>\n {2}at second line\n$/,
    );
    await call(core, 'openInstance', { ...ref, page: 'logs' });
    expect(shell.opened).toEqual([
      new URL(`/instance/${instance('line-1').id}/logs`, fake.url).href,
    ]);

    // Suspended: nothing to copy, in words.
    const ui = { ...ref, instanceId: instance('line-1-ui').id };
    await call(core, 'readInstanceLog', ui);
    await expect(call(core, 'copyInstanceLog', ui)).rejects.toThrow('No log while');

    // Neither the caches nor main's log hold a line of it, nor the token (a read that changes
    // the team writes the runtime cache).
    fake.setInstanceState(instance('line-1'), 'stopped');
    await core.refreshAll();
    await waitForRuntime(core, added.id, team.id, (each) =>
      each.instances.some((one) => one.state === 'stopped'),
    );
    core.dispose();
    const written = await filesIn(dir);
    expect(written).toContain('line-1');
    expect(written).not.toContain('line only the log holds');
    const logged = log.lines.join('\n');
    expect(logged).not.toContain('line only the log holds');
    expect(logged).not.toContain('Started flows');
    expect(logged).not.toContain(ada.token);

    // After a restart the log is not known: it is read again when wanted.
    const next = await plant.restart();
    const runtime = await waitForRuntime(next, added.id, team.id, () => true);
    expect(runtime.instances.length).toBeGreaterThan(0);
    expect(logOf(runtime, 'line-1')).toBeNull();
  });
});
