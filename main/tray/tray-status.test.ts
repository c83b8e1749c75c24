/**
 * The tray's status as a projection of the model: what needs the user, whether any server
 * answers, and only the account that changed counted again.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { asAccountId, asInstanceId, asOrigin, asTeamId } from '../../common/brand';
import { DEFAULT_SETTINGS } from '../../common/model';
import { STUCK_AFTER_MS } from '../../common/stuck-deploy';
import type { TrayStatus, TraySummary } from './tray-status';
import { createModel } from '../model/model';
import { projectTrayStatus } from './tray-status';
import {
  accountOf,
  deviceOf,
  instanceOf,
  runtimeOf,
  stateOf,
  teamOf,
} from '../../tests/support/state-builders';

const A = asAccountId('a1');
const T = asTeamId('t1');

function setup(teams = 1) {
  const model = createModel(
    stateOf({
      accounts: [
        accountOf('a1', {
          teams: Array.from({ length: teams }, (_, index) =>
            teamOf(`t${index + 1}`, {
              runtime: runtimeOf({ instances: [instanceOf(`i${index + 1}`)] }),
            }),
          ),
        }),
        accountOf('a2', { teams: [teamOf('other')] }),
      ],
    }),
  );
  let counted = 0;
  const tray = projectTrayStatus(model, () => {
    counted += 1;
    return 1_000_000;
  });
  const heard: TrayStatus[] = [];
  tray.on((status) => heard.push(status));
  return { model, tray, heard, counted: () => counted };
}

const reading = (state: string) => ({
  accountId: A,
  teamId: T,
  reading: { instances: [{ ...instanceOf('i1'), state }], devices: [] },
  at: 1,
});

describe('the tray status', () => {
  it('turns to attention when an instance crashes and back when it runs, telling each change once', () => {
    const { model, tray, heard } = setup();
    expect(tray.current()).toBe('ok');
    model.apply('read', reading('crashed'));
    model.apply('read', { ...reading('crashed'), at: 2 });
    expect(tray.current()).toBe('attention');
    model.apply('read', reading('running'));
    expect(heard).toEqual(['attention', 'ok']);
  });

  it('says offline when no server answers, and counts an action’s crash like a read’s', () => {
    const { model, tray } = setup();
    const unreachable = { code: 'unreachable', message: 'no' } as const;
    for (const accountId of [A, asAccountId('a2')]) {
      model.apply('listFailed', { accountId, error: unreachable });
    }
    expect(tray.current()).toBe('offline');
    const ref = { accountId: A, teamId: T, instanceId: asInstanceId('i1') };
    model.apply('actionSent', { ...ref, action: 'stop', at: 1 });
    model.apply('settled', { ...ref, state: 'crashed' });
    expect(tray.current()).toBe('attention');
  });

  it('counts devices only when the settings say they count', () => {
    const { model, tray } = setup();
    const offline = deviceOf('d1', { lastSeenAt: 0 });
    model.apply('read', { ...reading('running'), reading: { instances: [], devices: [offline] } });
    expect(tray.current()).toBe('ok');
    model.apply('settingsSaved', { ...DEFAULT_SETTINGS, devicesNeedAttention: true });
    expect(tray.current()).toBe('attention');
  });

  it('counts again only the account that changed, not every account at each change', () => {
    const { model, counted } = setup(200);
    const before = counted();
    for (let index = 1; index <= 200; index += 1) {
      model.apply('read', {
        accountId: A,
        teamId: asTeamId(`t${index}`),
        reading: { instances: [], devices: [] },
        at: 5,
      });
    }
    // One count per change, of the one account that changed; the other account's is kept.
    expect(counted() - before).toBe(200);
  });
});

describe('the tray summary: how many need the user, per account', () => {
  function twoAccounts() {
    const model = createModel(
      stateOf({
        accounts: [
          accountOf('a1', {
            username: 'ada',
            origin: asOrigin('https://ff.example.com'),
            teams: [teamOf('t1', { runtime: runtimeOf({ instances: [instanceOf('i1')] }) })],
          }),
          accountOf('a2', { label: 'Factory', teams: [teamOf('t2')] }),
        ],
      }),
    );
    const tray = projectTrayStatus(model, () => 1_000_000);
    const heard: TraySummary[] = [];
    tray.onSummary((summary) => heard.push(summary));
    return { model, tray, heard };
  }

  it('is zero and lists no account while nothing needs the user', () => {
    const { tray } = twoAccounts();
    expect(tray.summary()).toEqual({ status: 'ok', count: 0, perAccount: [] });
  });

  it('counts crashed instances and refused tokens, naming each account that has some', () => {
    const { model, tray, heard } = twoAccounts();
    model.apply('read', reading('crashed'));
    model.apply('listFailed', {
      accountId: asAccountId('a2'),
      error: { code: 'unauthorized', message: 'no' },
    });
    const summary = tray.summary();
    expect(summary.status).toBe('attention');
    expect(summary.count).toBe(2);
    expect(
      summary.perAccount.map(({ title, counts }) => [title, counts.crashed, counts.accounts]),
    ).toEqual([
      ['ada @ ff.example.com', 1, 0],
      ['Factory', 0, 1],
    ]);
    // Each new count is told once: the crash (1), then the token (2).
    expect(heard.map((each) => each.count)).toEqual([1, 2]);
    model.apply('read', { ...reading('running'), at: 3 });
    expect(tray.summary().count).toBe(1);
    expect(tray.summary().perAccount.map((each) => each.title)).toEqual(['Factory']);
  });

  it('tells nothing new when a change leaves every count as it was', () => {
    const { model, heard } = twoAccounts();
    model.apply('read', reading('crashed'));
    model.apply('read', { ...reading('crashed'), at: 2 });
    model.apply('read', { ...reading('crashed'), at: 3 });
    expect(heard).toHaveLength(1);
  });

  it('counts offline devices only when "Offline devices need attention" is on', () => {
    const { model, tray } = twoAccounts();
    const offline = deviceOf('d1', { lastSeenAt: 0 });
    model.apply('read', { ...reading('crashed'), reading: { instances: [], devices: [offline] } });
    expect(tray.summary().count).toBe(0);
    model.apply('settingsSaved', { ...DEFAULT_SETTINGS, devicesNeedAttention: true });
    expect(tray.summary().count).toBe(1);
    expect(tray.summary().perAccount[0]?.counts.devices).toBe(1);
  });
});

describe('the tray count and the clock', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts each deploy as it turns stuck by the clock, one timer after another, none once disposed', () => {
    vi.useFakeTimers({ now: 0, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const device = (id: string, since: number) =>
      deviceOf(id, { notOnTargetSince: since, targetSnapshot: 'v2' });
    const model = createModel(
      stateOf({
        accounts: [
          accountOf('a1', {
            teams: [
              teamOf('t1', {
                runtime: runtimeOf({ devices: [device('d1', 0), device('d2', 5 * 60_000)] }),
              }),
            ],
          }),
        ],
      }),
    );
    const tray = projectTrayStatus(model, () => Date.now());
    const heard: number[] = [];
    tray.onSummary((summary) => heard.push(summary.count));
    expect(tray.summary().count).toBe(0);
    vi.advanceTimersByTime(STUCK_AFTER_MS - 1);
    expect(heard).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(heard).toEqual([1]);
    vi.advanceTimersByTime(5 * 60_000);
    expect(heard).toEqual([1, 2]);
    expect(vi.getTimerCount()).toBe(0);

    model.apply('read', {
      accountId: A,
      teamId: T,
      reading: { instances: [], devices: [device('d3', Date.now())] },
      at: Date.now(),
    });
    expect(vi.getTimerCount()).toBe(1);
    tray.dispose();
    expect(vi.getTimerCount()).toBe(0);
  });
});
