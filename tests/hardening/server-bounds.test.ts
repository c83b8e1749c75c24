/**
 * Servers that send far more than a tray can show: 5,000 instances in one team with a 1 MB
 * username and a 1 MB version, and on another server teams of long instance names that together
 * pass the account's budget. What main keeps, what crosses the bridge and what the runtime cache
 * writes to disk stay bounded, and the popover is told "and N more".
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SavedAccountRef } from '../../common/contract';
import type { Account, TeamRuntime } from '../../common/state';

const runtimeOfTeam = (account: Account, teamId: string): TeamRuntime | undefined =>
  account.teams.find((team) => team.id === teamId)?.runtime;
import { MAX_INSTANCES_PER_TEAM } from '../../main/flowfuse/list-caps';
import { ACCOUNT_RUNTIME_BUDGET } from '../../main/runtime/budget';
import { RUNTIME_CACHE_CONFIG_NAME } from '../../main/store/runtime-cache';
import { seedUser, startFakeFlowFuse, type FakeFlowFuse, type SeededUser } from '../fake-server';
import { startTestCore, type TestCore } from '../support/test-core';
import { Cleanups, ok, settingsPath, waitForQuiet } from './harness';

const cleanups = new Cleanups();
afterEach(async () => {
  await cleanups.run();
});

const MB = 1024 * 1024;

async function server(version?: string): Promise<FakeFlowFuse> {
  const fake = await startFakeFlowFuse(version === undefined ? {} : { version });
  cleanups.add(() => fake.close());
  return fake;
}

async function listed(tc: TestCore, fake: FakeFlowFuse, seeded: SeededUser): Promise<Account> {
  const added = await ok<SavedAccountRef>(tc.core, 'addAccount', {
    url: fake.url,
    token: seeded.token,
  });
  await ok(tc.core, 'refresh', { accountId: added.id });
  return waitForQuiet(tc.core, added.id, 60_000);
}

describe('what a server sends is bounded', () => {
  it('5,000 instances, a 1 MB username and version; teams past the budget', async () => {
    const huge = await server(`2.4.0-${'v'.repeat(MB)}`);
    const ada = seedUser(huge, { username: 'u'.repeat(MB), teams: [{ name: 'Huge', role: 50 }] });
    const [hugeTeam] = ada.teams;
    if (hugeTeam === undefined) throw new Error('fixture');
    const fleet = huge.addApplication(hugeTeam, { name: 'Fleet' });
    for (let index = 0; index < 5000; index += 1)
      huge.addInstance(fleet, { name: `node-${index}` });

    const wide = await server();
    const bob = seedUser(wide, {
      username: 'bob',
      teams: Array.from({ length: 6 }, (_, index) => ({
        name: `Long ${index}`,
        role: 50 as const,
      })),
    });
    for (const team of bob.teams) {
      const application = wide.addApplication(team, { name: 'Long' });
      for (let index = 0; index < 500; index += 1) {
        wide.addInstance(application, { name: `${'n'.repeat(1000)}-${index}` });
      }
    }

    const tc = await startTestCore();
    cleanups.add(() => tc.close());
    const hugeView = await listed(tc, huge, ada);
    const wideView = await listed(tc, wide, bob);

    // The username and version are capped where they are parsed, so what is saved is too.
    expect(hugeView.username).toBe('u'.repeat(255));
    expect(hugeView.version).toHaveLength(100);
    expect(statSync(settingsPath(tc.dir)).size).toBeLessThan(16 * 1024);

    // One team: the cap, and the marker the popover shows.
    const team = runtimeOfTeam(hugeView, ada.teams[0]?.id ?? '');
    expect(team?.instances).toHaveLength(MAX_INSTANCES_PER_TEAM);
    expect(team?.instancesLeftOut).toEqual({
      unread: [],
      unreadCount: 0,
      more: 5000 - MAX_INSTANCES_PER_TEAM,
    });

    // An account: the budget keeps what fits and counts the rest.
    const runtimes = bob.teams.map((each) => runtimeOfTeam(wideView, each.id));
    const kept = runtimes.reduce((sum, each) => sum + (each?.instances.length ?? 0), 0);
    const cut = runtimes.reduce((sum, each) => sum + (each?.instancesLeftOut?.more ?? 0), 0);
    expect(kept + cut).toBe(6 * 500);
    expect(cut).toBeGreaterThan(500);
    const runtimesSize = JSON.stringify(wideView.teams.map((each) => each.runtime)).length;
    expect(runtimesSize).toBeLessThan(ACCOUNT_RUNTIME_BUDGET * 1.1);

    // The runtime cache on disk holds no more than the accounts keep.
    await tc.restart();
    const size = statSync(join(tc.dir, `${RUNTIME_CACHE_CONFIG_NAME}.json`)).size;
    expect(size).toBeGreaterThan(2 * MB);
    expect(size).toBeLessThan(ACCOUNT_RUNTIME_BUDGET * 1.1);
  }, 120_000);
});
