/**
 * The bridge's pushes through the real core (issue 30): main sends one push per tick
 * (ipc/patch-pushes.ts), but a call's own changes are pushed before its answer, so the renderer's
 * replica holds them when the answer comes, as when each change was its own push.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { call, replicaOf, testCore } from '../tests/support/core-calls';

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
});
