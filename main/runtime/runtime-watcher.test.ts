import { describe, expect, it } from 'vitest';
import { asAccountId } from '../../common/brand';
import { DEFAULT_SETTINGS } from '../../common/settings-defaults';
import type { Settings } from '../../common/settings';
import type { ApiDevice } from '../flowfuse/types';
import {
  createRuntimeWatcher,
  NOTIFY_AT_MOST_EVERY_MS,
  type AppNotification,
} from './runtime-watcher';
import type { RuntimeInstance, TeamReading } from './team-fetch';

const A = asAccountId('a1');

function setup(settings: Partial<Settings> = {}, acted = new Set<string>()) {
  let now = 1_000_000_000;
  const shown: AppNotification[] = [];
  const watcher = createRuntimeWatcher({
    notifier: { notify: (notification) => shown.push(notification) },
    settings: () => ({ ...DEFAULT_SETTINGS, notifyDevices: true, ...settings }),
    now: () => now,
    actedRecently: (_account, instanceId) => acted.has(instanceId),
    accountTitle: () => 'ada @ ff.example.com',
    teamName: () => 'Plant',
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
});
