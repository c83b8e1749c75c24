/**
 * Server text cleaned once, where it is parsed (common/text.ts, cleanServerText), through the
 * core against the fake server: names, the last actor, log lines, inbox titles and the user's
 * own name keep no control character (but a log message's line breaks and tabs), no bidi
 * control and no invisible filler, anywhere in the model the renderer gets or in the tray's
 * summary. "stopped by eve\u202Enimda" must not read "stopped by eveadmin".
 */
import { describe, expect, it } from 'vitest';
import type { SavedAccountRef } from '../common/contract';
import { seedUser, startFakeFlowFuse } from '../tests/fake-server';
import { call, state, testCore, waitForAccount, waitForRuntime } from '../tests/support/core-calls';
import { afterEach } from 'vitest';

// Every C0 and C1 control and DEL (a log message's \n and \t aside), the bidi controls and the
// invisible fillers.
const HIDDEN =
  // eslint-disable-next-line no-control-regex -- the controls are what must not be there
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff\u3164]/u;

/** Every string in `value`, with where it is. */
function strings(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value))
    return value.flatMap((each, index) => strings(each, `${path}[${index}]`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, each]) => strings(each, `${path}.${key}`));
  }
  return [];
}

const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  while (servers.length > 0) await servers.pop()?.close();
});

describe('core: server text as the popover gets it', () => {
  it('keeps no control, bidi control or invisible filler from any name, log line or notification', async () => {
    const fake = await startFakeFlowFuse({ notifications: true });
    servers.push(fake);
    const eve = { id: 'eve-id', username: 'eve\u202enimda' };
    const ada = seedUser(fake, {
      username: 'ada\u2066\u200b\u0007',
      teams: [
        {
          name: 'Plant\u202e\u0000 One',
          role: 50,
          runtime: {
            applications: [
              {
                name: 'Lines\u061c\u3164',
                instances: [
                  { name: 'line\u202e-1\u001b[2J', state: 'stopped', by: eve },
                  { name: 'pump\u200f\ufeff', state: 'crashed' },
                ],
              },
            ],
            devices: [{ name: 'press\u2067-01\u0085' }],
          },
        },
      ],
    });
    const [plant] = ada.runtimes;
    const crashed = plant?.instances[1];
    if (crashed === undefined) throw new Error('seed');
    fake.setInstanceLog(crashed, [
      { level: 'error\u202e\u001b', msg: 'boom\u202e\u0007 at\n\tline 2', src: 'launcher\u2066' },
    ]);
    fake.addNotification(ada.user, {
      type: 'instance-crashed\u0007\u202e',
      data: { instance: { id: crashed.id, name: 'pump\u202e\u001b]0;title\u0007' } },
    });

    const { core } = await testCore();
    const added = await call<SavedAccountRef>(core, 'addAccount', {
      url: fake.url,
      token: ada.token,
    });
    const team = ada.teams[0];
    if (team === undefined) throw new Error('seed');
    await waitForRuntime(
      core,
      added.id,
      team.id,
      (each) =>
        each.instances.some((one) => one.log?.status === 'ok') &&
        each.instances.some((one) => one.lastAction !== null),
    );
    const account = await waitForAccount(
      core,
      added.id,
      (each) => each.inbox.notifications.length === 1,
    );

    // What the user reads, cleaned.
    expect(account.username).toBe('ada ');
    expect(account.teams[0]?.name).toBe('Plant  One');
    const instances = account.teams[0]?.runtime.instances ?? [];
    expect(instances.map((one) => one.name)).toEqual(['line-1 [2J', 'pump']);
    expect(instances[0]?.lastAction?.by).toBe('evenimda');
    expect(instances[0]?.application).toBe('Lines');
    expect(instances[1]?.log?.lines.at(-1)).toMatchObject({
      level: 'error ',
      msg: 'boom  at\n\tline 2',
      src: 'launcher',
    });
    expect(account.teams[0]?.runtime.devices[0]?.name).toBe('press-01 ');
    expect(account.inbox.notifications[0]?.type).toBe('instance-crashed ');
    expect(account.inbox.notifications[0]?.title).not.toMatch(HIDDEN);

    // And nowhere else in the model, nor in the tray's summary.
    const hidden = [...strings(await state(core)), ...strings(core.traySummary())].filter(
      ([path, text]) =>
        // A log message keeps its line breaks and tabs; nothing else does.
        HIDDEN.test(path.endsWith('.msg') ? text.replace(/[\n\t]/g, ' ') : text),
    );
    expect(hidden.map(([path, text]) => [path, JSON.stringify(text)])).toEqual([]);
  });
});
