/**
 * How a client tells 2.4.0 from newer servers by their answers, not by a version string: the
 * newer endpoints are absent (404 `not_found`; a write to one gets the web app) and newer query
 * options are ignored.
 */
import { exchange, type ContractCase } from '../case';
import { is } from '../shape';
import { is404 } from './common';

export const DETECTION_CASES: readonly ContractCase[] = [
  exchange(
    'detect/instance-status-absent',
    '`GET /projects/:id/status` (2.19+) is 404 `not_found` on 2.4.0',
    { path: '/api/v1/projects/{instance.running}/status', as: 'alice' },
    is404,
  ),
  exchange(
    'detect/include-meta-ignored',
    '`?includeMeta=true` (2.19+) is ignored: the items have no `meta`',
    { path: '/api/v1/teams/{team.alpha}/projects?includeMeta=true', as: 'alice' },
    {
      status: 200,
      body: { count: 8, projects: is.arrayOf({ id: is.text(), meta: is.absent() }, 8) },
    },
  ),
  exchange(
    'detect/notifications-absent',
    '`GET /user/notifications` (2.7+) is 404 on 2.4.0',
    { path: '/api/v1/user/notifications', as: 'alice' },
    is404,
  ),
  exchange(
    'detect/notifications-write-absent',
    'a `PUT /user/notifications` on 2.4.0 gets the web app (200, HTML): only the read tells',
    {
      method: 'PUT',
      path: '/api/v1/user/notifications',
      as: 'alice',
      json: { ids: ['x'], read: true },
    },
    { status: 200, body: is.matching(/<html/i) },
  ),
  exchange(
    'detect/instance-counts-absent',
    '`GET /teams/:id/instance-counts` (2.19+) is 404 on 2.4.0',
    { path: '/api/v1/teams/{team.alpha}/instance-counts?instanceType=hosted', as: 'alice' },
    is404,
  ),
];
