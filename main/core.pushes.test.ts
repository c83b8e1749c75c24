/**
 * The bridge's pushes through the real core (issue 30): main sends one push per tick
 * (ipc/patch-pushes.ts), but a call's own changes are pushed before its answer, so the renderer's
 * replica holds them when the answer comes, as when each change was its own push; a call that
 * changes the model names the version that holds its change (the renderer's drafts wait for it).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { call, replicaOf, testCore, withAlice } from '../tests/support/core-calls';

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

describe("the core's pushes", () => {
  it("pushes a call's changes before its answer: the replica holds them when it resolves", async () => {
    const { core } = await testCore({ refreshOnStart: false });
    const replica = await replicaOf(core);
    stops.push(replica.stop);
    await call(core, 'updateSettings', { theme: 'dark' });
    expect(replica.current().settings.theme).toBe('dark');
    await call(core, 'updateSettings', { theme: 'light', trayCount: false });
    expect(replica.current().settings).toMatchObject({ theme: 'light', trayCount: false });
  });

  it('answers a changing call with the version that holds its change, pushed before the answer', async () => {
    const { core, added, team } = await withAlice();
    const owned = team('Owned');
    const replica = await replicaOf(core);
    stops.push(replica.stop);
    const renamed = await core.dispatch('renameTeam', {
      accountId: added.id,
      teamId: owned.id,
      name: 'Platform',
    });
    // The replica holds that version when the answer comes, and in it the name saved.
    expect(renamed).toEqual({ ok: true, value: { name: 'Platform' }, version: replica.version() });
    expect(replica.current().accounts[0]?.teams.find((each) => each.id === owned.id)?.name).toBe(
      'Platform',
    );
    // Settings and pins answer so too; a call that changes nothing of the model, and a refusal,
    // name no version.
    const saved = await core.dispatch('updateSettings', { theme: 'dark' });
    expect(saved).toMatchObject({ ok: true, version: replica.version() });
    expect(replica.current().settings.theme).toBe('dark');
    expect(await core.dispatch('watchTeams', { teams: [] })).toEqual({ ok: true, value: null });
    const refused = await core.dispatch('renameTeam', {
      accountId: added.id,
      teamId: owned.id,
      name: '',
    });
    expect(refused).not.toHaveProperty('version');
    expect(refused.ok).toBe(false);
  });
});
