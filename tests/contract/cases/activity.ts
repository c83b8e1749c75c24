/**
 * Why and who: an instance's log (`GET /projects/:id/logs`, oldest first, the newest 30 unless
 * `limit` says otherwise, `meta.previous_cursor` to page back; 400 `project_suspended` while
 * suspended) and its audit log (`GET /projects/:id/audit-log`, newest first: who started, stopped
 * or suspended it, and the platform's own `project.start-failed`). Viewers may read both.
 */
import { exchange, type CaseTools, type ContractCase, type Step } from '../case';
import { is } from '../shape';
import type { InstanceKey } from '../world-spec';
import { is403, is404 } from './common';

const logsOf = (instance: InstanceKey): string => `/api/v1/projects/{instance.${instance}}/logs`;
const auditOf = (instance: InstanceKey): string =>
  `/api/v1/projects/{instance.${instance}}/audit-log`;

/** `ts` is epoch ms as text (a launcher adds 4 digits of counter after it). */
const TS = /^\d{13,}$/;
const entry = {
  ts: is.matching(TS),
  level: is.text(),
  msg: is.string(),
  src: is.optional(is.string()),
};

interface LogBody {
  readonly meta: { readonly next_cursor?: unknown; readonly previous_cursor?: unknown };
  readonly log: readonly { readonly ts: string; readonly msg: string }[];
}

/** The default read, a page of 2 (the newest two), and the page before it. */
async function pageBack(t: CaseTools): Promise<void> {
  const full = (
    await t.step({
      request: { path: logsOf('crashed'), as: 'carol' },
      expect: { status: 200, body: { log: is.arrayOf(entry) } },
    })
  ).body as LogBody;
  t.require(full.log.length >= 3, 'at least 3 entries', String(full.log.length));
  const times = full.log.map((line) => BigInt(line.ts));
  const ascending = times.every((ts, i) => i === 0 || (times[i - 1] ?? ts) <= ts);
  t.require(ascending, 'entries oldest first', full.log.map((line) => line.ts).join(', '));

  const page = (
    await t.step({
      request: { path: `${logsOf('crashed')}?limit=2`, as: 'carol' },
      expect: {
        status: 200,
        body: {
          meta: { previous_cursor: is.matching(/^-\d+$/), next_cursor: is.matching(/^\d+$/) },
          log: is.arrayOf(entry, 2),
        },
      },
    })
  ).body as LogBody;
  const newest = full.log.slice(-2).map((line) => line.msg);
  const paged = page.log.map((line) => line.msg);
  t.require(
    paged.join('|') === newest.join('|'),
    `the newest two: ${JSON.stringify(newest)}`,
    JSON.stringify(paged),
  );
  t.require(
    page.meta.next_cursor === page.log[1]?.ts,
    '`next_cursor` is the last entry’s ts',
    String(page.meta.next_cursor),
  );

  const cursor = String(page.meta.previous_cursor);
  const older = (
    await t.step({
      request: {
        path: `${logsOf('crashed')}?limit=2&cursor=${encodeURIComponent(cursor)}`,
        as: 'carol',
      },
      expect: { status: 200, body: { log: is.arrayOf(entry) } },
    })
  ).body as LogBody;
  const before = BigInt(cursor.slice(1));
  // 2.4.0 pages back one entry more than asked when the cursor matches exactly.
  t.require(
    older.log.length >= 1 && older.log.length <= 3,
    '1 to 3 older entries',
    String(older.log.length),
  );
  t.require(
    older.log.every((line) => BigInt(line.ts) < before),
    `every entry older than ${cursor}`,
    older.log.map((line) => line.ts).join(', '),
  );
}

/** The events that change whether an instance runs, as a repeated query parameter. */
const ACTION_EVENTS = ['started', 'stopped', 'restarted', 'suspended', 'start-failed']
  .map((event) => `event=project.${event}`)
  .join('&');

/**
 * The changes that can explain a crash (a deploy, settings, nodes, the stack, a rollback), as
 * Teamtray asks for them (main/flowfuse/change-calls.ts), with the problems they come before.
 */
const CHANGE_EVENTS = [
  'flows.set',
  'project.settings.updated',
  'nodes.install',
  'nodes.remove',
  'project.stack.changed',
  'project.snapshot.rolled-back',
  'crashed',
  'safe-mode',
  'project.start-failed',
]
  .map((event) => `event=${encodeURIComponent(event)}`)
  .join('&');

const userEvent = (event: string, username: 'alice' | 'bob') => ({
  event,
  username,
  createdAt: is.isoDate(),
  trigger: { id: is.ref(`user.${username}`), type: 'user', name: username },
});

const auditIs = (instance: InstanceKey, within?: number, ...events: string[]): Step => ({
  request: { path: auditOf(instance), as: 'carol' },
  expect: {
    status: 200,
    body: { log: is.startsWith(...events.map((event) => userEvent(event, 'alice'))) },
  },
  ...(within === undefined ? {} : { within }),
});

export const LOG_CASES: readonly ContractCase[] = [
  exchange(
    'logs/entries',
    '`/projects/:id/logs` gives `{meta, log: [{ts, level, msg, src}]}` to a viewer',
    { path: logsOf('crashed'), as: 'carol' },
    {
      status: 200,
      body: { meta: { next_cursor: is.matching(/^\d+$/) }, log: is.arrayOf(entry) },
    },
  ),
  exchange(
    'logs/levels-and-lines',
    'entries carry their level (`error` among them) and a message may span several lines',
    { path: logsOf('crashed'), as: 'alice' },
    {
      status: 200,
      body: { log: is.arrayWith({ level: 'error', msg: is.text() }, { msg: is.matching(/\n/) }) },
    },
  ),
  {
    id: 'logs/pages',
    relies: 'oldest first; `limit` gives the newest N; `previous_cursor` pages back',
    script: pageBack,
  },
  exchange(
    'logs/suspended-400',
    'a suspended instance has no log: 400 `project_suspended`',
    { path: logsOf('suspended'), as: 'alice' },
    { status: 400, body: { code: 'project_suspended', error: 'Project suspended' } },
  ),
  exchange(
    'logs/dashboard-403',
    'a dashboard-only member cannot read the log: 403',
    { path: logsOf('crashed'), as: 'erin' },
    is403,
  ),
  exchange(
    'logs/outsider-404',
    'someone outside the team: 404',
    { path: logsOf('crashed'), as: 'dave' },
    is404,
  ),
];

export const AUDIT_CASES: readonly ContractCase[] = [
  exchange(
    'audit/stopped-by',
    'the audit log is newest first: a stopped instance’s says who stopped it, and when',
    { path: auditOf('stopped'), as: 'carol' },
    {
      status: 200,
      body: {
        meta: is.object(),
        count: is.count(),
        log: is.startsWith({
          ...userEvent('project.stopped', 'alice'),
          id: is.text(),
          scope: { id: is.ref('instance.stopped'), type: 'project' },
          body: { project: { id: is.ref('instance.stopped'), name: 'alpha-stopped' } },
        }),
      },
    },
  ),
  exchange(
    'audit/created-by',
    'a new instance’s log starts with `project.created` and its author',
    { path: auditOf('running'), as: 'carol' },
    { status: 200, body: { log: is.arrayWith(userEvent('project.created', 'alice')) } },
  ),
  exchange(
    'audit/suspended-by',
    'a suspended instance’s audit log still answers (its log does not), and says who suspended it',
    { path: auditOf('suspended'), as: 'carol' },
    { status: 200, body: { log: is.startsWith(userEvent('project.suspended', 'alice')) } },
  ),
  exchange(
    'audit/start-failed',
    'a failed start is the platform’s own entry: `project.start-failed`, user "FlowFuse Platform"',
    { path: auditOf('failed'), as: 'alice' },
    {
      status: 200,
      body: {
        log: is.startsWith(
          {
            event: 'project.start-failed',
            username: 'FlowFuse Platform',
            createdAt: is.isoDate(),
            trigger: { id: 'system', type: 'system', name: 'FlowFuse Platform' },
            body: { error: { code: is.text(), message: is.text() } },
          },
          userEvent('project.created', 'alice'),
        ),
      },
    },
  ),
  {
    id: 'audit/pages',
    relies: '`limit` and `cursor` page back; `count` is the entries from the cursor on, not all',
    steps: [
      {
        request: { path: `${auditOf('stopped')}?limit=1`, as: 'carol' },
        expect: {
          status: 200,
          body: {
            meta: { next_cursor: is.text() },
            count: 2,
            log: is.arrayOf({ event: 'project.stopped' }, 1),
          },
        },
        save: { cursor: 'meta.next_cursor' },
      },
      {
        request: { path: `${auditOf('stopped')}?limit=1&cursor={var.cursor}`, as: 'carol' },
        expect: {
          status: 200,
          body: { count: 1, log: is.arrayOf({ event: 'project.created' }, 1) },
        },
      },
    ],
  },
  {
    id: 'audit/event-filter',
    relies: '`event` (repeatable) keeps only those events: `limit=1` gives the last action',
    steps: [
      {
        request: { path: `${auditOf('stopped')}?limit=1&${ACTION_EVENTS}`, as: 'carol' },
        expect: {
          status: 200,
          body: { count: 1, log: is.arrayOf(userEvent('project.stopped', 'alice'), 1) },
        },
      },
      {
        request: { path: `${auditOf('running')}?limit=1&${ACTION_EVENTS}`, as: 'carol' },
        expect: { status: 200, body: { meta: {}, count: 0, log: is.arrayOf({}, 0) } },
      },
      {
        request: { path: `${auditOf('failed')}?limit=1&${ACTION_EVENTS}`, as: 'alice' },
        expect: {
          status: 200,
          body: {
            log: is.arrayOf({ event: 'project.start-failed', username: 'FlowFuse Platform' }, 1),
          },
        },
      },
    ],
  },
  {
    id: 'audit/change-before-crash',
    relies:
      '`event` keeps a deploy (`flows.set`, as Node-RED reports it) and a settings change, newest first, each with its author; an instance with none answers an empty list',
    steps: [
      {
        request: { path: `${auditOf('crashed')}?limit=10&${CHANGE_EVENTS}`, as: 'carol' },
        expect: {
          status: 200,
          body: {
            count: 2,
            log: is.startsWith(
              { ...userEvent('flows.set', 'alice'), body: { flowsSet: { type: 'full' } } },
              userEvent('project.settings.updated', 'alice'),
            ),
          },
        },
      },
      {
        request: {
          path: `${auditOf('crashed')}?limit=1&event=project.settings.updated`,
          as: 'carol',
        },
        expect: {
          status: 200,
          body: { count: 1, log: is.arrayOf(userEvent('project.settings.updated', 'alice'), 1) },
        },
      },
      {
        request: { path: `${auditOf('running')}?limit=10&${CHANGE_EVENTS}`, as: 'carol' },
        expect: { status: 200, body: { meta: {}, count: 0, log: is.arrayOf({}, 0) } },
      },
    ],
  },
  exchange(
    'audit/dashboard-403',
    'a dashboard-only member cannot read the audit log: 403',
    { path: auditOf('stopped'), as: 'erin' },
    is403,
  ),
  exchange(
    'audit/outsider-404',
    'someone outside the team: 404',
    { path: auditOf('stopped'), as: 'dave' },
    is404,
  ),
];

/** Runs after the actions: each left its entry, with the owner who took it. */
export const AUDIT_AFTER_ACTION_CASES: readonly ContractCase[] = [
  {
    id: 'audit/actions-recorded',
    relies: 'each action writes its event with its author: started, stopped, restarted, suspended',
    steps: [
      auditIs('toStop', undefined, 'project.started', 'project.stopped'),
      auditIs('toRestart', undefined, 'project.restarted'),
      auditIs('toSuspend', undefined, 'project.suspended'),
      // From suspended, `project.started` is written once the driver has started it.
      auditIs('toStart', 10_000, 'project.started', 'project.suspended'),
    ],
  },
];
