/**
 * Seeds a real FlowFuse with the contract's world (tests/contract/world-spec.ts). Through the
 * platform's API wherever it can: users (admin), teams, invitations and their acceptance,
 * applications, instances and their actions, devices and their heartbeats, extra tokens. Through
 * the host process (rpc.ts) only for what the API cannot: each user's first token, a crashed
 * instance, a device last seen long ago.
 */
import { randomBytes } from 'node:crypto';
import {
  EXPIRED_TOKEN_NAME,
  SOON_TOKEN_MS,
  SOON_TOKEN_NAME,
  REVOKED_TOKEN_NAME,
  TEAMS,
  USERS,
  entriesOf,
  membersOf,
  type SeededWorld,
  type TeamKey,
  type UserKey,
} from '../../tests/contract/world-spec';
import { createApi, type Api } from './api';
import type { RunningForge } from './forge-process';
import { seedRuntime } from './seed-real-runtime';

interface Invitation {
  readonly id?: unknown;
  readonly team?: { readonly id?: unknown };
}

async function tokenFor(forge: RunningForge, username: string): Promise<string> {
  const value = await forge.call({
    op: 'token',
    username,
    name: `contract-${username}`,
    expiresAt: null,
  });
  if (!('token' in value)) throw new Error('the host answered no token');
  return value.token;
}

async function createUsers(api: Api, admin: string, forge: RunningForge) {
  const users = {} as Record<UserKey, { id: string; token: string }>;
  // One at a time: each password is hashed with bcrypt, and two cores are shared.
  for (const [key, spec] of entriesOf(USERS)) {
    const user = await api.send<{ id: string }>('POST', '/api/v1/users', admin, {
      username: key,
      name: spec.name,
      email: `${key}@example.com`,
      password: randomBytes(12).toString('base64url'),
    });
    users[key] = { id: user.id, token: await tokenFor(forge, key) };
  }
  return users;
}

async function createTeams(
  api: Api,
  admin: string,
  users: Record<UserKey, { id: string; token: string }>,
) {
  // Off by default on a self-hosted server: only admins could create teams.
  await api.send('PUT', '/api/v1/settings', admin, { 'team:create': true });
  const types = await api.get<{ types: { id: string; name: string }[] }>(
    '/api/v1/team-types',
    admin,
  );
  const type = types.types[0];
  if (type === undefined) throw new Error('seeding: FlowFuse has no team type');
  const teams = {} as Record<TeamKey, { id: string }>;
  for (const [key, spec] of entriesOf(TEAMS)) {
    const owner = users[spec.owner].token;
    const team = await api.send<{ id: string }>('POST', '/api/v1/teams', owner, {
      name: spec.name,
      slug: spec.slug,
      type: type.id,
    });
    teams[key] = { id: team.id };
    for (const [member, role] of membersOf(spec)) {
      await api.send('POST', `/api/v1/teams/${team.id}/invitations`, owner, {
        user: member,
        role,
      });
      const invited = users[member].token;
      const { invitations } = await api.get<{ invitations: Invitation[] }>(
        '/api/v1/user/invitations',
        invited,
      );
      const invitation = invitations.find((item) => item.team?.id === team.id);
      if (typeof invitation?.id !== 'string')
        throw new Error(`seeding: no invitation for ${member}`);
      await api.send('PATCH', `/api/v1/user/invitations/${invitation.id}`, invited);
    }
  }
  return teams;
}

/**
 * alice's token that expired a minute ago (unused until a case uses it), one she deleted, and one
 * that expires two days after seeding (the live suite's token health).
 */
async function extraTokens(api: Api, alice: string): Promise<SeededWorld['tokens']> {
  const expired = await api.send<{ token: string }>('POST', '/api/v1/user/tokens', alice, {
    name: EXPIRED_TOKEN_NAME,
    scope: '',
    expiresAt: Date.now() - 60_000,
  });
  const revoked = await api.send<{ token: string; id: string }>(
    'POST',
    '/api/v1/user/tokens',
    alice,
    { name: REVOKED_TOKEN_NAME, scope: '' },
  );
  await api.send('DELETE', `/api/v1/user/tokens/${revoked.id}`, alice);
  const soon = await api.send<{ token: string }>('POST', '/api/v1/user/tokens', alice, {
    name: SOON_TOKEN_NAME,
    scope: '',
    expiresAt: Date.now() + SOON_TOKEN_MS,
  });
  return { expired: expired.token, revoked: revoked.token, soon: soon.token };
}

export async function seedRealWorld(forge: RunningForge): Promise<SeededWorld> {
  const api = createApi(forge.baseUrl);
  const admin = await tokenFor(forge, 'ff-admin');
  const users = await createUsers(api, admin, forge);
  const teams = await createTeams(api, admin, users);
  const runtime = await seedRuntime(api, forge, admin, users, teams);
  const tokens = await extraTokens(api, users.alice.token);
  return { users, teams, ...runtime, tokens };
}
