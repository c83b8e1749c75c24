/**
 * The fault matrix of the newer calls: every way a FlowFuse server can fail × {read a log, mark
 * a notification read}, and a hostile server's logs (huge, with control characters, with dates
 * no calendar holds), each through the real core's dispatch, over real HTTP, with real files and
 * a real cipher. Pins, snooze and quiet hours are saved in the same cells while the server fails:
 * they are main's own settings and must not care.
 *
 * Each cell asserts the typed error code (a log read answers at once; its failure is the log's
 * `error` in the model), that the settings file's accounts and token ciphertext are unchanged,
 * and that what the model holds of a log stays within its bounds with no control character.
 */
import { snoozeKey } from '../../common/pins';
import { describe, it, type ExpectStatic } from 'vitest';
import type { ErrorCode } from '../../common/errors';
import type { SavedAccountRef } from '../../common/contract';
import type { Instance } from '../../common/state';
import { DEFAULT_LOG_LINES, MAX_LOG_MESSAGE } from '../../main/flowfuse/activity-schemas';
import { seedUser, startFakeFlowFuse, type Fault, type FakeFlowFuse } from '../fake-server';
import { startTestCore } from '../support/test-core';
import { appState, call, Cleanups, ok, readSaved, waitForAccount } from './harness';

type Operation = 'log' | 'mark';

interface Row {
  readonly fault: string;
  readonly make: (other: FakeFlowFuse) => Fault;
  /** 'ok' where the fault is an answer the call can use; a hostile log is the log's alone. */
  readonly expected: Readonly<Partial<Record<Operation, ErrorCode | 'ok'>>>;
  /** The core's HTTP limits, when the default ones would decide instead. */
  readonly http?: { readonly timeoutMs: number; readonly totalTimeoutMs: number };
}

const both = (code: ErrorCode): Record<Operation, ErrorCode> => ({ log: code, mark: code });
const now = Date.now();
const entry = (i: number, fields: Record<string, unknown> = {}) => ({
  ts: `${now - 1000 + i}0000`,
  level: 'info',
  msg: `entry ${i}`,
  ...fields,
});

const ROWS: readonly Row[] = [
  { fault: 'hang', make: () => ({ kind: 'hang' }), expected: both('timeout') },
  { fault: 'reset', make: () => ({ kind: 'reset' }), expected: both('unreachable') },
  {
    fault: '500 (JSON)',
    make: () => ({ kind: 'status', status: 500 }),
    expected: both('server_error'),
  },
  {
    fault: 'a sign-in page (200, HTML)',
    make: () => ({ kind: 'html' }),
    expected: both('web_page'),
  },
  {
    fault: 'malformed JSON',
    make: () => ({ kind: 'malformed-json' }),
    expected: both('bad_response'),
  },
  // A mark-read's answer is not read (any object will do).
  {
    fault: 'wrong shape',
    make: () => ({ kind: 'wrong-shape' }),
    expected: { log: 'bad_response', mark: 'ok' },
  },
  {
    fault: '429, Retry-After 120 s',
    make: () => ({ kind: 'rate-limit', retryAfterSeconds: 120 }),
    expected: both('rate_limited'),
  },
  {
    fault: '401',
    make: () => ({
      kind: 'json',
      status: 401,
      body: { code: 'unauthorized', error: 'unauthorized' },
    }),
    expected: both('unauthorized'),
  },
  {
    fault: '404',
    make: () => ({ kind: 'json', status: 404, body: { code: 'not_found', error: 'Not Found' } }),
    expected: both('not_found'),
  },
  {
    fault: 'redirect to another origin',
    make: (other) => ({ kind: 'redirect', location: `${other.origin}/moved`, status: 307 }),
    expected: both('redirect_refused'),
  },
  // A hostile server: answers that parse, made to hurt.
  {
    // Under the 10 MB cap on a body: what is kept of it is the question.
    fault: 'hostile: a huge log (150 entries of 50 k)',
    make: () => ({
      kind: 'json',
      status: 200,
      body: { log: Array.from({ length: 150 }, (_, i) => entry(i, { msg: 'x'.repeat(50_000) })) },
    }),
    expected: { log: 'ok' },
    http: { timeoutMs: 15_000, totalTimeoutMs: 30_000 },
  },
  {
    fault: 'hostile: control characters and bidi',
    make: () => ({
      kind: 'json',
      status: 200,
      body: {
        log: [
          entry(1, {
            level: 'err\u001b[201~\u0000\u202e',
            msg: 'a\u0007b\u202ec\u2066',
            src: 's\u001b]0;x\u0007',
          }),
        ],
      },
    }),
    expected: { log: 'ok' },
  },
  {
    fault: 'hostile: far dates',
    make: () => ({
      kind: 'json',
      status: 200,
      body: { log: [entry(1, { ts: '9'.repeat(32) }), entry(2, { ts: '1'.repeat(20) })] },
    }),
    expected: { log: 'ok' },
  },
];

const HTTP = { timeoutMs: 2_000, totalTimeoutMs: 8_000 } as const;
// eslint-disable-next-line no-control-regex -- what must not be there
const HIDDEN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe.concurrent('fault matrix of the newer calls', () => {
  for (const row of ROWS) {
    for (const operation of ['log', 'mark'] as const) {
      const want = row.expected[operation];
      if (want === undefined) continue;
      it(`${row.fault} × ${operation} → ${want}`, { timeout: 60_000 }, async ({ expect }) => {
        const cleanups = new Cleanups();
        try {
          await runCell(row, operation, want, cleanups, expect);
        } finally {
          await cleanups.run();
        }
      });
    }
  }
});

async function runCell(
  row: Row,
  operation: Operation,
  want: ErrorCode | 'ok',
  cleanups: Cleanups,
  expect: ExpectStatic,
): Promise<void> {
  const fake = await startFakeFlowFuse({ notifications: true });
  cleanups.add(() => fake.close());
  const other = await startFakeFlowFuse();
  cleanups.add(() => other.close());
  const ada = seedUser(fake, {
    username: 'ada',
    teams: [
      {
        name: 'Plant',
        role: 50,
        runtime: { applications: [{ name: 'Line', instances: [{ name: 'line-1' }] }] },
      },
    ],
  });
  const notification = fake.addNotification(ada.user, {
    type: 'team-invite',
    data: { team: { name: 'Plant' } },
  });
  const tc = await startTestCore({ http: row.http ?? HTTP });
  cleanups.add(() => tc.close());
  const { core, dir } = tc;
  const added = await ok<SavedAccountRef>(core, 'addAccount', { url: fake.url, token: ada.token });
  const ready = await waitForAccount(
    core,
    added.id,
    (view) =>
      view.teams[0]?.runtime.status === 'ok' &&
      view.inbox.notifications.length === 1 &&
      // Which token it is, learnt and saved before the file is read (token health).
      view.tokenInfo !== null,
  );
  const team = ready.teams[0];
  const instance = team?.runtime.instances[0];
  if (team === undefined || instance === undefined) throw new Error('seed');
  const saved = readSaved(dir);

  fake.setFault(row.make(other), operation === 'log' ? { path: /\/logs$/ } : { method: 'PUT' });
  // Pins, snooze and quiet hours are saved while the server fails, untouched by it.
  const far = Number.MAX_SAFE_INTEGER;
  // As the popover sends them: what the user did, one intent at a time.
  await ok(core, 'changePins', {
    kind: 'pin',
    pin: { accountId: added.id, kind: 'instance', id: instance.id, name: instance.name },
  });
  await ok(core, 'changePins', {
    kind: 'snooze',
    key: snoozeKey(added.id, 'instance', instance.id),
  });
  await ok(core, 'changePins', { kind: 'quiet', until: far });

  if (operation === 'log') {
    const ref = { accountId: added.id, teamId: team.id, instanceId: instance.id };
    // The read answers at once; what it found is the log's, in the model.
    expect(await call(core, 'readInstanceLog', ref)).toEqual({ ok: true, value: null });
    const view = await waitForAccount(
      core,
      added.id,
      (each) => {
        const log = each.teams[0]?.runtime.instances[0]?.log;
        return log !== null && log !== undefined && log.status !== 'loading';
      },
      20_000,
    );
    const log = (view.teams[0]?.runtime.instances[0] as Instance).log;
    if (want === 'ok') {
      expect(log?.status).toBe('ok');
      expect(log?.lines.length).toBeLessThanOrEqual(DEFAULT_LOG_LINES);
      for (const line of log?.lines ?? []) {
        expect(line.msg.length).toBeLessThanOrEqual(MAX_LOG_MESSAGE);
        for (const text of [line.level ?? '', line.msg, line.src ?? '']) {
          expect(text.replace(/[\n\t]/g, ' ')).not.toMatch(HIDDEN);
        }
      }
      // Copy log works whatever the dates said, and copies no control either.
      expect(await call(core, 'copyInstanceLog', ref)).toEqual({ ok: true, value: null });
      expect((tc.shell.copied.at(-1) ?? '').replace(/[\n]/g, ' ')).not.toMatch(HIDDEN);
    } else {
      expect(log?.status).toBe('error');
      expect(log?.error?.code).toBe(want);
    }
  } else {
    const result = await call(core, 'markNotificationsRead', {
      accountId: added.id,
      ids: [notification.id],
    });
    expect(result.ok ? 'ok' : result.error.code).toBe(want);
  }

  // The saved account and its token ciphertext are as they were; the settings saved are kept.
  const after = readSaved(dir);
  expect(after.accounts).toEqual(saved.accounts);
  expect(after.secrets).toEqual(saved.secrets);
  const settings = (await appState(core)).settings;
  expect(settings.quietUntil).toBe(far);
  expect(settings.pins).toHaveLength(1);
  expect(Object.keys(settings.snoozed)).toEqual([snoozeKey(added.id, 'instance', instance.id)]);
}
