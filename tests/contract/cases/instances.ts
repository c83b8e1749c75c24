/**
 * Hosted instances, read-only: the team's instances (names, editor URLs, applications), its
 * applications, the bulk status call (states grouped by application) and one instance with its
 * state under `meta.state`. Viewers and up may read; a dashboard-only role gets 403; someone
 * outside the team gets 404.
 */
import { exchange, type ContractCase } from '../case';
import { is } from '../shape';
import { is403, is404 } from './common';

const ALPHA = '/api/v1/teams/{team.alpha}';
const UNKNOWN_INSTANCE = '00000000-0000-4000-8000-000000000000';

const listed = (ref: 'running' | 'crashed' | 'suspended', app: 'alphaApp' | 'alphaTools') => ({
  id: is.ref(`instance.${ref}`),
  name: `alpha-${ref}`,
  url: `http://alpha-${ref}.example.com`,
  application: { id: is.ref(`app.${app}`), name: app === 'alphaApp' ? 'Alpha App' : 'Alpha Tools' },
});

const state = (ref: 'running' | 'stopped' | 'crashed' | 'suspended') => ({
  id: is.ref(`instance.${ref}`),
  meta: { state: ref },
});

export const INSTANCE_CASES: readonly ContractCase[] = [
  exchange(
    'instances/team-list',
    '`/teams/:id/projects` lists every instance with its id, name, editor URL and application',
    { path: `${ALPHA}/projects`, as: 'alice' },
    {
      status: 200,
      body: {
        count: 8,
        projects: is.arrayOf(
          {
            id: is.text(),
            name: is.text(),
            url: is.optional(is.text()),
            application: { id: is.text(), name: is.string() },
          },
          8,
        ),
      },
    },
  ),
  exchange(
    'instances/team-list-items',
    'the list names each instance and its application',
    { path: `${ALPHA}/projects`, as: 'carol' },
    {
      status: 200,
      body: {
        projects: is.arrayWith(
          listed('running', 'alphaApp'),
          listed('crashed', 'alphaApp'),
          listed('suspended', 'alphaTools'),
        ),
      },
    },
  ),
  exchange(
    'instances/dashboard-role-403',
    'a dashboard-only member cannot list instances: 403 (shown as "not visible")',
    { path: `${ALPHA}/projects`, as: 'erin' },
    is403,
  ),
  exchange(
    'instances/outsider-404',
    'someone outside the team: 404',
    { path: `${ALPHA}/projects`, as: 'dave' },
    is404,
  ),
  exchange(
    'instances/applications',
    '`/teams/:id/applications` gives each application with its instances and assigned devices',
    { path: `${ALPHA}/applications`, as: 'alice' },
    {
      status: 200,
      body: {
        count: 2,
        applications: is.arrayWith(
          {
            id: is.ref('app.alphaApp'),
            name: 'Alpha App',
            instances: is.arrayWith(
              { id: is.ref('instance.running'), name: 'alpha-running', url: is.text() },
              { id: is.ref('instance.crashed'), name: 'alpha-crashed' },
            ),
            devices: is.arrayWith({
              id: is.ref('device.gateway'),
              name: 'alpha-gw-1',
              status: 'running',
              lastSeenAt: is.isoDate(),
            }),
          },
          {
            id: is.ref('app.alphaTools'),
            name: 'Alpha Tools',
            instances: is.arrayWith({ id: is.ref('instance.suspended'), name: 'alpha-suspended' }),
            devices: is.arrayWith({ id: is.ref('device.lost'), name: 'alpha-lost' }),
          },
        ),
      },
    },
  ),
  exchange(
    'instances/bulk-status',
    '`/applications/status` gives every instance’s `meta.state` (and assigned devices), by application',
    { path: `${ALPHA}/applications/status`, as: 'carol' },
    {
      status: 200,
      body: {
        count: 2,
        applications: is.arrayWith(
          {
            id: is.ref('app.alphaApp'),
            instances: is.arrayWith(state('running'), state('stopped'), state('crashed')),
            devices: is.arrayWith({
              id: is.ref('device.gateway'),
              lastSeenAt: is.isoDate(),
              lastSeenMs: is.below(90_000),
              status: 'running',
            }),
          },
          {
            id: is.ref('app.alphaTools'),
            instances: is.arrayWith(state('suspended')),
            devices: is.arrayWith({ id: is.ref('device.lost'), lastSeenMs: is.above(180_000) }),
          },
        ),
      },
    },
  ),
  exchange(
    'instances/bulk-status-unassigned-devices',
    'devices of no application are not in the status call (the device list has them)',
    { path: `${ALPHA}/applications/status`, as: 'alice' },
    {
      status: 200,
      body: {
        applications: is.arrayOf({ devices: is.arrayWithout({ id: is.ref('device.spare') }) }),
      },
    },
  ),
  exchange(
    'instances/bulk-status-dashboard-403',
    'a dashboard-only member cannot read states: 403',
    { path: `${ALPHA}/applications/status`, as: 'erin' },
    is403,
  ),
  exchange(
    'instances/bulk-status-outsider-404',
    'someone outside the team: 404',
    { path: `${ALPHA}/applications/status`, as: 'dave' },
    is404,
  ),
  exchange(
    'instances/one',
    '`/projects/:id` gives the instance with its state at `meta.state` (there is no top-level state)',
    { path: '/api/v1/projects/{instance.running}', as: 'carol' },
    {
      status: 200,
      body: {
        id: is.ref('instance.running'),
        name: 'alpha-running',
        url: 'http://alpha-running.example.com',
        application: { id: is.ref('app.alphaApp'), name: 'Alpha App' },
        team: { id: is.ref('team.alpha') },
        meta: { state: 'running' },
        state: is.absent(),
      },
    },
  ),
  exchange(
    'instances/one-suspended',
    'a suspended instance says so in `meta.state`',
    { path: '/api/v1/projects/{instance.suspended}', as: 'alice' },
    { status: 200, body: { meta: { state: 'suspended' } } },
  ),
  exchange(
    'instances/one-crashed',
    'a crashed instance says so in `meta.state`',
    { path: '/api/v1/projects/{instance.crashed}', as: 'alice' },
    { status: 200, body: { meta: { state: 'crashed' } } },
  ),
  exchange(
    'instances/one-dashboard-403',
    'a dashboard-only member cannot read an instance: 403',
    { path: '/api/v1/projects/{instance.running}', as: 'erin' },
    is403,
  ),
  exchange(
    'instances/one-outsider-404',
    'someone outside the team: 404',
    { path: '/api/v1/projects/{instance.running}', as: 'dave' },
    is404,
  ),
  exchange(
    'instances/one-unknown-404',
    'an instance that does not exist: 404',
    { path: `/api/v1/projects/${UNKNOWN_INSTANCE}`, as: 'alice' },
    is404,
  ),
];
