/** The teams area through a real core (fake FlowFuse over real HTTP, real files). */
import { describe, expect, it } from 'vitest';
import type { Renamed } from '../../common/model';
import type { TeamtrayState } from '../../common/state';
import { call, replicaOf, state, waitForAccount, withAlice } from '../../tests/support/core-calls';

describe('team handlers', () => {
  it('sends one of three renames of a team made at once: the others hear it is under way', async () => {
    const { core, fake, added, team } = await withAlice();
    const owned = team('Owned');
    fake.clearRequests();
    const results = await Promise.all(
      ['One', 'Two', 'Three'].map((name) =>
        core.dispatch('renameTeam', { accountId: added.id, teamId: owned.id, name }),
      ),
    );
    const codes = results.map((result) => (result.ok ? 'ok' : result.error.code));
    expect(codes.filter((code) => code === 'ok')).toHaveLength(1);
    expect(codes.filter((code) => code === 'invalid_request')).toHaveLength(2);
    expect(fake.requests.filter((request) => request.method === 'PUT')).toHaveLength(1);
    // Over: the next rename goes through.
    await call(core, 'renameTeam', { accountId: added.id, teamId: owned.id, name: 'Four' });
    expect(fake.state.teams.get(owned.id)?.name).toBe('Four');
  });

  it('shows the name sent at once, then the one the server stored, and answers with it', async () => {
    const { core, fake, added, team } = await withAlice();
    const owned = team('Owned');
    const joined = team('Joined');

    // Main owns the optimistic name: the renderer's replica hears it as patches.
    const replica = await replicaOf(core);
    const shown = (trees: readonly TeamtrayState[]) => {
      const seen: string[] = [];
      for (const tree of trees) {
        const found = tree.accounts[0]?.teams.find((each) => each.id === owned.id);
        const now = `${found?.name ?? '?'} / ${found?.pendingName ?? '-'}`;
        if (seen.at(-1) !== now) seen.push(now);
      }
      return seen;
    };
    const renamed = await call<Renamed>(core, 'renameTeam', {
      accountId: added.id,
      teamId: owned.id,
      name: '  Platform  ',
    });
    expect(renamed).toEqual({ name: 'Platform' });
    expect(shown([replica.current()])).toEqual(['Platform / -']);
    expect(shown(replica.trees)).toEqual(['Owned / Platform', 'Platform / -']);
    expect(fake.state.teams.get(owned.id)?.name).toBe('Platform');
    // The next list carries the new name (and the cache has it): a refresh reads it back.
    const view = await waitForAccount(core, added.id, (each) =>
      each.teams.some((each) => each.name === 'Platform'),
    );
    expect(view.status).toBe('ok');

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

    fake.setFault({ kind: 'status', status: 500 }, { method: 'PUT' });
    const before = replica.trees.length;
    await expect(
      call(core, 'renameTeam', { accountId: added.id, teamId: owned.id, name: 'Broken' }),
    ).rejects.toMatchObject({ code: 'server_error' });
    expect(fake.state.teams.get(owned.id)?.name).toBe('Platform');
    // Refused: "Broken" showed while it was on its way, then the saved name again.
    expect(shown(replica.trees.slice(before))).toEqual(['Platform / Broken', 'Platform / -']);
    const after = await state(core);
    expect(after.accounts[0]?.teams.map((each) => each.name)).toContain('Platform');
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

  it('copies the address of a saved team, built from its saved origin and slug', async () => {
    const { core, shell, fake, added, team: byName } = await withAlice();
    const team = byName('Owned');
    await call(core, 'copyTeamUrl', { accountId: added.id, teamId: team.id });
    expect(shell.copied).toEqual([`${fake.origin}/team/${team.slug}`]);
    await expect(
      call(core, 'copyTeamUrl', { accountId: added.id, teamId: 'not-a-team' }),
    ).rejects.toMatchObject({ code: 'not_found' });
    await expect(
      call(core, 'copyTeamUrl', { accountId: added.id, teamId: team.id, text: 'https://evil' }),
    ).rejects.toMatchObject({ code: 'invalid_request' });
    expect(shell.copied).toHaveLength(1);
  });
});
