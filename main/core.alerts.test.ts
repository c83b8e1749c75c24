/**
 * Alerts you can trust (#31), through the core's wiring against the fake FlowFuse server: a crash
 * that is over is told with how long it lasted and shows on the instance (the model's fact), the
 * one still-down reminder, a device's grace period before "went offline" and developer mode's
 * silence, a stop made by a script with someone's token "via API", and a replaced token that
 * works again ("connected again"). The core's clock is the
 * test's: the real one, moved on where the test says time passed.
 */
import { describe, expect, it } from 'vitest';
import type { SavedAccountRef } from '../common/contract';
import type { TeamRuntime } from '../common/state';
import { startFakeFlowFuse } from '../tests/fake-server';
import { seedPlant } from '../tests/fake-server/seed-plant';
import {
  call,
  instanceState,
  state,
  testCore,
  waitForRuntime,
  withPlant,
} from '../tests/support/core-calls';

const MIN = 60_000;

/** The real clock, moved on by `pass`. */
function movableClock() {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    pass: (ms: number) => {
      offset += ms;
    },
  };
}

const titles = (notifier: { shown: readonly { title: string }[] }) =>
  notifier.shown.map((each) => each.title);

/** Waits until the notifier shows `count` notifications (a stop waits for its author). */
async function shownCount(notifier: { shown: readonly unknown[] }, count: number): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (notifier.shown.length < count && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('core: alerts you can trust', () => {
  it('tells once that a crashed instance runs again, with how long it was down, and the row has it', async () => {
    const clock = movableClock();
    const { core, fake, added, team, instance, notifier } = await withPlant({ now: clock.now });
    const refreshUntil = async (check: (runtime: TeamRuntime) => boolean) => {
      await call(core, 'refresh', { accountId: added.id });
      return waitForRuntime(core, added.id, team.id, check);
    };
    fake.setInstanceState(instance('line-1'), 'crashed');
    await refreshUntil((each) => instanceState(each, 'line-1') === 'crashed');
    clock.pass(12 * MIN);
    fake.setInstanceState(instance('line-1'), 'running');
    const after = await refreshUntil((each) => instanceState(each, 'line-1') === 'running');
    expect(titles(notifier)).toEqual(['line-1 crashed', 'line-1 is running again (down 12 min)']);
    const line1 = after.instances.find((each) => each.name === 'line-1');
    expect(line1?.trouble).toBeNull();
    expect(line1?.recovered).toMatchObject({ from: 'crashed' });
    expect(line1?.recovered?.downMs).toBeGreaterThanOrEqual(12 * MIN);
    expect(line1?.recovered?.downMs).toBeLessThan(13 * MIN);
    // A later refresh finds nothing new: one notification.
    await refreshUntil(() => true);
    expect(titles(notifier)).toHaveLength(2);
  });

  it('reminds once when an instance is still crashed after the chosen time', async () => {
    const clock = movableClock();
    const { core, fake, added, team, instance, notifier } = await withPlant({ now: clock.now });
    await call(core, 'updateSettings', { remindAfterMinutes: 30 });
    const refresh = async () => {
      await call(core, 'refresh', { accountId: added.id });
      await waitForRuntime(core, added.id, team.id, (each) => each.status === 'ok');
    };
    fake.setInstanceState(instance('line-1'), 'crashed');
    await call(core, 'refresh', { accountId: added.id });
    await waitForRuntime(
      core,
      added.id,
      team.id,
      (each) => instanceState(each, 'line-1') === 'crashed',
    );
    clock.pass(20 * MIN);
    await refresh();
    // The crash is told once its change before is read (or the wait for it is over).
    await shownCount(notifier, 1);
    expect(titles(notifier)).toEqual(['line-1 crashed']);
    clock.pass(11 * MIN);
    await refresh();
    await shownCount(notifier, 2);
    // The reminder is a fact of the crash in the model (its trouble's remindedAt), not a map.
    const reminded = (await state(core)).accounts
      .find((each) => each.id === added.id)
      ?.teams.find((each) => each.id === team.id)
      ?.runtime.instances.find((each) => each.name === 'line-1')?.trouble;
    expect(reminded?.remindedAt).toBeGreaterThan(reminded?.since ?? Infinity);
    clock.pass(60 * MIN);
    await refresh();
    expect(titles(notifier)).toEqual(['line-1 crashed', 'line-1 still crashed after 30 min']);
  });

  it('waits the grace period before a device went offline, and never alerts in developer mode', async () => {
    const { core, added, team, plant, notifier } = await withPlant();
    await call(core, 'updateSettings', { notifyDevices: true });
    const press = plant.devices.find((each) => each.name === 'press-1');
    if (press === undefined) throw new Error('fixture');
    const refresh = async () => {
      await call(core, 'refresh', { accountId: added.id });
      await waitForRuntime(core, added.id, team.id, (each) => each.status === 'ok');
    };
    await refresh();
    // Offline for FlowFuse (past 3 minutes), within the 5 minutes' grace: no alert.
    press.lastSeenAt = Date.now() - 6 * MIN;
    await refresh();
    expect(titles(notifier)).toEqual([]);
    press.lastSeenAt = Date.now() - 9 * MIN;
    await refresh();
    await shownCount(notifier, 1);
    expect(titles(notifier)).toEqual(['press-1 went offline']);

    // Back, then in developer mode and gone for an hour: nothing, and the model says why.
    press.lastSeenAt = Date.now();
    await refresh();
    await shownCount(notifier, 2);
    expect(titles(notifier)[1]).toMatch(/^press-1 is back online \(offline \d+ min\)$/);
    press.mode = 'developer';
    press.lastSeenAt = Date.now() - 60 * MIN;
    await call(core, 'refresh', { accountId: added.id });
    const read = await waitForRuntime(core, added.id, team.id, (each) =>
      each.devices.some((device) => device.name === 'press-1' && device.mode === 'developer'),
    );
    expect(read.devices.find((each) => each.name === 'press-1')?.mode).toBe('developer');
    await refresh();
    expect(titles(notifier)).toHaveLength(2);
  });

  it('says "via API" when a script stopped an instance with someone’s token (FlowFuse 2.32+)', async () => {
    const fake = await startFakeFlowFuse({ apiSource: true });
    const ada = seedPlant(fake);
    const [team] = ada.teams;
    const line1 = ada.runtimes[0]?.instances.find((each) => each.name === 'line-1');
    if (team === undefined || line1 === undefined) throw new Error('fixture');
    const bob = fake.addUser({ username: 'bob' });
    fake.setRole(team, bob, 50);
    const bobToken = fake.createToken(bob);
    const { core, notifier } = await testCore();
    try {
      const added = await call<SavedAccountRef>(core, 'addAccount', {
        url: fake.url,
        token: ada.token,
      });
      await waitForRuntime(core, added.id, team.id, (each) => each.status === 'ok');
      const stopped = await fetch(`${fake.origin}/api/v1/projects/${line1.id}/actions/stop`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bobToken}`, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(stopped.status).toBe(200);
      await call(core, 'refresh', { accountId: added.id });
      const read = await waitForRuntime(core, added.id, team.id, (each) =>
        each.instances.some((one) => one.name === 'line-1' && one.lastAction?.viaApi === true),
      );
      expect(read.instances.find((one) => one.name === 'line-1')?.lastAction).toMatchObject({
        event: 'project.stopped',
        by: 'bob',
        viaApi: true,
      });
      await shownCount(notifier, 1);
      expect(titles(notifier)).toEqual(['line-1 was stopped by bob via API']);
    } finally {
      await fake.close();
    }
  });
});

describe('core: a token that works again', () => {
  it('tells once that the account is connected again after a new token', async () => {
    const { core, fake, added, ada, notifier } = await withPlant();
    fake.revokeToken(ada.token);
    await call(core, 'refresh', { accountId: added.id });
    await shownCount(notifier, 1);
    expect(titles(notifier)).toEqual(['A FlowFuse token stopped working']);
    await call(core, 'updateAccount', { id: added.id, token: fake.createToken(ada.user) });
    await call(core, 'refresh', { accountId: added.id });
    await shownCount(notifier, 2);
    expect(titles(notifier)).toEqual([
      'A FlowFuse token stopped working',
      expect.stringMatching(/ is connected again$/),
    ]);
  });
});
