/**
 * A crash's notification waits (at most the watcher's changeWaitMs) for what changed just before
 * it, and carries it on the line above where it is: driven through the model's transitions, as
 * the services and change-before.ts apply them.
 */
import { describe, expect, it } from 'vitest';
import { asAccountId, asInstanceId, asOrigin, asTeamId } from '../../common/brand';
import { DEFAULT_SETTINGS } from '../../common/settings-defaults';
import type { ChangeBefore } from '../../common/state';
import { createModel } from '../model/model';
import type { ReadInstance } from '../model/facts';
import { accountOf, stateOf, teamOf } from '../../tests/support/state-builders';
import { createRuntimeWatcher, type AppNotification } from './runtime-watcher';

const A = asAccountId('a1');
const T = asTeamId('t1');
const I = asInstanceId('i1');
const WAIT = 3_000;
const NOW = 1_000_000_000;

function setup(changeWaitMs: number) {
  const shown: AppNotification[] = [];
  let timers: { run: () => void; ms: number }[] = [];
  const model = createModel(
    stateOf({
      settings: DEFAULT_SETTINGS,
      accounts: [
        accountOf('a1', {
          username: 'ada',
          origin: asOrigin('https://ff.example.com'),
          teams: [teamOf('t1', { name: 'Plant' })],
        }),
      ],
    }),
  );
  const watcher = createRuntimeWatcher({
    notifier: { notify: (each) => shown.push(each) },
    now: () => NOW,
    changeWaitMs,
    // The model records the reminder (the core does so once the change reached every listener).
    reminded: (reminded) => {
      model.apply('stillDownReminded', reminded);
    },
    schedule: (run, ms) => {
      const timer = { run, ms };
      timers.push(timer);
      return () => {
        timers = timers.filter((each) => each !== timer);
      };
    },
  });
  model.subscribe((change) => {
    watcher.changed(change);
  });
  const read = (state: string): void => {
    const instance: ReadInstance = { id: I, name: 'line-3', url: null, application: 'A', state };
    model.apply('read', {
      accountId: A,
      teamId: T,
      reading: { instances: [instance], devices: [] },
      at: NOW,
    });
  };
  const changeRead = (changeBefore: ChangeBefore): void => {
    model.apply('changeBeforeRead', { accountId: A, teamId: T, instanceId: I, changeBefore });
  };
  const startFailed = (): void => {
    model.apply('lastActionRead', {
      accountId: A,
      teamId: T,
      instanceId: I,
      lastAction: { event: 'project.start-failed', at: NOW, by: null },
    });
  };
  const timeUp = (): void => {
    const due = timers;
    timers = [];
    for (const timer of due) timer.run();
  };
  return { shown, read, changeRead, startFailed, timeUp, timers: () => timers };
}

const DEPLOY: ChangeBefore = {
  event: 'flows.set',
  at: NOW - 4 * 60_000,
  by: 'bob',
  problem: 'crashed',
  problemAt: NOW,
};

describe('a crash’s notification and what changed before it', () => {
  it('waits for the change and says it above where it is', () => {
    const { shown, read, changeRead, timers } = setup(WAIT);
    read('running');
    read('crashed');
    expect(shown).toEqual([]);
    expect(timers().map((each) => each.ms)).toEqual([WAIT]);
    changeRead(DEPLOY);
    expect(shown).toEqual([
      {
        title: 'line-3 crashed',
        body: 'Flows deployed by bob 4 min before the crash\nPlant · ada @ ff.example.com',
        target: { accountId: A, teamId: T, item: { kind: 'instance', id: I } },
      },
    ]);
    // Told once: the wait is over.
    expect(timers()).toEqual([]);
  });

  it('says "you" for the account’s own change, and nothing when the log holds none', () => {
    const own = setup(WAIT);
    own.read('running');
    own.read('safe');
    own.changeRead({ ...DEPLOY, by: 'ada', problem: 'safe', event: 'nodes.install' });
    expect(own.shown.map((each) => each.body)).toEqual([
      'Nodes installed by you 4 min before safe mode\nPlant · ada @ ff.example.com',
    ]);
    const none = setup(WAIT);
    none.read('running');
    none.read('crashed');
    none.changeRead({ ...DEPLOY, event: null, at: null, by: null });
    expect(none.shown.map((each) => each.body)).toEqual(['Plant · ada @ ff.example.com']);
  });

  it('is told without it when the read does not come in time', () => {
    const { shown, read, timeUp } = setup(WAIT);
    read('running');
    read('crashed');
    timeUp();
    expect(shown.map((each) => [each.title, each.body])).toEqual([
      ['line-3 crashed', 'Plant · ada @ ff.example.com'],
    ]);
  });

  it('is told at once by a watcher that does not wait', () => {
    const { shown, read, timers } = setup(0);
    read('running');
    read('crashed');
    expect(shown.map((each) => each.title)).toEqual(['line-3 crashed']);
    expect(timers()).toEqual([]);
  });

  it('waits the same for a failed start, once its audit log names it, and says the change', () => {
    const { shown, read, startFailed, changeRead, timers } = setup(WAIT);
    read('running');
    read('suspended');
    startFailed();
    expect(shown).toEqual([]);
    expect(timers().map((each) => each.ms)).toEqual([WAIT]);
    changeRead({ ...DEPLOY, event: 'project.settings.updated', problem: 'start-failed' });
    expect(shown.map((each) => [each.title, each.body])).toEqual([
      [
        'line-3 failed to start',
        'Settings changed by bob 4 min before the failed start\nPlant · ada @ ff.example.com',
      ],
    ]);
    expect(timers()).toEqual([]);

    // No read in time: told without it.
    const late = setup(WAIT);
    late.read('running');
    late.read('suspended');
    late.startFailed();
    late.timeUp();
    expect(late.shown.map((each) => [each.title, each.body])).toEqual([
      ['line-3 failed to start', 'Plant · ada @ ff.example.com'],
    ]);
  });
});
