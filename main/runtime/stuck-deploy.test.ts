/**
 * A device that does not reach its target snapshot, through the core against the fake server:
 * its snapshots' names are read with its team, the time Teamtray first saw it off its target is
 * kept across reads and restarts, and past a quarter of an hour it needs the user (the tray and
 * the summary count it: "1 device not updated"); once on its target, nothing.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { attentionText } from '../../common/attention';
import { STUCK_AFTER_MS } from '../../common/stuck-deploy';
import type { TeamRuntime } from '../../common/state';
import { call, waitForRuntime, withPlant } from '../../tests/support/core-calls';

const deviceOf = (runtime: TeamRuntime, name: string) =>
  runtime.devices.find((each) => each.name === name);

describe('a device not on its target snapshot', () => {
  it('is counted once it has been off its target for 15 minutes, and not after it arrives', async () => {
    let clock = Date.now();
    const plant = await withPlant({ now: () => clock });
    const { core, fake, added, team } = plant;
    const press = fake.runtime.devicesOf(team.id).find((each) => each.name === 'press-1');
    if (press === undefined) throw new Error('fixture');
    const counts = () => core.traySummary().perAccount[0]?.counts;
    const refresh = async (check: (runtime: TeamRuntime) => boolean) => {
      await call(core, 'refresh', { accountId: added.id });
      return waitForRuntime(core, added.id, team.id, check);
    };

    // A deploy to press-1 that does not arrive.
    fake.setDeviceSnapshots(press, { active: 'line v1', target: 'line v2' });
    const before = Date.now();
    const first = await refresh((each) => deviceOf(each, 'press-1')?.targetSnapshot !== null);
    expect(deviceOf(first, 'press-1')).toMatchObject({
      activeSnapshot: 'line v1',
      targetSnapshot: 'line v2',
    });
    // When the read saw it (the client's clock, like a last-seen time).
    const seenAt = deviceOf(first, 'press-1')?.notOnTargetSince ?? 0;
    expect(seenAt).toBeGreaterThanOrEqual(before);
    expect(seenAt).toBeLessThanOrEqual(Date.now());
    expect(core.trayStatus()).toBe('ok');
    expect(counts()?.notUpdated ?? 0).toBe(0);

    // 14 minutes on, still not there: the first sighting stands, still not a problem.
    clock += STUCK_AFTER_MS - 60_000;
    fake.heartbeat(press);
    const later = await refresh((each) => each.fetchedAt !== first.fetchedAt);
    expect(deviceOf(later, 'press-1')?.notOnTargetSince).toBe(seenAt);
    expect(core.trayStatus()).toBe('ok');

    // Past a quarter of an hour (kept across a restart): the tray and the summary count it.
    clock += 2 * 60_000;
    const next = await plant.restart();
    await call(next, 'refresh', { accountId: added.id });
    const stuck = await waitForRuntime(next, added.id, team.id, (each) => each.status === 'ok');
    expect(deviceOf(stuck, 'press-1')?.notOnTargetSince).toBe(seenAt);
    await expect.poll(() => next.trayStatus()).toBe('attention');
    const after = next.traySummary().perAccount[0]?.counts;
    expect(after?.notUpdated).toBe(1);
    expect(after === undefined ? '' : attentionText(after)).toContain('1 device not updated');

    // It arrives: nothing to say any more.
    fake.setDeviceSnapshots(press, { active: 'line v2', target: 'line v2' });
    await call(next, 'refresh', { accountId: added.id });
    const arrived = await waitForRuntime(
      next,
      added.id,
      team.id,
      (each) => deviceOf(each, 'press-1')?.activeSnapshot === 'line v2',
    );
    expect(deviceOf(arrived, 'press-1')).toMatchObject({
      targetSnapshot: 'line v2',
      notOnTargetSince: null,
    });
    await expect.poll(() => next.trayStatus()).toBe('ok');
  });

  it('is counted when its quarter of an hour passes on its own, with no read and no change of the model', async () => {
    // Fake timers that also move with real time, so the fake server and the waits still run.
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
      shouldAdvanceTime: true,
    });
    const { core, fake, added, team } = await withPlant({ now: () => Date.now() });
    const press = fake.runtime.devicesOf(team.id).find((each) => each.name === 'press-1');
    if (press === undefined) throw new Error('fixture');
    fake.setDeviceSnapshots(press, { active: 'line v1', target: 'line v2' });
    await call(core, 'refresh', { accountId: added.id });
    await waitForRuntime(core, added.id, team.id, (each) => {
      return deviceOf(each, 'press-1')?.notOnTargetSince !== null;
    });
    expect(core.traySummary().perAccount[0]?.counts.notUpdated ?? 0).toBe(0);
    // No background refresh in these 15 minutes: only the clock moves.
    await call(core, 'updateSettings', { refreshIntervalMinutes: 0 });
    let patches = 0;
    core.onEvent((event) => {
      if (event === 'patches') patches += 1;
    });
    const requests = fake.requests.length;

    await vi.advanceTimersByTimeAsync(STUCK_AFTER_MS - 60_000);
    expect(core.traySummary().perAccount[0]?.counts.notUpdated ?? 0).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(core.traySummary().perAccount[0]?.counts.notUpdated).toBe(1);
    expect(core.trayStatus()).toBe('attention');
    // The clock moved it alone: nothing was read and the model did not change.
    expect(fake.requests.slice(requests).map((r) => r.path)).toEqual([]);
    expect(patches).toBe(0);
  });
});

afterEach(() => {
  vi.useRealTimers();
});
