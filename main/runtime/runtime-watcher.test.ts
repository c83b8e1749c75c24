/**
 * Notifications as a projection of the model: the watcher hears every change, and the tests drive
 * the model with the transitions the services apply (a read, an action's polling, a list).
 */
import { describe, expect, it } from 'vitest';
import { asAccountId, asDeviceId, asInstanceId, asOrigin, asTeamId } from '../../common/brand';
import { DEFAULT_SETTINGS } from '../../common/settings-defaults';
import type { Settings } from '../../common/settings';
import type { Device } from '../../common/state';
import { createModel } from '../model/model';
import type { ReadInstance } from '../model/facts';
import { createMemoryLogger } from '../../tests/support/memory-logger';
import { accountOf, stateOf, teamOf } from '../../tests/support/state-builders';
import {
  ACTOR_WAIT_MS,
  createRuntimeWatcher,
  FOLD_AFTER,
  NOTIFY_AT_MOST_EVERY_MS,
  PER_MINUTE,
  type AppNotification,
} from './runtime-watcher';

const A = asAccountId('a1');
const B = asAccountId('b1');
const T1 = asTeamId('t1');

interface Names {
  readonly account?: string;
  readonly team?: string;
}

function setup(settings: Partial<Settings> = {}, names: Names = {}, teams = ['t1', 't2']) {
  let now = 1_000_000_000;
  const shown: AppNotification[] = [];
  const account = (id: string) =>
    accountOf(id, {
      label: names.account ?? '',
      username: 'ada',
      origin: asOrigin('https://ff.example.com'),
      teams: teams.map((team) => teamOf(team, { name: names.team ?? 'Plant' })),
    });
  const model = createModel(
    stateOf({
      settings: { ...DEFAULT_SETTINGS, notifyDevices: true, ...settings },
      accounts: [account('a1'), account('b1')],
    }),
  );
  /** The waits for an author, run when the test says the time is up. */
  let timers: { run: () => void; ms: number }[] = [];
  const log = createMemoryLogger();
  const watcher = createRuntimeWatcher({
    notifier: { notify: (notification) => shown.push(notification) },
    now: () => now,
    log,
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
  /** The time to wait for an author is up. */
  const waited = (ms = ACTOR_WAIT_MS): void => {
    const due = timers.filter((timer) => timer.ms === ms);
    timers = timers.filter((timer) => timer.ms !== ms);
    for (const timer of due) timer.run();
  };
  model.subscribe((change) => {
    watcher.changed(change);
  });
  const advance = (ms: number): void => {
    now += ms;
  };
  /** A read of the team, as the runtime service applies it. */
  const read = (team: string, instances: ReadInstance[], devices: Device[] = []): void => {
    model.apply('read', {
      accountId: A,
      teamId: asTeamId(team),
      reading: { instances, devices },
      at: now,
    });
  };
  return { model, watcher, shown, advance, read, waited, log, now: () => now };
}

const instance = (id: string, state: string): ReadInstance => ({
  id: asInstanceId(id),
  name: `inst-${id}`,
  url: null,
  application: 'App',
  state,
});
const device = (id: string, lastSeenAt: number | null): Device => ({
  id: asDeviceId(id),
  name: `dev-${id}`,
  lastSeenAt,
  state: 'running',
  onlineStatus: null,
  activeSnapshot: null,
  targetSnapshot: null,
  notOnTargetSince: null,
  mode: null,
  action: null,
});
/** Control and bidi characters in the text, as code points. */
function unwanted(text: string): number[] {
  const bad = (code: number) =>
    code <= 0x1f ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x200e ||
    code === 0x200f ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069);
  return Array.from(text, (char) => char.codePointAt(0) ?? 0).filter(bad);
}
const refused = { code: 'unauthorized', message: 'refused' } as const;

describe('runtime watcher', () => {
  it('says nothing about what the first read finds, even a crashed instance', () => {
    const { read, shown } = setup();
    read('t1', [instance('i1', 'crashed')]);
    expect(shown).toEqual([]);
  });

  it('tells of a crash, with where it is and what a click opens', () => {
    const { read, shown } = setup();
    read('t1', [instance('i1', 'running')]);
    read('t1', [instance('i1', 'crashed')]);
    expect(shown).toEqual([
      {
        title: 'inst-i1 crashed',
        body: 'Plant · ada @ ff.example.com',
        target: { accountId: A, teamId: 't1', item: { kind: 'instance', id: 'i1' } },
      },
    ]);
  });

  it('tells of a crash an action’s polling finds at once, and not again when a read finds it', () => {
    const { model, read, shown } = setup();
    const ref = { accountId: A, teamId: T1, instanceId: asInstanceId('i1') };
    read('t1', [instance('i1', 'running')]);
    model.apply('actionSent', { ...ref, action: 'stop', at: 1 });
    model.apply('polled', { ...ref, state: 'stopping' });
    model.apply('settled', { ...ref, state: 'crashed' });
    expect(shown.map((each) => each.title)).toEqual(['inst-i1 crashed']);
    read('t1', [instance('i1', 'crashed')]);
    expect(shown).toHaveLength(1);
  });

  it('tells of a stop or a suspend only when the user did not do it from Teamtray', () => {
    const { model, read, shown, waited } = setup();
    read('t1', [instance('mine', 'running'), instance('theirs', 'running')]);
    const mine = { accountId: A, teamId: T1, instanceId: asInstanceId('mine') };
    model.apply('actionSent', { ...mine, action: 'stop', at: 1 });
    read('t1', [instance('mine', 'stopped'), instance('theirs', 'suspended')]);
    model.apply('settled', { ...mine, state: 'stopped' });
    // No author came from the audit log in time: the plain words.
    expect(shown).toEqual([]);
    waited();
    expect(shown.map((each) => each.title)).toEqual(['inst-theirs was suspended']);
  });

  it('tells of a stop after an action the server refused: that stop was not the user’s', () => {
    const { model, read, shown, waited } = setup();
    read('t1', [instance('i1', 'running')]);
    const ref = { accountId: A, teamId: T1, instanceId: asInstanceId('i1') };
    model.apply('actionSent', { ...ref, action: 'suspend', at: 1 });
    model.apply('actionRefused', { ...ref, state: 'running' });
    read('t1', [instance('i1', 'stopped')]);
    waited();
    expect(shown.map((each) => each.title)).toEqual(['inst-i1 stopped']);
  });

  it('tells who stopped or suspended an instance, and nothing when it was the user', () => {
    const { model, read, shown, waited } = setup();
    const ids = ['bob', 'own', 'platform', 'failed'];
    read(
      't1',
      ids.map((id) => instance(id, 'running')),
    );
    read('t1', [
      instance('bob', 'stopped'),
      instance('own', 'stopped'),
      instance('platform', 'suspended'),
      instance('failed', 'running'),
    ]);
    const author = (id: string, event: string, by: string | null): void => {
      model.apply('lastActionRead', {
        accountId: A,
        teamId: T1,
        instanceId: asInstanceId(id),
        lastAction: { event, at: 1, by },
      });
    };
    expect(shown).toEqual([]);
    author('bob', 'project.stopped', 'bob');
    // The account's own user (ada), in FlowFuse's web UI: not news.
    author('own', 'project.stopped', 'ada');
    author('platform', 'project.suspended', null);
    expect(shown.map((each) => [each.title, each.body])).toEqual([
      ['inst-bob was stopped by bob', 'Plant · ada @ ff.example.com'],
      ['inst-platform was suspended by FlowFuse', 'Plant · ada @ ff.example.com'],
    ]);
    // Nothing more when the wait runs out: each was told (or kept quiet) once.
    waited();
    expect(shown).toHaveLength(2);
    // A failed start, in its own words; an action that does not explain the stop, plain.
    read('t1', [
      instance('bob', 'stopped'),
      instance('own', 'stopped'),
      instance('platform', 'suspended'),
      instance('failed', 'suspended'),
    ]);
    author('failed', 'project.start-failed', null);
    expect(shown.at(-1)?.title).toBe('inst-failed failed to start');
  });

  it('tells a stop plainly when the audit log names another action', () => {
    const { model, read, shown } = setup();
    read('t1', [instance('i1', 'running')]);
    read('t1', [instance('i1', 'stopped')]);
    model.apply('lastActionRead', {
      accountId: A,
      teamId: T1,
      instanceId: asInstanceId('i1'),
      lastAction: { event: 'project.started', at: 1, by: 'bob' },
    });
    expect(shown.map((each) => each.title)).toEqual(['inst-i1 stopped']);
  });

  it('tells at most once per item in 10 minutes', () => {
    // Its problems only: their ends count apart (below, "tells when a problem is over").
    const { read, shown, advance } = setup({ notifyRecoveries: false });
    const flap = (state: string) => {
      read('t1', [instance('i1', state)]);
    };
    flap('running');
    flap('crashed');
    flap('running');
    flap('crashed');
    expect(shown).toHaveLength(1);
    advance(NOTIFY_AT_MOST_EVERY_MS);
    flap('running');
    flap('crashed');
    expect(shown).toHaveLength(2);
  });

  it('tells when a device goes offline and when it comes back, not about one never seen', () => {
    const { read, shown, advance, now } = setup();
    read('t1', [], [device('d1', now()), device('d2', null)]);
    advance(10 * 60 * 1000);
    read('t1', [], [device('d1', now() - 10 * 60 * 1000), device('d2', null)]);
    advance(NOTIFY_AT_MOST_EVERY_MS);
    read('t1', [], [device('d1', now()), device('d2', null)]);
    expect(shown.map((each) => each.title)).toEqual([
      'dev-d1 went offline',
      'dev-d1 is back online (offline 20 min)',
    ]);
  });

  it('keeps quiet about each kind the user turned off', () => {
    const { model, read, shown } = setup({
      notifyInstances: false,
      notifyDevices: false,
      notifyAccounts: false,
    });
    read('t1', [instance('i1', 'running')]);
    read('t1', [instance('i1', 'crashed')]);
    listedOk(model, A);
    model.apply('tokenRefused', { accountId: A, error: refused });
    expect(shown).toEqual([]);
  });

  it('tells when a token stops working, once, and not when the app starts with it refused', () => {
    const { model, shown } = setup();
    model.apply('refreshStarted', { accountId: B });
    model.apply('listFailed', { accountId: B, error: refused });
    model.apply('refreshStarted', { accountId: A });
    listedOk(model, A);
    model.apply('refreshStarted', { accountId: A });
    model.apply('listFailed', { accountId: A, error: refused });
    model.apply('tokenRefused', { accountId: A, error: refused });
    expect(shown).toEqual([
      {
        title: 'A FlowFuse token stopped working',
        body: 'ada @ ff.example.com: paste a new token to see its teams again.',
        target: { accountId: A, teamId: null, item: null },
      },
    ]);
  });

  it('shows names as plain one-line text: no line breaks, controls or bidi overrides, clipped', () => {
    const name = `<a href="https://evil.example">pay</a>\nline two\u2066\u202Etxt.exe\u0000${'x'.repeat(300)}`;
    const { read, shown } = setup(
      {},
      { team: 'R&D\u202E <b>Ops</b>', account: 'ada\n@ ff.example.com\u0007' },
    );
    const named = (state: string): ReadInstance => ({ ...instance('i1', state), name });
    read('t1', [named('running')]);
    read('t1', [named('crashed')]);
    const [told] = shown;
    expect(told?.title).toBe('<a href="https://evil.example">pay</a> line two… crashed');
    expect(Array.from(told?.title ?? '').length).toBeLessThanOrEqual(60);
    expect(told?.body).toBe('R&D <b>Ops</b> · ada @ ff.example.com');
    expect(unwanted(`${told?.title ?? ''}${told?.body ?? ''}`)).toEqual([]);
  });

  it('folds a read of 500 crashes into one summary with the first names', () => {
    const { read, shown } = setup();
    const all = (state: string) =>
      Array.from({ length: 500 }, (_, index) => instance(`i${index}`, state));
    read('t1', all('running'));
    read('t1', all('crashed'));
    expect(shown).toEqual([
      {
        title: '500 instances crashed',
        body: 'Plant · ada @ ff.example.com: inst-i0, inst-i1, inst-i2 and 497 more',
        target: { accountId: A, teamId: 't1', item: null },
      },
    ]);
  });

  it(`tells up to ${FOLD_AFTER} items one by one, and words a mixed summary`, () => {
    const { read, shown, advance, now } = setup();
    const instances = (state: string) => [1, 2, 3].map((n) => instance(`i${n}`, state));
    read('t1', instances('running'), [device('d1', now())]);
    read('t1', instances('crashed'), [device('d1', now())]);
    expect(shown.map((each) => each.title)).toEqual([
      'inst-i1 crashed',
      'inst-i2 crashed',
      'inst-i3 crashed',
    ]);
    advance(NOTIFY_AT_MOST_EVERY_MS);
    read('t1', instances('running'), [device('d1', now())]);
    advance(10 * 60 * 1000);
    read('t1', instances('crashed'), [device('d1', now() - 10 * 60 * 1000)]);
    expect(shown.slice(3).map((each) => each.title)).toEqual([
      'inst-i1 is running again (down 10 min)',
      'inst-i2 is running again (down 10 min)',
      'inst-i3 is running again (down 10 min)',
      '4 instances and devices changed',
    ]);
  });

  it(`shows at most ${PER_MINUTE} notifications a minute, across teams and accounts`, () => {
    const teams = Array.from({ length: 12 }, (_, index) => `t${index}`);
    const { model, read, shown, advance, waited, log } = setup({}, {}, [...teams, 'new']);
    for (const team of teams) read(team, [instance(`${team}-i`, 'running')]);
    for (const team of teams) read(team, [instance(`${team}-i`, 'crashed')]);
    expect(shown).toHaveLength(PER_MINUTE);
    // What the cap dropped is counted in the log, a minute after the first drop.
    expect(log.lines.filter((line) => line.includes('per-minute cap'))).toEqual([]);
    waited(60_000);
    const counted = log.lines.filter((line) => line.includes('per-minute cap'));
    expect(counted).toHaveLength(1);
    expect(counted[0]).toContain(`"dropped":${12 - PER_MINUTE}`);
    advance(30_000);
    listedOk(model, A);
    model.apply('tokenRefused', { accountId: A, error: refused });
    expect(shown).toHaveLength(PER_MINUTE);
    advance(30_000);
    read('new', [instance('n1', 'running')]);
    read('new', [instance('n1', 'crashed')]);
    expect(shown.map((each) => each.title).at(-1)).toBe('inst-n1 crashed');
  });

  it('forgets an item when a read of its team no longer lists it, and a removed account', () => {
    const { model, watcher, read, shown } = setup();
    const many = Array.from({ length: 50 }, (_, index) => instance(`i${index}`, 'running'));
    read('t1', many, [device('d1', null)]);
    read('t2', [instance('other', 'running')], [device('d2', null)]);
    // No instance's state: the model has them. Each device's presence (it moves with the clock).
    expect(watcher.remembered()).toBe(2);
    read('t1', [instance('i0', 'crashed')]);
    expect(shown.map((each) => each.title)).toEqual(['inst-i0 crashed']);
    // When i0 was told, and t2's device; t1's device went.
    expect(watcher.remembered()).toBe(2);
    read('t1', []);
    expect(watcher.remembered()).toBe(1);
    model.apply('accountRemoved', { accountId: A });
    expect(watcher.remembered()).toBe(0);
  });
});

/** The account's teams listed, as they already are: its status turns ok. */
function listedOk(model: ReturnType<typeof createModel>, accountId: typeof A): void {
  const account = model.state().accounts.find((each) => each.id === accountId);
  model.apply('listed', {
    accountId,
    teams: (account?.teams ?? []).map(
      ({ runtime: _runtime, pendingName: _pending, ...team }) => team,
    ),
    leftOut: null,
    username: account?.username ?? null,
    version: account?.version ?? null,
    at: 1,
  });
}

describe('runtime watcher: snoozes and quiet hours', () => {
  it('says nothing of a snoozed instance or device until the snooze ends', () => {
    const { read, shown, advance, now } = setup({
      snoozed: { 'a1/i/i1': 1_000_000_000 + 60 * 60_000, 'a1/d/d1': 1_000_000_000 + 60 * 60_000 },
    });
    read('t1', [instance('i1', 'running'), instance('i2', 'running')], [device('d1', now())]);
    read('t1', [instance('i1', 'crashed'), instance('i2', 'crashed')], [device('d1', now())]);
    // Only the one not snoozed is told of; the snoozed crash is not kept for later.
    expect(shown.map((each) => each.title)).toEqual(['inst-i2 crashed']);
    advance(61 * 60_000);
    // The snooze ended: what happens now is told (not what happened during it).
    read('t1', [instance('i1', 'crashed'), instance('i2', 'crashed')], [device('d1', 0)]);
    expect(shown.map((each) => each.title)).toEqual(['inst-i2 crashed', 'dev-d1 went offline']);
    read('t1', [instance('i1', 'running'), instance('i2', 'crashed')], [device('d1', 0)]);
    read('t1', [instance('i1', 'crashed'), instance('i2', 'crashed')], [device('d1', 0)]);
    expect(shown.map((each) => each.title)).toEqual([
      'inst-i2 crashed',
      'dev-d1 went offline',
      // Its crash was snoozed, not its end: down since Teamtray first saw it crashed.
      'inst-i1 is running again (down 1 h 1 min)',
      'inst-i1 crashed',
    ]);
  });

  it('a snoozed item is left out of a summary too', () => {
    const { read, shown } = setup({ snoozed: { 'a1/i/i1': 1_000_000_000 + 60_000 } });
    const ids = ['i1', 'i2', 'i3', 'i4', 'i5'];
    read(
      't1',
      ids.map((id) => instance(id, 'running')),
    );
    read(
      't1',
      ids.map((id) => instance(id, 'crashed')),
    );
    expect(shown.map((each) => [each.title, each.body])).toEqual([
      ['4 instances crashed', 'Plant · ada @ ff.example.com: inst-i2, inst-i3, inst-i4 and 1 more'],
    ]);
  });

  it('says nothing at all during quiet hours, then speaks again', () => {
    const { model, read, shown, advance } = setup({ quietUntil: 1_000_000_000 + 8 * 3_600_000 });
    read('t1', [instance('i1', 'running')]);
    read('t1', [instance('i1', 'crashed')]);
    model.apply('refreshStarted', { accountId: A });
    listedOk(model, A);
    model.apply('refreshStarted', { accountId: A });
    model.apply('tokenRefused', { accountId: A, error: refused });
    expect(shown).toEqual([]);
    advance(8 * 3_600_000);
    read('t1', [instance('i1', 'running')]);
    read('t1', [instance('i1', 'crashed')]);
    expect(shown.map((each) => each.title)).toEqual([
      'inst-i1 is running again (down 8 h)',
      'inst-i1 crashed',
    ]);
  });

  it('says nothing inside a scheduled window, speaks after it and after "Notify now"', () => {
    // A window from an hour before now to an hour after, on the clock of wherever this runs.
    const clock = (at: number): string => {
      const date = new Date(at);
      return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
    };
    const start = 1_000_000_000;
    const hour = 3_600_000;
    const quietHours = {
      on: true,
      from: clock(start - hour),
      to: clock(start + hour),
      days: [0, 1, 2, 3, 4, 5, 6],
    };
    const { model, read, shown, advance, now } = setup({ quietHours });
    const crash = (id: string): void => {
      read('t1', [instance(id, 'running')]);
      read('t1', [instance(id, 'crashed')]);
    };
    crash('i1');
    model.apply('refreshStarted', { accountId: A });
    model.apply('tokenRefused', { accountId: A, error: refused });
    expect(shown).toEqual([]);
    // "Notify now": the window that holds ends, for its length only.
    model.apply('quietSet', { until: null, at: now() });
    crash('i2');
    expect(shown.map((each) => each.title)).toEqual(['inst-i2 crashed']);
    // The next day's window is quiet again.
    advance(24 * hour);
    crash('i3');
    expect(shown.map((each) => each.title)).toEqual(['inst-i2 crashed']);
    // And past its end the watcher speaks.
    advance(2 * hour);
    crash('i4');
    expect(shown.map((each) => each.title)).toEqual(['inst-i2 crashed', 'inst-i4 crashed']);
  });

  it('a snooze set while a stop waits for its author silences it', () => {
    const { model, read, shown, waited, now } = setup();
    read('t1', [instance('i1', 'running')]);
    read('t1', [instance('i1', 'stopped')]);
    model.apply('settingsSaved', {
      ...model.state().settings,
      snoozed: { 'a1/i/i1': now() + 60_000 },
    });
    waited();
    expect(shown).toEqual([]);
  });
});
