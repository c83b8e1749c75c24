import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../../tests/support/memory-logger';
import { seedUser, seededTeam, type SeededUser } from '../../tests/fake-server/seed';
import { startFakeFlowFuse, type FakeFlowFuse } from '../../tests/fake-server/server';
import { TEAM_TYPES } from '../../tests/fake-server/data';
import { clientFor, failureOf } from '../../tests/support/flowfuse-client-harness';

let fake: FakeFlowFuse;
let ada: SeededUser;

beforeEach(async () => {
  fake = await startFakeFlowFuse({ version: '2.4.0' });
  ada = seedUser(fake, {
    username: 'ada',
    name: 'Ada Lovelace',
    teams: [
      { name: 'Acme', role: 50, type: TEAM_TYPES.enterprise, instanceCount: 3, deviceCount: 9 },
      { name: 'Viewers', role: 10 },
    ],
  });
});

afterEach(async () => {
  await fake.close();
});

const teamId = (index: number): string => seededTeam(ada, index).id;

describe('probe', () => {
  it('reads the platform version from /api/json and sends no Authorization header', async () => {
    const client = clientFor(fake, ada.token);
    expect(await client.probe()).toEqual({ version: '2.4.0' });
    expect(fake.requests).toEqual([
      expect.objectContaining({ method: 'GET', path: '/api/json', authorization: null }),
    ]);
  });

  it('works for a probe-only client without a token', async () => {
    expect(await clientFor(fake, null).probe()).toEqual({ version: '2.4.0' });
  });
});

describe('whoAmI', () => {
  it('returns the token’s user', async () => {
    const user = await clientFor(fake, ada.token).whoAmI();
    expect(user).toEqual({ id: ada.user.id, username: 'ada', name: 'Ada Lovelace' });
    expect(fake.requests.at(-1)?.authorization).toBe(`Bearer ${ada.token}`);
  });

  it('refuses to call without a token, before any request', async () => {
    const error = await failureOf(clientFor(fake, null).whoAmI());
    expect(error.code).toBe('invalid_token');
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses a token with a line break before any request', async () => {
    const error = await failureOf(clientFor(fake, 'ffpat_abc\r\nX-Evil: 1').whoAmI());
    expect(error.code).toBe('invalid_token');
    expect(error.message).not.toContain('ffpat_abc');
    expect(fake.requests).toHaveLength(0);
  });
});

describe('listTeams', () => {
  it('maps each team and keeps the avatar raw (scheme-less)', async () => {
    const { teams, leftOut } = await clientFor(fake, ada.token).listTeams();
    expect(leftOut).toBeNull();
    expect(teams).toHaveLength(2);
    expect(teams[0]).toEqual({
      id: teamId(0),
      name: 'Acme',
      slug: 'acme',
      avatar: expect.stringMatching(/^\/\/www\.gravatar\.com\/avatar\//) as unknown,
      type: { id: TEAM_TYPES.enterprise.id, name: 'Enterprise' },
      role: 50,
      instanceCount: 3,
      memberCount: 1,
      deviceCount: 9,
    });
    expect(teams[1]?.role).toBe(10);
  });

  it('lists a team whose slug has 230 characters, as FlowFuse stores up to 255', async () => {
    const slug = 'x'.repeat(230);
    fake.addTeam({ name: 'Long Slug', slug }, [{ user: ada.user, role: 30 }]);
    const { teams, leftOut } = await clientFor(fake, ada.token).listTeams();
    expect(teams.map((team) => team.slug)).toEqual(['acme', 'viewers', slug]);
    expect(leftOut).toBeNull();
  });

  it('leaves out a team it cannot read, names it, and lists every other one', async () => {
    fake.addFault(
      {
        kind: 'extra-items',
        key: 'teams',
        items: [
          { id: 'odd1', name: 'Odd\nOne', slug: 's'.repeat(300) },
          { id: 'odd2', slug: 'no-name' },
          'not a team',
          { name: 42 },
        ],
      },
      { path: '/api/v1/user/teams' },
    );
    const { teams, leftOut } = await clientFor(fake, ada.token).listTeams();
    expect(teams.map((team) => team.name)).toEqual(['Acme', 'Viewers']);
    expect(leftOut).toEqual({
      unread: ['Odd One', 'id odd2', 'number 5 in the list'],
      unreadCount: 4,
      more: 0,
    });
  });

  it('keeps at most 2,000 teams and counts the rest', async () => {
    const many = Array.from({ length: 2100 }, (_, index) => ({
      id: `t${index}`,
      name: `Team ${index}`,
      slug: `team-${index}`,
    }));
    fake.addFault({ kind: 'extra-items', key: 'teams', items: many });
    const { teams, leftOut } = await clientFor(fake, ada.token).listTeams();
    expect(teams).toHaveLength(2000);
    expect(leftOut).toEqual({ unread: [], unreadCount: 0, more: 102 });
  });

  it('keeps at most 2 MB of teams, whatever their number', async () => {
    const long = Array.from({ length: 1500 }, (_, index) => ({
      id: `t${index}`,
      name: 'n'.repeat(1000),
      slug: 's'.repeat(250),
      avatar: `//www.gravatar.com/avatar/${'a'.repeat(2000)}`,
    }));
    fake.addFault({ kind: 'extra-items', key: 'teams', items: long });
    const { teams, leftOut } = await clientFor(fake, ada.token).listTeams();
    expect(JSON.stringify(teams).length).toBeLessThanOrEqual(2 * 1024 * 1024);
    expect(teams.length + (leftOut?.more ?? 0)).toBe(1502);
    expect(leftOut?.more).toBeGreaterThan(800);
  });

  it('logs the call without the token', async () => {
    const log = createMemoryLogger();
    await clientFor(fake, ada.token, { log }).listTeams();
    expect(log.lines.join('\n')).toContain('listTeams');
    expect(log.lines.join('\n')).not.toContain(ada.token);
  });
});

describe('renameTeam', () => {
  it('PUTs {name} as JSON and returns the updated team', async () => {
    // The name comes checked and trimmed (teams service, common/team-name.ts).
    const team = await clientFor(fake, ada.token).renameTeam(teamId(0), 'Acme Corp');
    expect(team).toMatchObject({ id: teamId(0), name: 'Acme Corp', slug: 'acme', role: null });
    const sent = fake.requests.at(-1);
    expect(sent).toMatchObject({
      method: 'PUT',
      path: `/api/v1/teams/${teamId(0)}`,
      authorization: `Bearer ${ada.token}`,
    });
    expect(sent?.contentType).toMatch(/^application\/json/);
    expect(JSON.parse(sent?.body ?? 'null')).toEqual({ name: 'Acme Corp' });
    expect(fake.state.teams.get(teamId(0))?.name).toBe('Acme Corp');
  });

  it('keeps markup in a name as plain data', async () => {
    const name = '<img src=x onerror=alert(1)>';
    expect((await clientFor(fake, ada.token).renameTeam(teamId(0), name)).name).toBe(name);
  });

  it('encodes the team id into one path segment', async () => {
    const error = await failureOf(clientFor(fake, ada.token).renameTeam('../user/x?y', 'Fine'));
    expect(error.code).toBe('not_found');
    expect(fake.requests.at(-1)?.path).toBe('/api/v1/teams/..%2Fuser%2Fx%3Fy');
  });
});
