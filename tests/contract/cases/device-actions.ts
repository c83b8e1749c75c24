/**
 * A device's actions (Teamtray's device rows): `POST /devices/:id/actions/restart` is the
 * owner's (a member and a viewer 403); without a device broker, as on the platform the contract
 * runs, the owner's restart answers 400 `no_device_comms` and nothing changes. `PUT
 * /devices/:id/mode` turns developer mode on and off for the owner (200 `{mode}`; a licensed
 * server), and 2.4.0 refuses a member (403: newer servers let a member).
 */
import type { Actor, ContractCase } from '../case';
import { exchange } from '../case';
import { is403 } from './common';

const restart = (as: Actor) => ({
  method: 'POST' as const,
  path: '/api/v1/devices/{device.gateway}/actions/restart',
  as,
});
const mode = (value: string, as: Actor = 'alice') => ({
  method: 'PUT' as const,
  path: '/api/v1/devices/{device.spare}/mode',
  as,
  json: { mode: value },
});

export const DEVICE_ACTION_CASES: readonly ContractCase[] = [
  exchange(
    'device-actions/restart-no-broker',
    'an owner’s restart on a server without a device broker: 400 `no_device_comms`, in words',
    restart('alice'),
    { status: 400, body: { code: 'no_device_comms', error: 'Actions are not available' } },
  ),
  exchange(
    'device-actions/restart-member-403',
    'a member may not restart a device: 403 (Teamtray offers members no Restart)',
    restart('bob'),
    is403,
  ),
  exchange(
    'device-actions/restart-viewer-403',
    'a viewer may not restart a device: 403',
    restart('carol'),
    is403,
  ),
  exchange(
    'device-actions/mode-member-403',
    'FlowFuse 2.4.0 lets only the owner change developer mode: a member gets 403',
    mode('developer', 'bob'),
    is403,
  ),
  {
    id: 'device-actions/mode-on-off',
    relies:
      'an owner turns developer mode on and off: 200 with the mode stored, and the device says it',
    steps: [
      { request: mode('developer'), expect: { status: 200, body: { mode: 'developer' } } },
      {
        request: { path: '/api/v1/devices/{device.spare}', as: 'alice' },
        expect: { status: 200, body: { mode: 'developer' } },
      },
      { request: mode('autonomous'), expect: { status: 200, body: { mode: 'autonomous' } } },
    ],
  },
];
