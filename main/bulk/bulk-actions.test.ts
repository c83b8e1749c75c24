/**
 * Many instances at once, through the core's wiring against the fake FlowFuse: one account, two
 * accounts, a member refused for one team (named, never sent), one odd item among many good ones,
 * at most 4 actions at a time per server, and the summary kept in the model (getState) so a
 * popover that closed meanwhile reads it when it opens again.
 */
import { describe, expect, it } from 'vitest';
import { bulkQuestion, bulkSummary, type BulkRun } from '../../common/bulk';
import type { SavedAccountRef } from '../../common/contract';
import type { Core } from '../core-types';
import { seedUser, startFakeFlowFuse, type FakeFlowFuse } from '../../tests/fake-server';
import { ACTION_PATH } from '../../tests/fake-server/runtime-routes';
import type { TeamSpec } from '../../tests/fake-server/seed';
import { call, state, testCore, waitForRuntime } from '../../tests/support/core-calls';

const owned = (name: string, instances: readonly string[], role: 30 | 50 = 50): TeamSpec => ({
  name,
  role,
  runtime: {
    applications: [{ name: `${name} app`, instances: instances.map((n) => ({ name: n })) }],
  },
});

async function fakeServer(): Promise<FakeFlowFuse> {
  return startFakeFlowFuse({ startDelayMs: 50 });
}

/** Adds the user's account to the core and waits for every team's instances. */
async function addAccount(core: Core, fake: FakeFlowFuse, user: ReturnType<typeof seedUser>) {
  const added = await call<SavedAccountRef>(core, 'addAccount', {
    url: fake.url,
    token: user.token,
  });
  for (const team of user.teams) {
    await waitForRuntime(core, added.id, team.id, (each) => each.status === 'ok');
  }
  return added;
}

/** Every instance of the user's teams as bulk items of this account. */
function itemsOf(accountId: string, user: ReturnType<typeof seedUser>, names?: readonly string[]) {
  return user.teams.flatMap((team, at) =>
    (user.runtimes[at]?.instances ?? [])
      .filter((instance) => names === undefined || names.includes(instance.name))
      .map((instance) => ({ accountId, teamId: team.id, instanceId: instance.id })),
  );
}

async function finished(core: Core, timeoutMs = 10_000): Promise<BulkRun> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const run = (await state(core)).bulk;
    if (run?.finishedAt != null) return run;
    if (Date.now() > deadline) throw new Error(`timed out; last: ${JSON.stringify(run)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The instance ids FlowFuse was asked to act on, with the action. */
function actionsSent(fake: FakeFlowFuse): string[] {
  return fake.requests.flatMap((request) => {
    const match = request.method === 'POST' ? ACTION_PATH.exec(request.path) : null;
    return match === null ? [] : [`${match[1] ?? ''} ${match[2] ?? ''}`];
  });
}

describe('bulk actions through the core', () => {
  it('restarts two instances of one account, each row following its own restart', async () => {
    const fake = await fakeServer();
    const ada = seedUser(fake, { username: 'ada', teams: [owned('Plant', ['line-1', 'line-2'])] });
    const { core } = await testCore();
    const added = await addAccount(core, fake, ada);
    const items = itemsOf(added.id, ada);
    expect(bulkQuestion('restart', items as never)).toBe(
      'Restart 2 instances in 1 team on 1 account?',
    );
    const started = await call<{ id: number }>(core, 'bulkInstanceAction', {
      action: 'restart',
      items,
    });
    // Each row shows its restart at once, as a single action's does.
    const during = (await state(core)).accounts[0]?.teams[0]?.runtime.instances ?? [];
    expect(during.map((each) => each.action)).toEqual(['restart', 'restart']);
    const run = await finished(core);
    expect(run.id).toBe(started.id);
    expect(bulkSummary(run)).toBe('2 restarted');
    expect(actionsSent(fake).sort()).toEqual(
      items.map((item) => `${item.instanceId} restart`).sort(),
    );
    // Each follows its own restart until it settles, then lets go, as one clicked alone does.
    await waitForRuntime(core, added.id, ada.teams[0]?.id ?? '', (runtime) =>
      runtime.instances.every((each) => each.action === null && each.state === 'running'),
    );
    await fake.close();
  });

  it('counts how each ended, not what FlowFuse took: shown once the last one settled', async () => {
    const fake = await fakeServer();
    const ada = seedUser(fake, { username: 'ada', teams: [owned('Plant', ['line-1', 'line-2'])] });
    // Room between FlowFuse taking the restart and the first look at the state.
    const { core } = await testCore({ actionTiming: { firstPollMs: 400, timeoutMs: 5_000 } });
    const added = await addAccount(core, fake, ada);
    const line2 = ada.runtimes[0]?.instances[1];
    if (line2 === undefined) throw new Error('fixture');
    await call(core, 'bulkInstanceAction', { action: 'restart', items: itemsOf(added.id, ada) });
    // FlowFuse took both restarts; line-2 then crashes before it runs.
    for (let tries = 0; actionsSent(fake).length < 2 && tries < 400; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    fake.setInstanceState(line2, 'crashed');
    const taken = (await state(core)).bulk;
    expect(taken?.finishedAt).toBeNull();
    expect(taken === undefined || taken === null ? '' : bulkSummary(taken)).toBe(
      'Restart: 0 of 2 ended',
    );
    const run = await finished(core);
    expect(run.items.map((item) => item.outcome)).toEqual(['done', 'failed']);
    expect(bulkSummary(run)).toBe('1 restarted · 1 failed: line-2 is crashed');
    // The summary came once both rows had settled.
    const rows = (await state(core)).accounts[0]?.teams[0]?.runtime.instances ?? [];
    expect(rows.map((each) => [each.name, each.action, each.state])).toEqual([
      ['line-1', null, 'running'],
      ['line-2', null, 'crashed'],
    ]);
    await fake.close();
  });

  it('restarts instances of two accounts on two servers in one go', async () => {
    const first = await fakeServer();
    const second = await fakeServer();
    const ada = seedUser(first, {
      username: 'ada',
      teams: [owned('Plant', ['line-1']), owned('Lab', ['lab-1'])],
    });
    const bo = seedUser(second, { username: 'bo', teams: [owned('Depot', ['gate-1', 'gate-2'])] });
    const { core } = await testCore();
    const a = await addAccount(core, first, ada);
    const b = await addAccount(core, second, bo);
    const items = [...itemsOf(a.id, ada), ...itemsOf(b.id, bo)];
    expect(bulkQuestion('restart', items as never)).toBe(
      'Restart 4 instances in 3 teams on 2 accounts?',
    );
    await call(core, 'bulkInstanceAction', { action: 'restart', items });
    const run = await finished(core);
    expect(bulkSummary(run)).toBe('4 restarted');
    expect(run.items.map((item) => item.outcome)).toEqual(['done', 'done', 'done', 'done']);
    // Each server was asked for its own instances only, each with its own account's token.
    expect(actionsSent(first).sort()).toEqual(
      itemsOf(a.id, ada)
        .map((item) => `${item.instanceId} restart`)
        .sort(),
    );
    expect(actionsSent(second).sort()).toEqual(
      itemsOf(b.id, bo)
        .map((item) => `${item.instanceId} restart`)
        .sort(),
    );
    await first.close();
    await second.close();
  });

  it('names and leaves out the instances of a team where the user is a member, sending none of them', async () => {
    const fake = await fakeServer();
    const ada = seedUser(fake, {
      username: 'ada',
      teams: [owned('Plant', ['line-1', 'line-2']), owned('Field Engineering', ['probe-1'], 30)],
    });
    const { core } = await testCore();
    const added = await addAccount(core, fake, ada);
    const items = itemsOf(added.id, ada);
    await call(core, 'bulkInstanceAction', { action: 'restart', items });
    const run = await finished(core);
    expect(bulkSummary(run)).toBe('2 restarted · 1 refused: you are a member of Field Engineering');
    const probe = run.items.find((item) => item.name === 'probe-1');
    expect(probe?.outcome).toBe('refused');
    // The member's instance never reached the server.
    const probeId = ada.runtimes[1]?.instances[0]?.id ?? '';
    expect(actionsSent(fake).some((sent) => sent.startsWith(probeId))).toBe(false);
    expect(actionsSent(fake)).toHaveLength(2);
    await fake.close();
  });

  it('answers one odd item among many good ones on its own: the rest go through', async () => {
    const fake = await fakeServer();
    const names = Array.from({ length: 9 }, (_, n) => `i-${String(n)}`);
    const ada = seedUser(fake, {
      username: 'ada',
      teams: [
        owned('Plant', names),
        {
          name: 'Stopped',
          role: 50,
          runtime: {
            applications: [{ name: 'S', instances: [{ name: 'asleep', state: 'stopped' }] }],
          },
        },
      ],
    });
    const odd = ada.runtimes[0]?.instances[4];
    if (odd === undefined) throw new Error('fixture');
    // The server fails this one instance's restart, and only it.
    fake.setFault(
      { kind: 'json', status: 400, body: { code: 'bad_request', error: 'Broken launcher' } },
      { path: `/api/v1/projects/${odd.id}/actions/restart` },
    );
    const { core } = await testCore();
    const added = await addAccount(core, fake, ada);
    // The stopped one cannot restart: it is left out, with why, before anything is sent.
    await call(core, 'bulkInstanceAction', {
      action: 'restart',
      items: itemsOf(added.id, ada),
    });
    const run = await finished(core);
    expect(run.items.filter((item) => item.outcome === 'done')).toHaveLength(8);
    expect(bulkSummary(run)).toMatch(
      /^8 restarted · 2 refused: i-4: .*Broken launcher.*; asleep is stopped$/,
    );
    // The stopped one was not sent; the odd one was sent once and refused; the rest went.
    expect(actionsSent(fake)).toHaveLength(9);
    await fake.close();
  });

  it('sends at most 4 actions at a time to one server, and refuses a second bulk action meanwhile', async () => {
    const fake = await fakeServer();
    const names = Array.from({ length: 10 }, (_, n) => `i-${String(n)}`);
    const ada = seedUser(fake, { username: 'ada', teams: [owned('Plant', names)] });
    let inFlight = 0;
    let most = 0;
    const counting: typeof fetch = async (input, init) => {
      const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
      const method = input instanceof Request ? input.method : init?.method;
      const action = method === 'POST' && ACTION_PATH.test(path);
      if (action) most = Math.max(most, (inFlight += 1));
      try {
        return await fetch(input, init);
      } finally {
        if (action) inFlight -= 1;
      }
    };
    fake.setFault({ kind: 'latency', ms: 40 }, { path: ACTION_PATH });
    const { core } = await testCore({ fetch: counting });
    const added = await addAccount(core, fake, ada);
    const items = itemsOf(added.id, ada);
    await call(core, 'bulkInstanceAction', { action: 'restart', items });
    await expect(call(core, 'bulkInstanceAction', { action: 'stop', items })).rejects.toThrow(
      /already under way/,
    );
    const run = await finished(core);
    expect(bulkSummary(run)).toBe('10 restarted');
    expect(most).toBe(4);
    await fake.close();
  });

  it('refuses more than 100 items, and a malformed item, at the bridge', async () => {
    const { core } = await testCore();
    const item = { accountId: 'a', teamId: 't', instanceId: 'i' };
    const many = Array.from({ length: 101 }, () => item);
    const tooMany = await core.dispatch('bulkInstanceAction', { action: 'restart', items: many });
    expect(tooMany.ok ? 'ok' : tooMany.error.code).toBe('invalid_request');
    const odd = await core.dispatch('bulkInstanceAction', {
      action: 'restart',
      items: [{ ...item, token: 'ffpat_x' }],
    });
    expect(odd.ok ? 'ok' : odd.error.code).toBe('invalid_request');
    const none = await core.dispatch('bulkInstanceAction', { action: 'restart', items: [] });
    expect(none.ok ? 'ok' : none.error.code).toBe('invalid_request');
  });
});
