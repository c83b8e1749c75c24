/**
 * A hostile or broken server's logs, through the core against the fake server: what main holds of
 * them is bounded however many instances are in trouble and however much each log says (the
 * lines asked for, each message clipped, a bounded number of logs held per account, a few read
 * unasked per team read), and a log line's level and time cannot carry controls into the popover
 * or break Copy log.
 */
import { describe, expect, it } from 'vitest';
import type { SavedAccountRef } from '../../common/contract';
import type { Instance, TeamRuntime } from '../../common/state';
import { seedUser } from '../../tests/fake-server';
import { call, server, testCore, waitForRuntime } from '../../tests/support/core-calls';
import { DEFAULT_LOG_LINES, MAX_LOG_MESSAGE } from '../flowfuse/activity-schemas';
import { MAX_LOGS_HELD } from '../model/transitions';
import { UNASKED_READS } from './instance-logs';

const CRASHED = 60;

/** A team of `count` crashed instances, and a core with its account added and its runtime read. */
async function crashedFleet(count: number, log: unknown) {
  const fake = await server();
  const ada = seedUser(fake, {
    username: 'ada',
    teams: [
      {
        name: 'Fleet',
        role: 50,
        runtime: {
          applications: [
            {
              name: 'Lines',
              instances: Array.from({ length: count }, (_, i) => ({
                name: `line-${i}`,
                state: 'crashed' as const,
              })),
            },
          ],
        },
      },
    ],
  });
  // Every log of this server is the same hostile page.
  fake.setFault({ kind: 'json', status: 200, body: log }, { path: /\/logs$/ });
  const { core, shell } = await testCore();
  const added = await call<SavedAccountRef>(core, 'addAccount', {
    url: fake.url,
    token: ada.token,
  });
  const team = ada.teams[0];
  if (team === undefined) throw new Error('seed');
  const runtime = await waitForRuntime(core, added.id, team.id, (each) => each.status === 'ok');
  const reads = () => fake.requests.filter((each) => each.path.endsWith('/logs?limit=30')).length;
  return { fake, core, shell, added, team, runtime, reads };
}

const logSize = (runtime: TeamRuntime): number =>
  runtime.instances.reduce((size, each) => size + JSON.stringify(each.log ?? '').length, 0);
const held = (runtime: TeamRuntime): Instance[] =>
  runtime.instances.filter((each) => (each.log?.lines.length ?? 0) > 0);

describe('logs from a server with many crashed instances and huge logs', () => {
  it('reads a few unasked, keeps 30 clipped lines each, and holds a bounded number of logs', async () => {
    const now = Date.now();
    // 200 entries of 5,000 characters: about 1 MB a log.
    const huge = {
      meta: {},
      log: Array.from({ length: 200 }, (_, i) => ({
        ts: `${now - 200 + i}0000`,
        level: 'error',
        msg: `${'x'.repeat(4990)} entry ${i}`,
      })),
    };
    const { core, added, team, reads, runtime } = await crashedFleet(CRASHED, huge);
    const settled = async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return waitForRuntime(core, added.id, team.id, (each) =>
        each.instances.every((one) => one.log?.status !== 'loading'),
      );
    };
    expect(runtime.instances).toHaveLength(CRASHED);
    let after = await settled();
    // One team read: a few logs read unasked, not one per crashed instance.
    expect(reads()).toBe(UNASKED_READS);
    for (const instance of held(after)) {
      expect(instance.log?.lines).toHaveLength(DEFAULT_LOG_LINES);
      for (const line of instance.log?.lines ?? []) {
        expect(line.msg.length).toBeLessThanOrEqual(MAX_LOG_MESSAGE);
      }
      // The newest entries are the ones kept.
      expect(instance.log?.lines.at(-1)?.msg).toMatch(/^x+$/);
    }

    // The user opens thirty rows, one after the other: each is read, the oldest are let go.
    const opened = after.instances.slice(CRASHED - 30);
    const everRead = new Set([...held(after), ...opened].map((each) => each.id));
    for (const instance of opened) {
      await call(core, 'readInstanceLog', {
        accountId: added.id,
        teamId: team.id,
        instanceId: instance.id,
      });
    }
    after = await settled();
    expect(held(after)).toHaveLength(MAX_LOGS_HELD);
    expect(after.instances.filter((each) => each.log?.status === 'released').length).toBe(
      everRead.size - MAX_LOGS_HELD,
    );
    // What main holds (and the renderer gets) of all these logs: well under a megabyte.
    expect(logSize(after)).toBeLessThan(1024 * 1024);

    // A released log is read again when asked.
    const released = after.instances.find((each) => each.log?.status === 'released');
    if (released === undefined) throw new Error('none released');
    await call(core, 'readInstanceLog', {
      accountId: added.id,
      teamId: team.id,
      instanceId: released.id,
    });
    after = await settled();
    expect(after.instances.find((each) => each.id === released.id)?.log?.status).toBe('ok');
    expect(held(after)).toHaveLength(MAX_LOGS_HELD);
  });

  it('cleans a line’s level, and copies a line whose time no date holds as the server sent it', async () => {
    const now = Date.now();
    const far = '9'.repeat(30);
    const hostile = {
      meta: {},
      log: [
        { ts: `${now - 2}0000`, level: 'info', msg: 'Started flows' },
        // ESC [201~ ends a terminal's bracketed paste; BEL, NUL and a right-to-left override.
        { ts: `${now - 1}0000`, level: 'err\u001b[201~\u0007\u0000\u202eor', msg: 'boom' },
        { ts: far, level: 'warn', msg: 'from the far future' },
      ],
    };
    const { core, shell, added, team } = await crashedFleet(1, hostile);
    const runtime = await waitForRuntime(
      core,
      added.id,
      team.id,
      (each) => each.instances[0]?.log?.status === 'ok',
    );
    const instance = runtime.instances[0];
    if (instance === undefined) throw new Error('seed');
    const levels = instance.log?.lines.map((line) => line.level);
    expect(levels).toEqual(['info', 'err [201~  or', 'warn']);
    await call(core, 'copyInstanceLog', {
      accountId: added.id,
      teamId: team.id,
      instanceId: instance.id,
    });
    const copied = shell.copied.at(-1) ?? '';
    // eslint-disable-next-line no-control-regex -- the controls are what must not be there
    expect(copied).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
    expect(copied.split('\n')).toEqual([
      expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z \[info\] Started flows$/),
      expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z \[err \[201~ {2}or\] boom$/),
      `${far} [warn] from the far future`,
      '',
    ]);
  });
});
