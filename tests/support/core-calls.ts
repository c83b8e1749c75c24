/**
 * Calls into a real core the way the renderer makes them (through dispatch), for the tests of
 * main's handler areas and of the core's wiring.
 */
import { afterEach } from 'vitest';
import type { Method } from '../../common/contract';
import { AppError, type Result } from '../../common/errors';
import type { AccountView, AppState } from '../../common/model';
import { teamsOf, type TeamRecord } from '../../common/team-table';
import type { Core } from '../../main/core-types';
import { seedUser, startFakeFlowFuse, type FakeFlowFuse } from '../fake-server';
import { startTestCore, type TestCore } from './test-core';

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

export async function state(core: Core): Promise<AppState> {
  return call<AppState>(core, 'getState');
}

export async function waitForAccount(
  core: Core,
  id: string,
  predicate: (view: AccountView) => boolean,
  timeoutMs = 5_000,
): Promise<AccountView> {
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
  const added = await call<AccountView>(started.core, 'addAccount', {
    url: fake.url,
    token: alice.token,
  });
  const view = await waitForAccount(started.core, added.id, (each) => each.status === 'ok');
  const team = (name: string): TeamRecord => {
    const found = teamsOf(view.teams).find((each) => each.name === name);
    if (found === undefined) throw new Error(`no team ${name}`);
    return found;
  };
  return { ...started, fake, alice, added, view, team };
}
