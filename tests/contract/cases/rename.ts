/**
 * Renaming a team (`PUT /api/v1/teams/:id`): only an owner may; a team you are not in does not
 * exist for you; an empty name is a silent no-op (so Teamtray checks names before sending); the
 * server's refusals come as `{code, error}`, or in the framework's `{error, message}` for a body
 * that is not JSON.
 */
import { exchange, type ContractCase } from '../case';
import { is } from '../shape';
import { is403, is404 } from './common';

const RENAMES = '/api/v1/teams/{team.renames}';
/** Longer than the 200 Teamtray once allowed, within the 255 FlowFuse's column holds. */
const LONG_SLUG = `rename-lab-${'s'.repeat(219)}`;

export const RENAME_CASES: readonly ContractCase[] = [
  exchange(
    'rename/empty-name-is-a-no-op',
    'an empty name answers 200 and changes nothing',
    { method: 'PUT', path: RENAMES, as: 'alice', json: { name: '' } },
    { status: 200, body: { id: is.ref('team.renames'), name: 'Rename Lab' } },
  ),
  {
    id: 'rename/owner',
    relies: 'an owner renames: 200 with the team as it now is, slug unchanged',
    steps: [
      {
        request: { method: 'PUT', path: RENAMES, as: 'alice', json: { name: 'Rename Lab 2' } },
        expect: {
          status: 200,
          body: { id: is.ref('team.renames'), name: 'Rename Lab 2', slug: 'rename-lab' },
        },
      },
      {
        request: { path: '/api/v1/user/teams', as: 'alice' },
        expect: {
          status: 200,
          body: { teams: is.arrayWith({ id: is.ref('team.renames'), name: 'Rename Lab 2' }) },
        },
      },
      {
        request: { method: 'PUT', path: RENAMES, as: 'alice', json: { name: 'Rename Lab' } },
        expect: { status: 200, body: { name: 'Rename Lab' } },
      },
    ],
  },
  {
    id: 'rename/long-slug-listed',
    relies:
      'a slug of 230 characters (the column holds 255) is accepted and listed as it is, so Teamtray reads slugs up to 255',
    steps: [
      {
        request: { method: 'PUT', path: RENAMES, as: 'alice', json: { slug: LONG_SLUG } },
        expect: { status: 200, body: { id: is.ref('team.renames'), slug: LONG_SLUG } },
      },
      {
        request: { path: '/api/v1/user/teams', as: 'alice' },
        expect: {
          status: 200,
          body: { teams: is.arrayWith({ id: is.ref('team.renames'), slug: LONG_SLUG }) },
        },
      },
      {
        request: { method: 'PUT', path: RENAMES, as: 'alice', json: { slug: 'rename-lab' } },
        expect: { status: 200, body: { slug: 'rename-lab' } },
      },
    ],
  },
  exchange(
    'rename/member-403',
    'a member may not rename: 403 {code, error}',
    { method: 'PUT', path: RENAMES, as: 'bob', json: { name: 'Nope' } },
    is403,
  ),
  exchange(
    'rename/viewer-403',
    'a viewer may not rename: 403',
    { method: 'PUT', path: '/api/v1/teams/{team.alpha}', as: 'carol', json: { name: 'Nope' } },
    is403,
  ),
  exchange(
    'rename/unknown-team-404',
    'a team that does not exist: 404 {code, error}',
    { method: 'PUT', path: '/api/v1/teams/nope123456', as: 'alice', json: { name: 'Nope' } },
    is404,
  ),
  exchange(
    'rename/not-a-member-404',
    'a team the user is not in answers as if it did not exist: 404',
    { method: 'PUT', path: '/api/v1/teams/{team.beta}', as: 'alice', json: { name: 'Nope' } },
    is404,
  ),
  exchange(
    'rename/url-in-name-400',
    'a name with `://` is refused: 400 {code, error}',
    { method: 'PUT', path: RENAMES, as: 'alice', json: { name: 'see http://example.com' } },
    { status: 400, body: { code: is.text(), error: is.text() } },
  ),
  exchange(
    'rename/not-json-400',
    'a body that is not JSON: 400 in the framework’s shape {error, message}',
    {
      method: 'PUT',
      path: RENAMES,
      as: 'alice',
      raw: { contentType: 'application/json', body: '{name:' },
    },
    { status: 400, body: { error: 'Bad Request', message: is.text() } },
  ),
];
