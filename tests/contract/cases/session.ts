/**
 * What Teamtray reads to add an account and list its teams: the API description without a
 * token, who the token belongs to, the teams with the user's role, and 401 for a token that no
 * longer works (an expired one is deleted the first time it is used).
 */
import { exchange, type ContractCase } from '../case';
import { is } from '../shape';
import { EXPIRED_TOKEN_NAME } from '../world-spec';
import { is401 } from './common';

/** A team as the list gives it: the fields Teamtray reads. */
const team = (ref: 'alpha' | 'beta' | 'renames', name: string, slug: string, role: number) => ({
  id: is.ref(`team.${ref}`),
  name,
  slug,
  role,
  avatar: is.string(),
  type: { id: is.text(), name: is.text() },
  instanceCount: is.count(),
  memberCount: is.count(),
  // 2.29+ adds it; 2.4.0 does not send it. Teamtray shows it when present.
  deviceCount: is.optional(is.count()),
  links: { self: is.text() },
});

export const SESSION_CASES: readonly ContractCase[] = [
  exchange(
    'session/api-description',
    '`/api/json` answers without a token, says OpenAPI 3, names FlowFuse and gives the version',
    { path: '/api/json' },
    {
      status: 200,
      body: {
        openapi: is.matching(/^3\./),
        info: { title: is.matching(/FlowFuse|FlowForge/), version: '2.4.0' },
        paths: { '/api/v1/user/teams': is.object() },
      },
    },
  ),
  exchange(
    'session/who-am-i',
    '`GET /api/v1/user` says whose token it is: a cheap check that the token works',
    { path: '/api/v1/user', as: 'alice' },
    {
      status: 200,
      body: { id: is.ref('user.alice'), username: 'alice', name: 'Alice Owner', admin: false },
    },
  ),
  exchange(
    'session/teams-of-owner',
    'the teams list gives each team with its id, name, slug, avatar, type, counts and role',
    { path: '/api/v1/user/teams', as: 'alice' },
    {
      status: 200,
      body: {
        meta: is.object(),
        count: 2,
        teams: is.arrayWith(
          { ...team('alpha', 'Alpha Works', 'alpha-works', 50), instanceCount: 8, memberCount: 4 },
          team('renames', 'Rename Lab', 'rename-lab', 50),
        ),
      },
    },
  ),
  exchange(
    'session/roles',
    'roles are numbers: 30 member, 50 owner (10 viewer, 5 dashboard below)',
    { path: '/api/v1/user/teams', as: 'bob' },
    {
      status: 200,
      body: {
        count: 3,
        teams: is.arrayWith(
          team('alpha', 'Alpha Works', 'alpha-works', 30),
          team('beta', 'Beta Lab', 'beta-lab', 50),
          team('renames', 'Rename Lab', 'rename-lab', 30),
        ),
      },
    },
  ),
  exchange(
    'session/viewer-role',
    'a viewer is 10',
    { path: '/api/v1/user/teams', as: 'carol' },
    {
      status: 200,
      body: { count: 1, teams: is.arrayOf({ id: is.ref('team.alpha'), role: 10 }, 1) },
    },
  ),
  exchange(
    'session/dashboard-role',
    'a dashboard-only member is 5',
    { path: '/api/v1/user/teams', as: 'erin' },
    {
      status: 200,
      body: { count: 1, teams: is.arrayOf({ id: is.ref('team.alpha'), role: 5 }, 1) },
    },
  ),
  exchange(
    'session/no-teams',
    'a user in no team gets an empty list, not an error',
    { path: '/api/v1/user/teams', as: 'dave' },
    { status: 200, body: { count: 0, teams: is.arrayOf(is.object(), 0) } },
  ),
  exchange(
    'session/no-token',
    'no token: 401 {code, error}',
    { path: '/api/v1/user/teams' },
    is401,
  ),
  exchange(
    'session/unknown-token',
    'a token the server never issued: 401',
    { path: '/api/v1/user/teams', as: 'unknown-token' },
    is401,
  ),
  exchange(
    'session/revoked-token',
    'a deleted (revoked) token: 401',
    { path: '/api/v1/user', as: 'revoked-token' },
    is401,
  ),
  {
    id: 'session/expired-token',
    relies: 'an expired token: 401, and the server deletes it on that first use',
    steps: [
      {
        request: { path: '/api/v1/user/tokens', as: 'alice' },
        expect: { status: 200, body: { tokens: is.arrayWith({ name: EXPIRED_TOKEN_NAME }) } },
      },
      { request: { path: '/api/v1/user', as: 'expired-token' }, expect: is401 },
      {
        request: { path: '/api/v1/user/tokens', as: 'alice' },
        expect: { status: 200, body: { tokens: is.arrayWithout({ name: EXPIRED_TOKEN_NAME }) } },
      },
    ],
  },
];
