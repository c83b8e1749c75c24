/**
 * A saved token is bound to its server (main/vault/bound-secret.ts), through the core against
 * two fake FlowFuse servers and real files: someone who can edit the settings file (a restored
 * backup, a synced folder) moves an account to another server; at the next start the token goes
 * nowhere, the account says why and asks for the token again, and pasting it reconnects with the
 * label, the other accounts and their tokens as they were.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SavedAccountRef } from '../common/contract';
import { seedUser } from '../tests/fake-server';
import { call, server, testCore, waitForAccount } from '../tests/support/core-calls';

interface Config {
  accounts: { id: string; origin: string }[];
  [key: string]: unknown;
}

describe('core: a token bound to its server', () => {
  it('sends no token to an address edited in the settings file, and asks for it again in words', async () => {
    const home = await server();
    const collector = await server();
    const ada = seedUser(home, { username: 'ada', teams: [{ name: 'Plant', role: 50 }] });
    const bob = seedUser(home, { username: 'bob', teams: [{ name: 'Lab', role: 30 }] });
    // The same user on the other server, for the token the user pastes there.
    const there = seedUser(collector, {
      username: 'ada',
      teams: [{ name: 'Elsewhere', role: 50 }],
    });
    const started = await testCore();
    const moved = await call<SavedAccountRef>(started.core, 'addAccount', {
      url: home.url,
      label: 'Factory',
      token: ada.token,
    });
    const kept = await call<SavedAccountRef>(started.core, 'addAccount', {
      url: home.url,
      token: bob.token,
    });

    // Between two runs, the file is edited: ada's account now points at the collector.
    started.core.dispose();
    const file = join(started.dir, 'config.json');
    const config = JSON.parse(await readFile(file, 'utf8')) as Config;
    const entry = config.accounts.find((each) => each.id === moved.id);
    if (entry === undefined) throw new Error('not saved');
    entry.origin = collector.origin;
    await writeFile(file, JSON.stringify(config));
    const core = await started.restart();
    await core.refreshAll();

    // Not one request carried ada's token to the collector.
    const sent = collector.requests.filter((each) => each.authorization?.includes(ada.token));
    expect(sent).toEqual([]);
    const refused = await waitForAccount(core, moved.id, (each) => each.status !== 'loading');
    expect(refused.status).toBe('token_unavailable');
    expect(refused.error?.message).toContain(
      `The saved token does not belong to ${new URL(collector.origin).host}`,
    );
    expect(refused.error?.message).toContain('Paste the token again');
    // The other account is untouched.
    const other = await waitForAccount(core, kept.id, (each) => each.status === 'ok');
    expect(other.teams.map((team) => team.name)).toEqual(['Lab']);

    // Pasting the collector's token reconnects the account, its label kept.
    await call(core, 'updateAccount', { id: moved.id, token: there.token });
    await core.refreshAll();
    const back = await waitForAccount(core, moved.id, (each) => each.status === 'ok');
    expect(back.label).toBe('Factory');
    expect(back.teams.map((team) => team.name)).toEqual(['Elsewhere']);
    expect(collector.requests.some((each) => each.authorization?.includes(ada.token))).toBe(false);

    // And the next start opens both accounts with their tokens.
    const again = await started.restart();
    await again.refreshAll();
    expect((await waitForAccount(again, moved.id, (each) => each.status === 'ok')).origin).toBe(
      collector.origin,
    );
    await waitForAccount(again, kept.id, (each) => each.status === 'ok');
  });
});
