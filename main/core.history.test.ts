/**
 * An instance's history through the core's wiring (#31 point 5): the transitions Teamtray saw,
 * in order, who stopped it from the audit log, kept in the runtime cache across a restart with
 * the same folder, and bounded.
 */
import { describe, expect, it } from 'vitest';
import type { TeamRuntime } from '../common/state';
import { call, instanceState, waitForRuntime, withPlant } from '../tests/support/core-calls';
import { HISTORY_MAX } from './model/history';

const historyOf = (runtime: TeamRuntime, name: string) =>
  runtime.instances.find((each) => each.name === name)?.history ?? [];

describe('core: an instance’s history', () => {
  it('keeps crashed → running → stopped by its author in order, across a restart', async () => {
    const started = await withPlant();
    const { core, fake, added, team, instance } = started;
    const target = instance('line-1');
    expect(historyOf(started.runtime, 'line-1').map((each) => each.state)).toEqual(['running']);
    const turn = async (state: string) => {
      fake.setInstanceState(target, state);
      await call(core, 'refresh', { accountId: added.id });
      return waitForRuntime(
        core,
        added.id,
        team.id,
        (each) => instanceState(each, 'line-1') === state,
      );
    };
    await turn('crashed');
    await turn('running');
    await call(core, 'instanceAction', {
      accountId: added.id,
      teamId: team.id,
      instanceId: target.id,
      action: 'stop',
    });
    // Settled stopped, then the audit log's last action names who stopped it.
    const stopped = await waitForRuntime(
      core,
      added.id,
      team.id,
      (each) => historyOf(each, 'line-1').at(-1)?.by !== undefined,
    );
    const history = historyOf(stopped, 'line-1');
    expect(history.map(({ state, by }) => ({ state, by }))).toEqual([
      { state: 'running', by: undefined },
      { state: 'crashed', by: undefined },
      { state: 'running', by: undefined },
      { state: 'stopped', by: 'ada' },
    ]);
    const times = history.map((each) => each.at);
    expect(times).toEqual([...times].sort((a, b) => a - b));

    fake.setFault({ kind: 'hang' });
    const again = await started.restart();
    const cached = await waitForRuntime(again, added.id, team.id, () => true);
    expect(historyOf(cached, 'line-1')).toEqual(history);
  });

  it('keeps only the last 20 transitions', async () => {
    const started = await withPlant();
    const { core, fake, added, team, instance } = started;
    let last: TeamRuntime = started.runtime;
    for (let round = 0; round < 12; round += 1) {
      for (const state of ['crashed', 'running']) {
        fake.setInstanceState(instance('line-1'), state);
        await call(core, 'refresh', { accountId: added.id });
        last = await waitForRuntime(
          core,
          added.id,
          team.id,
          (each) =>
            historyOf(each, 'line-1').at(-1)?.state === state &&
            instanceState(each, 'line-1') === state,
        );
      }
    }
    // 1 first seen + 24 transitions: the oldest 5 let go.
    const history = historyOf(last, 'line-1');
    expect(history).toHaveLength(HISTORY_MAX);
    expect(history.at(-1)?.state).toBe('running');
    expect(history[0]?.state).toBe('crashed');
    fake.setFault({ kind: 'hang' });
    const again = await started.restart();
    const cached = await waitForRuntime(again, added.id, team.id, () => true);
    expect(historyOf(cached, 'line-1')).toEqual(history);
  });
});
