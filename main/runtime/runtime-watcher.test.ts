import { describe, expect, it } from 'vitest';
import { asAccountId } from '../../common/brand';
import { DEFAULT_SETTINGS } from '../../common/settings-defaults';
import type { Settings } from '../../common/settings';
import type { ApiDevice } from '../flowfuse/types';
import {
  createRuntimeWatcher,
  FOLD_AFTER,
  NOTIFY_AT_MOST_EVERY_MS,
  PER_MINUTE,
  type AppNotification,
} from './runtime-watcher';
import type { RuntimeInstance, TeamReading } from './team-fetch';

const A = asAccountId('a1');

interface Names {
  readonly account?: string;
  readonly team?: string;
}

function setup(settings: Partial<Settings> = {}, acted = new Set<string>(), names: Names = {}) {
  let now = 1_000_000_000;
  const shown: AppNotification[] = [];
  const watcher = createRuntimeWatcher({
    notifier: { notify: (notification) => shown.push(notification) },
    settings: () => ({ ...DEFAULT_SETTINGS, notifyDevices: true, ...settings }),
    now: () => now,
    actedRecently: (_account, instanceId) => acted.has(instanceId),
    accountTitle: () => names.account ?? 'ada @ ff.example.com',
    teamName: () => names.team ?? 'Plant',
  });
  const advance = (ms: number): void => {
    now += ms;
  };
  return { watcher, shown, advance, now: () => now };
}

const instance = (id: string, state: string): RuntimeInstance => ({
  id,
  name: `inst-${id}`,
  url: null,
  application: 'App',
  state,
});
const device = (id: string, lastSeenAt: number | null): ApiDevice => ({
  id,
  name: `dev-${id}`,
  lastSeenAt,
  state: 'running',
  onlineStatus: null,
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

const reading = (instances: RuntimeInstance[], devices: ApiDevice[] = []): TeamReading => ({
  instances,
  devices,
});

describe('runtime watcher', () => {
  it('says nothing about what the first read finds, even a crashed instance', () => {
    const { watcher, shown } = setup();
    watcher.teamRead(A, 't1', reading([instance('i1', 'crashed')]));
    expect(shown).toEqual([]);
  });

  it('tells of a crash, with where it is and what a click opens', () => {
    const { watcher, shown } = setup();
    watcher.teamRead(A, 't1', reading([instance('i1', 'running')]));
    watcher.teamRead(A, 't1', reading([instance('i1', 'crashed')]));
    expect(shown).toEqual([
      {
        title: 'inst-i1 crashed',
        body: 'Plant · ada @ ff.example.com',
        target: { accountId: A, teamId: 't1', item: { kind: 'instance', id: 'i1' } },
      },
    ]);
  });

  it('tells of a stop or a suspend only when the user did not do it from Teamtray', () => {
    const acted = new Set(['mine']);
    const { watcher, shown } = setup({}, acted);
    watcher.teamRead(
      A,
      't1',
      reading([instance('mine', 'running'), instance('theirs', 'running')]),
    );
    watcher.teamRead(
      A,
      't1',
      reading([instance('mine', 'stopped'), instance('theirs', 'suspended')]),
    );
    expect(shown.map((each) => each.title)).toEqual(['inst-theirs was suspended']);
  });

  it('tells at most once per item in 10 minutes', () => {
    const { watcher, shown, advance } = setup();
    const flap = (state: string) => {
      watcher.teamRead(A, 't1', reading([instance('i1', state)]));
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
    const { watcher, shown, advance, now } = setup();
    watcher.teamRead(A, 't1', reading([], [device('d1', now()), device('d2', null)]));
    advance(10 * 60 * 1000);
    watcher.teamRead(
      A,
      't1',
      reading([], [device('d1', now() - 10 * 60 * 1000), device('d2', null)]),
    );
    advance(NOTIFY_AT_MOST_EVERY_MS);
    watcher.teamRead(A, 't1', reading([], [device('d1', now()), device('d2', null)]));
    expect(shown.map((each) => each.title)).toEqual([
      'dev-d1 went offline',
      'dev-d1 is back online',
    ]);
  });

  it('keeps quiet about each kind the user turned off', () => {
    const { watcher, shown } = setup({
      notifyInstances: false,
      notifyDevices: false,
      notifyAccounts: false,
    });
    watcher.teamRead(A, 't1', reading([instance('i1', 'running')]));
    watcher.teamRead(A, 't1', reading([instance('i1', 'crashed')]));
    watcher.accountStatus(A, 'ok');
    watcher.accountStatus(A, 'unauthorized');
    expect(shown).toEqual([]);
  });

  it('tells when a token stops working, once, and not when the app starts with it refused', () => {
    const { watcher, shown } = setup();
    const B = asAccountId('b1');
    watcher.accountStatus(B, 'loading');
    watcher.accountStatus(B, 'unauthorized');
    watcher.accountStatus(A, 'loading');
    watcher.accountStatus(A, 'ok');
    watcher.accountStatus(A, 'loading');
    watcher.accountStatus(A, 'unauthorized');
    watcher.accountStatus(A, 'unauthorized');
    expect(shown).toEqual([
      {
        title: 'A FlowFuse token stopped working',
        body: 'ada @ ff.example.com: paste a new token to see its teams again.',
        target: { accountId: A, teamId: null, item: null },
      },
    ]);
  });

  it('shows names as plain one-line text: no line breaks, controls or bidi overrides, clipped', () => {
    const { watcher, shown } = setup({}, new Set(), {
      team: 'R&D\u202E <b>Ops</b>',
      account: 'ada\n@ ff.example.com\u0007',
    });
    const named = (name: string, state: string): RuntimeInstance => ({
      ...instance('i1', state),
      name,
    });
    const name = `<a href="https://evil.example">pay</a>\nline two\u2066\u202Etxt.exe\u0000${'x'.repeat(300)}`;
    watcher.teamRead(A, 't1', reading([named(name, 'running')]));
    watcher.teamRead(A, 't1', reading([named(name, 'crashed')]));
    const [told] = shown;
    expect(told?.title).toBe('<a href="https://evil.example">pay</a> line two… crashed');
    expect(Array.from(told?.title ?? '').length).toBeLessThanOrEqual(60);
    expect(told?.body).toBe('R&D <b>Ops</b> · ada @ ff.example.com');
    expect(unwanted(`${told?.title ?? ''}${told?.body ?? ''}`)).toEqual([]);
  });

  it('folds a read of 500 crashes into one summary with the first names', () => {
    const { watcher, shown } = setup();
    const all = (state: string) =>
      Array.from({ length: 500 }, (_, index) => instance(`i${index}`, state));
    watcher.teamRead(A, 't1', reading(all('running')));
    watcher.teamRead(A, 't1', reading(all('crashed')));
    expect(shown).toEqual([
      {
        title: '500 instances crashed',
        body: 'Plant · ada @ ff.example.com: inst-i0, inst-i1, inst-i2 and 497 more',
        target: { accountId: A, teamId: 't1', item: null },
      },
    ]);
  });

  it(`tells up to ${FOLD_AFTER} items one by one, and words a mixed summary`, () => {
    const { watcher, shown, advance, now } = setup();
    const instances = (state: string) => [1, 2, 3].map((n) => instance(`i${n}`, state));
    watcher.teamRead(A, 't1', reading(instances('running'), [device('d1', now())]));
    watcher.teamRead(A, 't1', reading(instances('crashed'), [device('d1', now())]));
    expect(shown.map((each) => each.title)).toEqual([
      'inst-i1 crashed',
      'inst-i2 crashed',
      'inst-i3 crashed',
    ]);
    advance(NOTIFY_AT_MOST_EVERY_MS);
    watcher.teamRead(A, 't1', reading(instances('running'), [device('d1', now())]));
    advance(10 * 60 * 1000);
    watcher.teamRead(
      A,
      't1',
      reading(instances('crashed'), [device('d1', now() - 10 * 60 * 1000)]),
    );
    expect(shown.slice(3).map((each) => each.title)).toEqual(['4 instances and devices changed']);
  });

  it(`shows at most ${PER_MINUTE} notifications a minute, across teams and accounts`, () => {
    const { watcher, shown, advance } = setup();
    const teams = Array.from({ length: 12 }, (_, index) => `t${index}`);
    for (const team of teams)
      watcher.teamRead(A, team, reading([instance(`${team}-i`, 'running')]));
    for (const team of teams)
      watcher.teamRead(A, team, reading([instance(`${team}-i`, 'crashed')]));
    expect(shown).toHaveLength(PER_MINUTE);
    advance(30_000);
    watcher.accountStatus(A, 'ok');
    watcher.accountStatus(A, 'unauthorized');
    expect(shown).toHaveLength(PER_MINUTE);
    advance(30_000);
    watcher.teamRead(A, 'new', reading([instance('n1', 'running')]));
    watcher.teamRead(A, 'new', reading([instance('n1', 'crashed')]));
    expect(shown.map((each) => each.title).at(-1)).toBe('inst-n1 crashed');
  });

  it('forgets an item when a read of its team no longer lists it', () => {
    const { watcher, shown } = setup();
    const many = Array.from({ length: 50 }, (_, index) => instance(`i${index}`, 'running'));
    watcher.teamRead(A, 't1', reading(many, [device('d1', null)]));
    watcher.teamRead(A, 't2', reading([instance('other', 'running')]));
    expect(watcher.remembered()).toBe(52);
    watcher.teamRead(A, 't1', reading([instance('i0', 'crashed')]));
    expect(shown.map((each) => each.title)).toEqual(['inst-i0 crashed']);
    // i0 (its state and when it was told), and t2's instance.
    expect(watcher.remembered()).toBe(3);
    watcher.teamRead(A, 't1', reading([]));
    expect(watcher.remembered()).toBe(1);
    watcher.forget(A);
    expect(watcher.remembered()).toBe(0);
  });
});
