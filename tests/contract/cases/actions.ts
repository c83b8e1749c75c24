/**
 * Instance actions (`POST /projects/:id/actions/{start,stop,restart,suspend}`): owners only
 * (members, viewers and dashboard users 403; outsiders 404), `{"status":"okay"}` on success, the
 * state each leaves behind, `starting` on the way up from suspended, and 400 `project_suspended`
 * for anything but start on a suspended instance. Each case acts on its own instance.
 */
import type { Actor, ContractCase, Expectation, Step } from '../case';
import { is } from '../shape';
import type { InstanceKey } from '../world-spec';
import { is403, is404 } from './common';

const ACTIONS = ['start', 'stop', 'restart', 'suspend'] as const;
const OKAY: Expectation = { status: 200, body: { status: 'okay' } };
/** Generous: the platform answers in well under a second, a loaded CI machine may not. */
const SETTLE_MS = 10_000;

const act = (instance: InstanceKey, action: string, as: Actor = 'alice') => ({
  method: 'POST' as const,
  path: `/api/v1/projects/{instance.${instance}}/actions/${action}`,
  as,
});

const stateIs = (instance: InstanceKey, state: string, within?: number): Step => ({
  request: { path: `/api/v1/projects/{instance.${instance}}`, as: 'alice' },
  expect: { status: 200, body: { meta: { state } } },
  ...(within === undefined ? {} : { within }),
});

const refusedToAll = (
  id: string,
  as: Actor,
  expect: Expectation,
  relies: string,
): ContractCase => ({
  id,
  relies,
  steps: [
    ...ACTIONS.map((action): Step => ({ request: act('running', action, as), expect })),
    stateIs('running', 'running'),
  ],
});

export const ACTION_CASES: readonly ContractCase[] = [
  refusedToAll(
    'actions/member-403',
    'bob',
    is403,
    'a member may not start, stop, restart or suspend: 403',
  ),
  refusedToAll('actions/viewer-403', 'carol', is403, 'a viewer may not act: 403'),
  refusedToAll('actions/dashboard-403', 'erin', is403, 'a dashboard-only member may not act: 403'),
  refusedToAll('actions/outsider-404', 'dave', is404, 'someone outside the team: 404'),
  {
    id: 'actions/stop-then-start',
    relies: 'an owner stops (state `stopped`) and starts again (`running`)',
    steps: [
      { request: act('toStop', 'stop'), expect: OKAY },
      stateIs('toStop', 'stopped', SETTLE_MS),
      { request: act('toStop', 'start'), expect: OKAY },
      stateIs('toStop', 'running', SETTLE_MS),
    ],
  },
  {
    id: 'actions/restart',
    relies: 'an owner restarts a running instance and it is `running` again',
    steps: [
      { request: act('toRestart', 'restart'), expect: OKAY },
      stateIs('toRestart', 'running', SETTLE_MS),
    ],
  },
  {
    id: 'actions/suspend',
    relies: 'an owner suspends: state `suspended`',
    steps: [
      { request: act('toSuspend', 'suspend'), expect: OKAY },
      stateIs('toSuspend', 'suspended', SETTLE_MS),
    ],
  },
  {
    id: 'actions/start-from-suspended',
    relies:
      'start on a suspended instance answers at once; the state is `starting`, then `running`',
    steps: [
      { request: act('toStart', 'start'), expect: OKAY },
      stateIs('toStart', 'starting'),
      stateIs('toStart', 'running', SETTLE_MS),
    ],
  },
  {
    id: 'actions/suspended-refuses-the-rest',
    relies: 'stop, restart or suspend on a suspended instance: 400 `project_suspended`, state kept',
    steps: [
      ...(['stop', 'restart', 'suspend'] as const).map((action): Step => ({
        request: act('suspended', action),
        expect: { status: 400, body: { code: 'project_suspended', error: is.text() } },
      })),
      stateIs('suspended', 'suspended'),
    ],
  },
  {
    id: 'actions/start-after-crash',
    relies: 'start on a crashed instance brings it back to `running`',
    steps: [
      { request: act('crashed', 'start'), expect: OKAY },
      stateIs('crashed', 'running', SETTLE_MS),
    ],
  },
];
