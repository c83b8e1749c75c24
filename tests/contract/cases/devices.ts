/**
 * Devices (remote agents): a team's devices with when each last called home (`lastSeenAt`,
 * `lastSeenMs`: null for never), the state it reported and its snapshots, in pages that follow
 * `meta.next_cursor`; one device. Outside the team, the list is 404 but a device is 403.
 */
import { exchange, type CaseTools, type ContractCase } from '../case';
import { is } from '../shape';
import { is403, is404 } from './common';

const DEVICES = '/api/v1/teams/{team.alpha}/devices';

/** Follows `meta.next_cursor` one device at a time, as a client with a small page would. */
async function walkPages(t: CaseTools): Promise<void> {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let page = 1; page <= 10; page += 1) {
    const query: string = cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`;
    const answer = await t.step({
      request: { path: `${DEVICES}?limit=1${query}`, as: 'alice' },
      expect: {
        status: 200,
        body: { meta: is.object(), count: 3, devices: is.arrayOf({ id: is.text() }) },
      },
    });
    const body = answer.body as { meta: { next_cursor?: unknown }; devices: { id: string }[] };
    t.require(body.devices.length <= 1, 'at most 1 device per page', `${body.devices.length}`);
    seen.push(...body.devices.map((d) => d.id));
    const next = body.meta.next_cursor;
    t.require(next === undefined || typeof next === 'string', 'a string cursor', String(next));
    if (typeof next !== 'string' || body.devices.length === 0) break;
    cursor = next;
  }
  t.require(
    seen.length === 3 && new Set(seen).size === 3,
    'each of the 3 devices once, then no cursor (or an empty page)',
    `${seen.length} devices on the way, ${new Set(seen).size} different`,
  );
}

export const DEVICE_CASES: readonly ContractCase[] = [
  exchange(
    'devices/list',
    'each device has its name, the state it reported, and when it was last seen (null: never)',
    { path: DEVICES, as: 'alice' },
    {
      status: 200,
      body: {
        meta: { next_cursor: is.absent() },
        count: 3,
        devices: is.arrayWith(
          {
            id: is.ref('device.gateway'),
            name: 'alpha-gw-1',
            status: 'running',
            lastSeenAt: is.isoDate(),
            lastSeenMs: is.below(90_000),
            application: { id: is.ref('app.alphaApp'), name: 'Alpha App' },
          },
          {
            id: is.ref('device.spare'),
            name: 'alpha-spare',
            status: 'offline',
            lastSeenAt: null,
            lastSeenMs: null,
            application: is.absent(),
          },
          {
            id: is.ref('device.lost'),
            name: 'alpha-lost',
            status: 'running',
            lastSeenAt: is.isoDate(),
            lastSeenMs: is.above(180_000),
          },
        ),
      },
    },
  ),
  exchange(
    'devices/mode',
    'each device says its `mode`, `autonomous` unless developer mode is on: Teamtray keeps a device in developer mode from alerting (turning it on needs a licence on 2.4.0, so the seeded devices are all autonomous)',
    { path: DEVICES, as: 'alice' },
    {
      status: 200,
      body: {
        devices: is.arrayWith(
          { id: is.ref('device.gateway'), mode: 'autonomous' },
          { id: is.ref('device.spare'), mode: 'autonomous' },
          { id: is.ref('device.lost'), mode: 'autonomous' },
        ),
      },
    },
  ),
  {
    id: 'devices/pages',
    relies: 'following `meta.next_cursor` with `limit` visits every device once and ends',
    script: walkPages,
  },
  exchange(
    'devices/snapshots',
    'a device names the snapshot it runs and the one it was told to run (null: none); `isDeploying` while they differ',
    { path: DEVICES, as: 'carol' },
    {
      status: 200,
      body: {
        devices: is.arrayWith(
          {
            id: is.ref('device.lost'),
            activeSnapshot: { id: is.text(), name: 'line-3 v1', description: is.string() },
            targetSnapshot: { id: is.text(), name: 'line-3 v2', description: is.string() },
            isDeploying: true,
          },
          {
            id: is.ref('device.gateway'),
            activeSnapshot: null,
            targetSnapshot: null,
            isDeploying: false,
          },
        ),
      },
    },
  ),
  exchange(
    'devices/viewer',
    'a viewer may list devices',
    { path: DEVICES, as: 'carol' },
    { status: 200, body: { count: 3 } },
  ),
  exchange(
    'devices/dashboard-role-403',
    'a dashboard-only member cannot list devices: 403',
    { path: DEVICES, as: 'erin' },
    is403,
  ),
  exchange(
    'devices/list-outsider-404',
    'someone outside the team cannot list its devices: 404, like other team routes',
    { path: DEVICES, as: 'dave' },
    is404,
  ),
  exchange(
    'devices/one',
    '`/devices/:id` gives one device with its team',
    { path: '/api/v1/devices/{device.gateway}', as: 'carol' },
    {
      status: 200,
      body: {
        id: is.ref('device.gateway'),
        name: 'alpha-gw-1',
        status: 'running',
        lastSeenAt: is.isoDate(),
        team: { id: is.ref('team.alpha') },
      },
    },
  ),
  exchange(
    'devices/one-outsider-403',
    'a device of a team the user is not in: 403 (not 404, unlike instances)',
    { path: '/api/v1/devices/{device.gateway}', as: 'dave' },
    is403,
  ),
];
