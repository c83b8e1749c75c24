/**
 * Calls into a real core the way the renderer makes them (through dispatch), for the tests of
 * main's handler areas and of the core's wiring.
 */
import { afterEach } from 'vitest';
import type { Method, SavedAccountRef } from '../../common/contract';
import { AppError, type Result } from '../../common/errors';
import type { Account, Snapshot, Team, TeamRuntime, TeamtrayState } from '../../common/state';
import type { Core } from '../../main/core-types';
import { seedUser, startFakeFlowFuse, type FakeFlowFuse } from '../fake-server';
import { seedPlant } from '../fake-server/seed-plant';
import { startTestCore, type TestCore } from './test-core';

export { replicaOf } from './replica';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

/** A fake FlowFuse server, closed after the test. */
export async function server(): Promise<FakeFlowFuse> {
  const fake = await startFakeFlowFuse();
  cleanups.push(() => fake.close());
  return fake;
}

/** A core over a temp folder, closed after the test. */
export async function testCore(
  options: Parameters<typeof startTestCore>[0] = {},
): Promise<TestCore> {
  const started = await startTestCore(options);
  cleanups.push(() => started.close());
  return started;
}

/** Dispatches like the renderer; throws the AppError of a failed Result. */
export async function call<T>(core: Core, method: Method, payload?: unknown): Promise<T> {
  const result = (await core.dispatch(method, payload)) as Result<T>;
  if (!result.ok) throw new AppError(result.error.code, result.error.message);
  return result.value;
}

/** The model's tree, as getState answers it. */
export async function state(core: Core): Promise<TeamtrayState> {
  return (await call<Snapshot>(core, 'getState')).state;
}

export async function waitForAccount(
  core: Core,
  id: string,
  predicate: (view: Account) => boolean,
  timeoutMs = 5_000,
): Promise<Account> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const view = (await state(core)).accounts.find((account) => account.id === id);
    if (view !== undefined && predicate(view)) return view;
    if (Date.now() > deadline) throw new Error(`timed out; last view: ${JSON.stringify(view)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export function seedAlice(fake: FakeFlowFuse) {
  return seedUser(fake, {
    username: 'alice',
    teams: [
      { name: 'Owned', role: 50 },
      { name: 'Joined', role: 30 },
    ],
  });
}

/** A fake server with alice's two teams, a core, and alice's account added and listed. */
export async function withAlice(options: Parameters<typeof startTestCore>[0] = {}) {
  const fake = await server();
  const alice = seedAlice(fake);
  const started = await testCore(options);
  const added = await call<SavedAccountRef>(started.core, 'addAccount', {
    url: fake.url,
    token: alice.token,
  });
  const view = await waitForAccount(started.core, added.id, (each) => each.status === 'ok');
  const team = (name: string): Team => {
    const found = view.teams.find((each) => each.name === name);
    if (found === undefined) throw new Error(`no team ${name}`);
    return found;
  };
  return { ...started, fake, alice, added, view, team };
}

/** Waits until getState shows the team's instances and devices as `predicate` wants them. */
export async function waitForRuntime(
  core: Core,
  accountId: string,
  teamId: string,
  predicate: (runtime: TeamRuntime) => boolean,
  timeoutMs = 5_000,
): Promise<TeamRuntime> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const account = (await state(core)).accounts.find((each) => each.id === accountId);
    const runtime = account?.teams.find((team) => team.id === teamId)?.runtime;
    if (runtime !== undefined && predicate(runtime)) return runtime;
    if (Date.now() > deadline) throw new Error(`timed out; last: ${JSON.stringify(runtime)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The state of the instance named `name` in a team's runtime. */
export function instanceState(runtime: TeamRuntime, name: string): string | undefined {
  return runtime.instances.find((instance) => instance.name === name)?.state;
}

/**
 * A fake server (instances starting in 200 ms) with ada owning "Plant" (two instances, one
 * suspended; three devices) and bob a member of it, a core with ada's account listed and the
 * team's runtime read.
 */
export async function withPlant(options: Parameters<typeof startTestCore>[0] = {}) {
  const fake = await startFakeFlowFuse({ startDelayMs: 200 });
  cleanups.push(() => fake.close());
  const ada = seedPlant(fake);
  const team = ada.teams[0];
  const plant = ada.runtimes[0];
  if (team === undefined || plant === undefined) throw new Error('fixture');
  const started = await testCore(options);
  const added = await call<SavedAccountRef>(started.core, 'addAccount', {
    url: fake.url,
    token: ada.token,
  });
  const runtime = await waitForRuntime(
    started.core,
    added.id,
    team.id,
    (each) => each.status === 'ok',
  );
  const instance = (name: string) => {
    const found = plant.instances.find((each) => each.name === name);
    if (found === undefined) throw new Error(`no instance ${name}`);
    return found;
  };
  return { ...started, fake, ada, team, plant, added, runtime, instance };
}
