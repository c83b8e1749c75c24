/** The teams area through a real core (fake FlowFuse over real HTTP, real files). */
import { describe, expect, it } from 'vitest';
import type { AccountView, TeamView } from '../../common/model';
import { call, withAlice } from '../../tests/support/core-calls';

describe('team handlers', () => {
  it('renames optimistically, and reverts with the reason when the server says no', async () => {
    const { core, fake, added, team } = await withAlice();
    const owned = team('Owned');
    const joined = team('Joined');

    const seen: string[] = [];
    core.onEvent((event, payload) => {
      if (event === 'accountChanged') {
        const name = (payload as AccountView).teams.find((team) => team.id === owned.id)?.name;
        if (name !== undefined) seen.push(name);
      }
    });
    const renamed = await call<TeamView>(core, 'renameTeam', {
      accountId: added.id,
      teamId: owned.id,
      name: '  Platform  ',
    });
    expect(renamed.name).toBe('Platform');
    expect(seen[0]).toBe('Platform');
    expect(fake.state.teams.get(owned.id)?.name).toBe('Platform');

    await expect(
      call(core, 'renameTeam', { accountId: added.id, teamId: joined.id, name: 'Mine' }),
    ).rejects.toMatchObject({ code: 'forbidden' });
    // Main's one check of a name (the renderer's is for the message): nothing bad is sent.
    const puts = () => fake.requests.filter((request) => request.method === 'PUT').length;
    const sent = puts();
    for (const [name, reason] of [
      ['', 'blank'],
      ['   ', 'blank'],
      ['x'.repeat(256), 'at most 255'],
      ['see http://evil', '://'],
      ['line\nbreak', 'line breaks'],
    ] as const) {
      await expect(
        call(core, 'renameTeam', { accountId: added.id, teamId: owned.id, name }),
      ).rejects.toMatchObject({
        code: 'invalid_name',
        message: expect.stringContaining(reason) as string,
      });
    }
    expect(puts()).toBe(sent);

    seen.length = 0;
    fake.setFault({ kind: 'status', status: 500 }, { method: 'PUT' });
    await expect(
      call(core, 'renameTeam', { accountId: added.id, teamId: owned.id, name: 'Broken' }),
    ).rejects.toMatchObject({ code: 'server_error' });
    expect(seen).toEqual(['Broken', 'Platform']);
    expect(fake.state.teams.get(owned.id)?.name).toBe('Platform');
  });

  it('opens only URLs it builds from a saved origin', async () => {
    const { core, shell, fake, added, team: byName } = await withAlice();
    const team = byName('Owned');

    await call(core, 'openTeam', { accountId: added.id, teamId: team.id });
    await call(core, 'openTeam', { accountId: added.id, teamId: team.id, page: 'settings' });
    await call(core, 'openTokenPage', { accountId: added.id });
    await call(core, 'openTokenPage', { url: 'app.flowfuse.com/team/x' });
    expect(shell.opened).toEqual([
      `${fake.origin}/team/${team.slug}`,
      `${fake.origin}/team/${team.slug}/settings/general`,
      `${fake.origin}/account/security/tokens`,
      'https://app.flowfuse.com/account/security/tokens',
    ]);
    await expect(call(core, 'openTokenPage', { url: 'http://evil.example' })).rejects.toMatchObject(
      { code: 'insecure_http' },
    );
    await expect(
      call(core, 'openTeam', { accountId: added.id, teamId: team.id, url: 'https://evil' }),
    ).rejects.toMatchObject({ code: 'invalid_request' });
    expect(shell.opened).toHaveLength(4);
  });
});
