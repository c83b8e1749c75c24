/**
 * Alerts you can trust (#31), as the watcher tells them from the model's changes: a problem that
 * is over ("is running again (down 12 min)", "is out of safe mode", "is back online (offline 40
 * min)", "connected again"), the one still-down reminder after the chosen time, the devices'
 * grace period and developer mode's silence, and a stop made with a token "via API". The clock
 * is the test's.
 */
import { describe, expect, it } from 'vitest';
import { asAccountId, asDeviceId, asInstanceId, asOrigin, asTeamId } from '../../common/brand';
import { DEFAULT_SETTINGS } from '../../common/settings-defaults';
import type { Settings } from '../../common/settings';
import type { Device } from '../../common/state';
import { createModel } from '../model/model';
import type { ReadInstance } from '../model/facts';
import { accountOf, stateOf, teamOf } from '../../tests/support/state-builders';
import {
  ACTOR_WAIT_MS,
  createRuntimeWatcher,
  NOTIFY_AT_MOST_EVERY_MS,
  type AppNotification,
} from './runtime-watcher';

const A = asAccountId('a1');
const T1 = asTeamId('t1');
const MIN = 60_000;

function setup(settings: Partial<Settings> = {}) {
  let now = 1_000_000_000;
  const shown: AppNotification[] = [];
  const model = createModel(
    stateOf({
      settings: { ...DEFAULT_SETTINGS, notifyDevices: true, ...settings },
      accounts: [
        accountOf('a1', {
          username: 'ada',
          origin: asOrigin('https://ff.example.com'),
          teams: [teamOf('t1', { name: 'Plant' })],
        }),
      ],
    }),
  );
  let timers: { run: () => void; ms: number }[] = [];
  const watcher = createRuntimeWatcher({
    notifier: { notify: (notification) => shown.push(notification) },
    now: () => now,
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
  const read = (instances: ReadInstance[], devices: Device[] = []): void => {
    model.apply('read', { accountId: A, teamId: T1, reading: { instances, devices }, at: now });
  };
  const advance = (ms: number): void => {
    now += ms;
  };
  const waited = (): void => {
    const due = timers.filter((timer) => timer.ms === ACTOR_WAIT_MS);
    timers = timers.filter((timer) => timer.ms !== ACTOR_WAIT_MS);
    for (const timer of due) timer.run();
  };
  const titles = () => shown.map((each) => each.title);
  return { model, shown, titles, read, advance, waited, now: () => now };
}

const instance = (id: string, state: string): ReadInstance => ({
  id: asInstanceId(id),
  name: `line-${id}`,
  url: null,
  application: 'App',
  state,
});
const device = (id: string, lastSeenAt: number | null, more: Partial<Device> = {}): Device => ({
  id: asDeviceId(id),
  name: `press-${id}`,
  lastSeenAt,
  state: 'running',
  onlineStatus: null,
  mode: null,
  action: null,
  activeSnapshot: null,
  targetSnapshot: null,
  notOnTargetSince: null,
  ...more,
});

describe('runtime watcher: a problem that is over', () => {
  it('tells that a crashed instance runs again, with how long it was down', () => {
    const { read, advance, shown, titles } = setup();
    read([instance('3', 'running')]);
    read([instance('3', 'crashed')]);
    advance(12 * MIN);
    read([instance('3', 'running')]);
    expect(titles()).toEqual(['line-3 crashed', 'line-3 is running again (down 12 min)']);
    expect(shown[1]).toEqual({
      title: 'line-3 is running again (down 12 min)',
      body: 'Plant · ada @ ff.example.com',
      target: { accountId: A, teamId: 't1', item: { kind: 'instance', id: '3' } },
    });
  });

  it('tells that an instance is out of safe mode, after a restart someone else made', () => {
    const { read, advance, titles } = setup();
    read([instance('3', 'running')]);
    read([instance('3', 'safe')]);
    advance(3 * MIN);
    read([instance('3', 'restarting')]);
    advance(MIN);
    read([instance('3', 'running')]);
    expect(titles()).toEqual(['line-3 safe', 'line-3 is out of safe mode (down 4 min)']);
  });

  it('tells that a failed start later started', () => {
    const { model, read, advance, titles, waited } = setup();
    read([instance('3', 'running')]);
    read([instance('3', 'suspended')]);
    model.apply('lastActionRead', {
      accountId: A,
      teamId: T1,
      instanceId: asInstanceId('3'),
      lastAction: { event: 'project.start-failed', at: 1_000_000_000, by: null },
    });
    waited();
    advance(20 * MIN);
    read([instance('3', 'running')]);
    expect(titles()).toEqual(['line-3 failed to start', 'line-3 is running again (down 20 min)']);
  });

  it('says nothing of an end the user brought about from Teamtray, but the model keeps it', () => {
    const { model, read, advance, titles, now } = setup();
    const ref = { accountId: A, teamId: T1, instanceId: asInstanceId('3') };
    read([instance('3', 'running')]);
    read([instance('3', 'crashed')]);
    advance(5 * MIN);
    model.apply('actionSent', { ...ref, action: 'restart', at: now() });
    model.apply('settled', { ...ref, state: 'running', at: now() });
    expect(titles()).toEqual(['line-3 crashed']);
    const shownInstance = model.state().accounts[0]?.teams[0]?.runtime.instances[0];
    // It says it was the user's restart: the row tells what the action did (recovery-line.ts).
    expect(shownInstance?.recovered).toEqual({
      at: now(),
      from: 'crashed',
      downMs: 5 * MIN,
      action: 'restart',
    });
    expect(shownInstance?.trouble).toBeNull();
  });

  it('keeps quiet about ends when "When a problem is over" is off', () => {
    const { read, advance, titles } = setup({ notifyRecoveries: false });
    read([instance('3', 'running')], [device('d', 1_000_000_000)]);
    read([instance('3', 'crashed')], [device('d', 1_000_000_000)]);
    advance(30 * MIN);
    read([instance('3', 'running')], [device('d', 1_000_000_000 + 30 * MIN)]);
    expect(titles()).toEqual(['line-3 crashed']);
  });

  it('groups many ends as today’s news is grouped', () => {
    const { read, advance, titles } = setup();
    const all = (state: string) => ['1', '2', '3', '4', '5'].map((id) => instance(id, state));
    read(all('running'));
    read(all('crashed'));
    advance(12 * MIN);
    read(all('running'));
    expect(titles()).toEqual([
      '5 instances crashed',
      '5 instances are running again (down 12 min)',
    ]);
    // Each down for its own time: the summary says what they have in common.
    read([instance('1', 'crashed'), ...all('running').slice(1)]);
    advance(NOTIFY_AT_MOST_EVERY_MS);
    read(all('crashed'));
    advance(5 * MIN);
    read(all('running'));
    expect(titles().slice(2)).toEqual([
      'line-1 crashed',
      '4 instances crashed',
      '5 instances are back',
    ]);
  });

  it('tells that a device is back online with how long it was gone', () => {
    const { read, advance, titles, now } = setup({ deviceGraceMinutes: 0 });
    const seen = now();
    read([], [device('d', seen)]);
    advance(40 * MIN);
    read([], [device('d', seen)]);
    read([], [device('d', now())]);
    expect(titles()).toEqual(['press-d went offline', 'press-d is back online (offline 40 min)']);
  });

  it('tells that a refused token works again: connected again', () => {
    const { model, titles } = setup();
    const listed = () => {
      model.apply('listed', {
        accountId: A,
        teams: [],
        leftOut: null,
        username: 'ada',
        version: null,
        at: 1,
      });
    };
    model.apply('refreshStarted', { accountId: A });
    listed();
    model.apply('tokenRefused', { accountId: A, error: { code: 'unauthorized', message: 'no' } });
    model.apply('refreshStarted', { accountId: A });
    listed();
    expect(titles()).toEqual([
      'A FlowFuse token stopped working',
      'ada @ ff.example.com is connected again',
    ]);
  });
});

describe('runtime watcher: still down', () => {
  it('reminds once per problem after the chosen time, and again for a new problem', () => {
    const { read, advance, titles } = setup({ remindAfterMinutes: 60 });
    read([instance('3', 'running')]);
    read([instance('3', 'crashed')]);
    advance(59 * MIN);
    read([instance('3', 'crashed')]);
    expect(titles()).toEqual(['line-3 crashed']);
    advance(2 * MIN);
    read([instance('3', 'crashed')]);
    advance(60 * MIN);
    read([instance('3', 'crashed')]);
    expect(titles()).toEqual(['line-3 crashed', 'line-3 still crashed after 1 h']);
    read([instance('3', 'running')]);
    read([instance('3', 'safe')]);
    advance(61 * MIN);
    read([instance('3', 'safe')]);
    expect(titles().slice(2)).toEqual([
      'line-3 is running again (down 2 h 1 min)',
      'line-3 safe',
      'line-3 still in safe mode after 1 h',
    ]);
  });

  it('keeps the reminder on the trouble in the model: a watcher anew does not tell it again', () => {
    const { model, read, advance, titles, now } = setup({ remindAfterMinutes: 60 });
    read([instance('3', 'running')]);
    read([instance('3', 'crashed')]);
    advance(61 * MIN);
    read([instance('3', 'crashed')]);
    expect(titles()).toEqual(['line-3 crashed', 'line-3 still crashed after 1 h']);
    const trouble = model.state().accounts[0]?.teams[0]?.runtime.instances[0]?.trouble;
    expect(trouble?.remindedAt).toBe(now());
    // Another listener of the same model (nothing of the first one's memory) hears a later read.
    const again: AppNotification[] = [];
    const other = createRuntimeWatcher({
      notifier: { notify: (each) => again.push(each) },
      now,
      reminded: (reminded) => {
        model.apply('stillDownReminded', reminded);
      },
    });
    model.subscribe((change) => {
      other.changed(change);
    });
    advance(30 * MIN);
    read([instance('3', 'crashed')]);
    expect(again).toEqual([]);
    // Its trouble over, the next one is reminded of anew.
    read([instance('3', 'running')]);
    read([instance('3', 'crashed')]);
    expect(model.state().accounts[0]?.teams[0]?.runtime.instances[0]?.trouble?.remindedAt).toBe(
      undefined,
    );
  });

  it('never reminds when the reminder is off (the default)', () => {
    const { read, advance, titles } = setup();
    read([instance('3', 'running')]);
    read([instance('3', 'crashed')]);
    advance(5 * 60 * MIN);
    read([instance('3', 'crashed')]);
    expect(titles()).toEqual(['line-3 crashed']);
  });
});

describe('runtime watcher: a device’s grace period and developer mode', () => {
  it('alerts for offline only after the grace period (5 min by default)', () => {
    const { read, advance, titles, now } = setup();
    const seen = now();
    read([], [device('d', seen)]);
    // FlowFuse calls it offline after 3 minutes; the grace period waits 5 more.
    advance(7 * MIN);
    read([], [device('d', seen)]);
    expect(titles()).toEqual([]);
    advance(2 * MIN);
    read([], [device('d', seen)]);
    expect(titles()).toEqual(['press-d went offline']);
  });

  it('says nothing of a device that was gone for less than the grace period', () => {
    const { read, advance, titles, now } = setup({ deviceGraceMinutes: 15 });
    const seen = now();
    read([], [device('d', seen)]);
    advance(10 * MIN);
    read([], [device('d', seen)]);
    read([], [device('d', now())]);
    expect(titles()).toEqual([]);
  });

  it('never alerts for a device in developer mode', () => {
    const { read, advance, titles, now } = setup({ deviceGraceMinutes: 0 });
    const seen = now();
    const dev = (at: number) => device('d', at, { mode: 'developer' });
    read([], [dev(seen)]);
    advance(60 * MIN);
    read([], [dev(seen)]);
    read([], [dev(now())]);
    expect(titles()).toEqual([]);
  });
});

describe('runtime watcher: via API', () => {
  it('says a stop made with a token was made via API', () => {
    const { model, read, titles } = setup();
    read([instance('3', 'running')]);
    read([instance('3', 'stopped')]);
    model.apply('lastActionRead', {
      accountId: A,
      teamId: T1,
      instanceId: asInstanceId('3'),
      lastAction: { event: 'project.stopped', at: 1, by: 'bob', viaApi: true },
    });
    expect(titles()).toEqual(['line-3 was stopped by bob via API']);
  });
});
