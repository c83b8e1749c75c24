/**
 * The token goes only to its own origin: a redirect elsewhere is refused before anything is
 * sent there, and the second server proves it by its empty request log.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedUser, seededTeam, type SeededUser } from '../../tests/fake-server/seed';
import { startFakeFlowFuse, type FakeFlowFuse } from '../../tests/fake-server/server';
import { clientFor, failureOf } from '../../tests/support/flowfuse-client-harness';

let home: FakeFlowFuse;
let elsewhere: FakeFlowFuse;
let ada: SeededUser;

beforeEach(async () => {
  [home, elsewhere] = await Promise.all([startFakeFlowFuse(), startFakeFlowFuse()]);
  ada = seedUser(home, { username: 'ada', teams: [{ name: 'Owned', role: 50 }] });
});

afterEach(async () => {
  await Promise.all([home.close(), elsewhere.close()]);
});

const ownedTeamId = (): string => seededTeam(ada).id;

describe('redirects to another origin', () => {
  it.each([301, 302, 303, 307, 308] as const)(
    'refuses a %i on GET and never contacts the other server',
    async (status) => {
      home.setFault({
        kind: 'redirect',
        status,
        location: `${elsewhere.origin}/api/v1/user/teams`,
      });
      const error = await failureOf(clientFor(home, ada.token).listTeams());
      expect(error.code).toBe('redirect_refused');
      expect(error.message).toContain(elsewhere.origin);
      expect(error.message).not.toContain(ada.token);
      expect(elsewhere.requests).toHaveLength(0);
    },
  );

  it('refuses on PUT, and the other server never sees the token', async () => {
    home.setFault({ kind: 'redirect', status: 307, location: `${elsewhere.origin}/steal` });
    const error = await failureOf(clientFor(home, ada.token).renameTeam(ownedTeamId(), 'New'));
    expect(error.code).toBe('redirect_refused');
    expect(elsewhere.requests.filter((r) => r.authorization !== null)).toHaveLength(0);
    expect(elsewhere.requests).toHaveLength(0);
  });

  it('refuses an http to https upgrade on the same host (a different origin) and says where', async () => {
    const target = home.origin.replace('http:', 'https:');
    home.setFault({ kind: 'redirect', status: 301, location: `${target}/api/json` });
    const error = await failureOf(clientFor(home, null).probe());
    expect(error.code).toBe('redirect_refused');
    expect(error.message).toContain(target);
  });

  it('refuses a protocol-relative location', async () => {
    home.setFault({ kind: 'redirect', location: `//${new URL(elsewhere.origin).host}/x` });
    expect((await failureOf(clientFor(home, ada.token).whoAmI())).code).toBe('redirect_refused');
    expect(elsewhere.requests).toHaveLength(0);
  });

  it('refuses a second-hop redirect elsewhere after a same-origin one', async () => {
    home.addFault(
      { kind: 'redirect', location: '/api/v1/user/teams?hop=1' },
      { path: '/api/v1/user/teams', times: 1 },
    );
    home.addFault(
      { kind: 'redirect', location: `${elsewhere.origin}/api/v1/user/teams` },
      { path: '/api/v1/user/teams', times: 1 },
    );
    const error = await failureOf(clientFor(home, ada.token).listTeams());
    expect(error.code).toBe('redirect_refused');
    expect(home.requests).toHaveLength(2);
    expect(elsewhere.requests).toHaveLength(0);
  });
});

describe('redirects on the same origin', () => {
  it('follows a GET redirect and keeps the token on this origin', async () => {
    home.setFault(
      { kind: 'redirect', location: '/api/v1/user/teams?moved=1' },
      { path: '/api/v1/user/teams', times: 1 },
    );
    const { teams } = await clientFor(home, ada.token).listTeams();
    expect(teams.map((t) => t.name)).toEqual(['Owned']);
    expect(home.requests.map((r) => [r.path, r.authorization])).toEqual([
      ['/api/v1/user/teams', `Bearer ${ada.token}`],
      ['/api/v1/user/teams?moved=1', `Bearer ${ada.token}`],
    ]);
  });

  it('follows at most 3 hops', async () => {
    home.setFault(
      { kind: 'redirect', location: '/api/v1/user/teams?again' },
      { path: '/api/v1/user/teams', times: 3 },
    );
    expect((await clientFor(home, ada.token).listTeams()).teams).toHaveLength(1);
    expect(home.requests).toHaveLength(4);

    home.clearRequests();
    home.setFault(
      { kind: 'redirect', location: '/api/v1/user/teams?loop' },
      { path: '/api/v1/user/teams' },
    );
    const error = await failureOf(clientFor(home, ada.token).listTeams());
    expect(error.code).toBe('bad_response');
    expect(error.message).toContain('more than 3');
    expect(home.requests).toHaveLength(4);
  });

  it('does not resend a PUT to a new path', async () => {
    home.setFault({ kind: 'redirect', status: 308, location: '/api/v1/teams/other' });
    const error = await failureOf(clientFor(home, ada.token).renameTeam(ownedTeamId(), 'New'));
    expect(error.code).toBe('redirect_refused');
    expect(home.requests).toHaveLength(1);
    expect(home.state.teams.get(ownedTeamId())?.name).toBe('Owned');
  });
});
