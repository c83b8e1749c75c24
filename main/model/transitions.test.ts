/**
 * The named transitions, applied through the model as the services apply them: what each changes,
 * that its patches are the news and no more, and that what did not change keeps its object.
 */
import { applyPatches, enablePatches, type Patch } from 'immer';
import { describe, expect, it } from 'vitest';
import {
  asAccountId,
  asDeviceId,
  asInstanceId,
  asOrigin,
  asTeamId,
  type AccountId,
} from '../../common/brand';
import type { Account, Instance, TeamtrayState } from '../../common/state';
import {
  accountOf,
  deviceOf,
  instanceOf,
  runtimeOf,
  stateOf,
  teamOf,
} from '../../tests/support/state-builders';
import type { ListedTeam, ReadInstance } from './facts';
import { createModel, type Change, type Model } from './model';

enablePatches();

const A = asAccountId('a1');
const T = asTeamId('t1');
const I = asInstanceId('i1');

/** A model over `state`, with every change it makes kept. */
function modelOf(state: TeamtrayState) {
  const model = createModel(state);
  const changes: Change[] = [];
  model.subscribe((change) => changes.push(change));
  return { model, changes, patches: (): Patch[] => changes.flatMap((each) => each.patches) };
}

function listedOf(id: string, more: Partial<ListedTeam> = {}): ListedTeam {
  const { runtime: _runtime, pendingName: _pending, ...listed } = teamOf(id);
  return { ...listed, ...more };
}

const readOf = (id: string, state = 'running'): ReadInstance => {
  const {
    action: _action,
    actionSentAt: _at,
    lastAction: _last,
    log: _log,
    ...read
  } = instanceOf(id, {
    state,
  });
  return read;
};

const account = (model: Model, id: AccountId = A): Account | undefined =>
  model.state().accounts.find((each) => each.id === id);
const instance = (model: Model): Instance | undefined =>
  account(model)?.teams[0]?.runtime.instances.find((each) => each.id === I);

describe('saved accounts', () => {
  it('adds an account at the end with nothing known yet, then changes only what was edited', () => {
    const { model, patches } = modelOf(stateOf({ accounts: [accountOf('a0')] }));
    const saved = {
      id: A,
      label: 'Work',
      origin: asOrigin('https://ff.example.com'),
      allowHttp: false,
      username: 'ada',
      version: '2.4.0',
    };
    model.apply('accountSaved', saved);
    expect(model.state().accounts.map((each) => each.id)).toEqual(['a0', 'a1']);
    expect(account(model)).toMatchObject({ status: 'loading', teams: [], refreshing: false });
    const before = patches().length;
    model.apply('accountSaved', { ...saved, label: 'Home' });
    expect(patches().slice(before)).toEqual([
      { op: 'replace', path: ['accounts', 1, 'label'], value: 'Home' },
    ]);
  });

  it('forgets the teams of an account saved for another server or user: they were not theirs', () => {
    const saved = {
      id: A,
      label: '',
      origin: asOrigin('https://flowfuse.example.com'),
      allowHttp: false,
      username: 'alice',
      version: null,
    };
    const { model } = modelOf(
      stateOf({ accounts: [accountOf('a1', { teams: [teamOf('t1')], lastSuccessAt: 5 })] }),
    );
    // The same server and user with a new label (or token) keeps what is known.
    model.apply('accountSaved', { ...saved, label: 'Work' });
    expect(account(model)?.teams.map((team) => team.id)).toEqual(['t1']);
    model.apply('accountSaved', {
      ...saved,
      label: 'Work',
      origin: asOrigin('https://other.example.com'),
    });
    expect(account(model)).toMatchObject({
      label: 'Work',
      origin: 'https://other.example.com',
      status: 'loading',
      lastSuccessAt: null,
      teams: [],
    });
    const { model: again } = modelOf(
      stateOf({ accounts: [accountOf('a1', { teams: [teamOf('t1')] })] }),
    );
    again.apply('accountSaved', { ...saved, username: 'bob' });
    expect(account(again)?.teams).toEqual([]);
  });

  it('removes an account and reorders the rest, keeping each account object', () => {
    const first = accountOf('a0');
    const second = accountOf('a1');
    const third = accountOf('a2');
    const { model, changes } = modelOf(stateOf({ accounts: [first, second, third] }));
    model.apply('accountsReordered', { ids: [third.id, first.id, second.id] });
    expect(model.state().accounts).toEqual([third, first, second]);
    expect(model.state().accounts[0]).toBe(third);
    // The same order again, or a list that is not every account once: nothing changes.
    model.apply('accountsReordered', { ids: [third.id, first.id, second.id] });
    model.apply('accountsReordered', { ids: [third.id] });
    expect(changes).toHaveLength(1);
    model.apply('accountRemoved', { accountId: first.id });
    expect(model.state().accounts.map((each) => each.id)).toEqual(['a2', 'a1']);
  });

  it('starts from the cache through the recipes of a list and a read: loading, stale, every default once', () => {
    const { model } = modelOf(stateOf());
    model.apply('accountSaved', {
      id: A,
      label: 'Plant',
      origin: asOrigin('https://ff.example'),
      allowHttp: false,
      username: 'alice',
      version: null,
    });
    const { runtime: _runtime, pendingName: _pending, ...listed } = teamOf('t1');
    const { runtime: _other, pendingName: _none, ...unread } = teamOf('t2');
    const reading = { instances: [instanceOf('i1')], devices: [] };
    model.apply('cacheRead', {
      accountId: A,
      teams: [listed, unread],
      lastSuccessAt: 1_000,
      readings: [{ teamId: T, reading, at: 900 }],
    });
    const cached = model.state().accounts[0];
    expect(cached).toMatchObject({ status: 'loading', stale: true, lastSuccessAt: 1_000 });

    // The same facts through listed and read: the teams come out the same.
    const fresh = modelOf(stateOf());
    fresh.model.apply('accountSaved', {
      id: A,
      label: 'Plant',
      origin: asOrigin('https://ff.example'),
      allowHttp: false,
      username: 'alice',
      version: null,
    });
    fresh.model.apply('listed', {
      accountId: A,
      teams: [listed, unread],
      leftOut: null,
      username: 'alice',
      version: null,
      at: 1_000,
    });
    fresh.model.apply('read', { accountId: A, teamId: T, reading, at: 900 });
    // The same teams, but the cache's are the last run's: not read in this one yet.
    const thisRun = fresh.model.state().accounts[0]?.teams ?? [];
    expect(cached?.teams).toEqual(
      thisRun.map((each) => ({ ...each, runtime: { ...each.runtime, readThisRun: false } })),
    );
    expect(thisRun[0]?.runtime.readThisRun).toBe(true);
    expect(cached?.teams[1]?.runtime.status).toBe('loading');
  });
});

describe('listing an account’s teams', () => {
  it('patches only the 50 teams of 2,000 that were renamed; the others keep their objects', () => {
    const teams = Array.from({ length: 2_000 }, (_, index) =>
      teamOf(`t${index}`, { runtime: runtimeOf({ instances: [instanceOf(`i${index}`)] }) }),
    );
    const { model, patches } = modelOf(stateOf({ accounts: [accountOf('a1', { teams })] }));
    model.apply('refreshStarted', { accountId: A });
    const before = model.state().accounts[0]?.teams ?? [];
    const listed = teams.map(({ runtime: _runtime, pendingName: _pending, ...team }, index) =>
      index % 40 === 0 ? { ...team, name: `Renamed ${index}` } : team,
    );
    const started = patches().length;
    model.apply('listed', {
      accountId: A,
      teams: listed,
      leftOut: null,
      username: 'alice',
      version: null,
      at: 5_000,
    });
    const teamPatches = patches()
      .slice(started)
      .filter((patch) => patch.path[2] === 'teams');
    expect(teamPatches).toHaveLength(50);
    expect(teamPatches.every((patch) => patch.op === 'replace' && patch.path[4] === 'name')).toBe(
      true,
    );
    const after = model.state().accounts[0]?.teams ?? [];
    expect(after[1]).toBe(before[1]);
    expect(after[40]?.name).toBe('Renamed 40');
    // A renamed team keeps what Teamtray added: its instances.
    expect(after[40]?.runtime).toBe(before[40]?.runtime);
    expect(account(model)).toMatchObject({
      status: 'ok',
      refreshing: false,
      lastSuccessAt: 5_000,
      stale: false,
    });
  });

  it('replaces the list once when teams come or go, reusing the teams that stayed', () => {
    const kept = teamOf('t1', { runtime: runtimeOf({ instances: [instanceOf('i1')] }) });
    const gone = teamOf('t2');
    const { model, patches } = modelOf(
      stateOf({ accounts: [accountOf('a1', { teams: [kept, gone] })] }),
    );
    model.apply('listed', {
      accountId: A,
      teams: [listedOf('t3'), listedOf('t1')],
      leftOut: { unread: ['Odd'], unreadCount: 1, more: 0 },
      username: 'alice',
      version: '2.4.0',
      at: 1,
    });
    const teams = account(model)?.teams ?? [];
    expect(teams.map((each) => each.id)).toEqual(['t3', 't1']);
    expect(teams[1]).toBe(kept);
    expect(teams[0]?.runtime).toMatchObject({ status: 'loading', fetchedAt: null });
    expect(patches().filter((patch) => patch.path.includes('teams'))).toHaveLength(1);
    expect(account(model)?.teamsLeftOut).toEqual({ unread: ['Odd'], unreadCount: 1, more: 0 });
  });

  it('keeps the teams, marked as last known, when the list fails; says which kind of failure', () => {
    const { model } = modelOf(stateOf({ accounts: [accountOf('a1', { teams: [teamOf('t1')] })] }));
    model.apply('refreshStarted', { accountId: A });
    expect(account(model)).toMatchObject({ status: 'loading', refreshing: true });
    model.apply('listFailed', { accountId: A, error: { code: 'timeout', message: 'slow' } });
    expect(account(model)).toMatchObject({
      status: 'unreachable',
      refreshing: false,
      stale: true,
      error: { code: 'timeout' },
    });
    expect(account(model)?.teams).toHaveLength(1);
    const held = { code: 'storage_unavailable', message: 'paste it again' } as const;
    model.apply('listFailed', { accountId: A, error: held });
    expect(account(model)?.status).toBe('token_unavailable');
  });

  it('turns the account to unauthorized once when a token is refused on any call', () => {
    const { model, changes } = modelOf(stateOf({ accounts: [accountOf('a1')] }));
    const error = { code: 'unauthorized', message: 'refused' } as const;
    model.apply('tokenRefused', { accountId: A, error });
    model.apply('tokenRefused', { accountId: A, error: { ...error, message: 'again' } });
    expect(changes).toHaveLength(1);
    expect(account(model)).toMatchObject({ status: 'unauthorized', error, stale: false });
  });

  it('changes nothing for an account that is no longer saved', () => {
    const { model, changes } = modelOf(stateOf({ accounts: [accountOf('a0')] }));
    model.apply('refreshStarted', { accountId: A });
    model.apply('listed', {
      accountId: A,
      teams: [listedOf('t1')],
      leftOut: null,
      username: null,
      version: null,
      at: 1,
    });
    model.apply('read', {
      accountId: A,
      teamId: T,
      reading: { instances: [], devices: [] },
      at: 1,
    });
    expect(changes).toEqual([]);
    expect(model.snapshot().version).toBe(0);
  });
});

describe('renaming a team', () => {
  const renaming = () =>
    modelOf(stateOf({ accounts: [accountOf('a1', { teams: [teamOf('t1', { name: 'Old' })] })] }));

  it('shows the name sent until the server stores it', () => {
    const { model, patches } = renaming();
    model.apply('renameSent', { accountId: A, teamId: T, name: 'New' });
    expect(account(model)?.teams[0]).toMatchObject({ name: 'Old', pendingName: 'New' });
    model.apply('renamed', { accountId: A, teamId: T, name: 'New' });
    expect(account(model)?.teams[0]).toMatchObject({ name: 'New', pendingName: null });
    expect(patches().map((patch) => patch.path.join('/'))).toEqual([
      'accounts/0/teams/0/pendingName',
      'accounts/0/teams/0/name',
      'accounts/0/teams/0/pendingName',
    ]);
  });

  it('shows the saved name again when the rename is refused', () => {
    const { model } = renaming();
    model.apply('renameSent', { accountId: A, teamId: T, name: 'New' });
    model.apply('renameRefused', { accountId: A, teamId: T });
    expect(account(model)?.teams[0]).toMatchObject({ name: 'Old', pendingName: null });
  });
});

describe('reading a team’s instances and devices', () => {
  const withTeam = (instances: Instance[] = []) =>
    modelOf(
      stateOf({
        accounts: [
          accountOf('a1', {
            teams: [
              teamOf('t1', { runtime: runtimeOf({ instances, fetchedAt: 1, readThisRun: true }) }),
            ],
          }),
        ],
      }),
    );

  it('changes only the instance whose state changed, and keeps the others’ objects', () => {
    const others = Array.from({ length: 20 }, (_, index) => instanceOf(`o${index}`));
    const { model, patches } = withTeam([instanceOf('i1'), ...others]);
    const before = account(model)?.teams[0]?.runtime.instances ?? [];
    model.apply('read', {
      accountId: A,
      teamId: T,
      reading: {
        instances: [readOf('i1', 'crashed'), ...others.map((each) => readOf(each.id))],
        devices: [],
      },
      at: 2,
    });
    expect(
      patches()
        .map((patch) => patch.path.join('/'))
        .sort(),
    ).toEqual([
      'accounts/0/teams/0/runtime/fetchedAt',
      // Its history gains the transition (main/model/history.ts).
      'accounts/0/teams/0/runtime/instances/0/history',
      'accounts/0/teams/0/runtime/instances/0/state',
      // Since when it is in trouble, as Teamtray saw it (main/model/trouble.ts).
      'accounts/0/teams/0/runtime/instances/0/trouble',
    ]);
    const after = account(model)?.teams[0]?.runtime.instances ?? [];
    expect(after[3]).toBe(before[3]);
    expect(instance(model)?.state).toBe('crashed');
    expect(instance(model)?.trouble).toEqual({ since: 2, what: 'crashed' });
  });

  it('adds and drops instances and devices, and says what the read left out', () => {
    const { model } = withTeam([instanceOf('gone')]);
    const device = deviceOf('d1', { lastSeenAt: 3 });
    model.apply('read', {
      accountId: A,
      teamId: T,
      reading: {
        instances: [readOf('i1')],
        devices: [device],
        devicesLeftOut: { unread: [], unreadCount: 0, more: 4 },
      },
      at: 2,
    });
    const runtime = account(model)?.teams[0]?.runtime;
    // A new instance's history starts with the state the read first saw it in.
    expect(runtime?.instances).toEqual([
      { ...instanceOf('i1'), history: [{ at: 2, state: 'running' }] },
    ]);
    expect(runtime?.devices).toEqual([{ ...device, id: asDeviceId('d1') }]);
    expect(runtime?.devicesLeftOut).toEqual({ unread: [], unreadCount: 0, more: 4 });
    expect(runtime?.instancesLeftOut).toBeNull();
  });

  it('takes a device’s last-seen time moving by a few ms between reads as no news', () => {
    const { model, patches } = withTeam();
    const seen = (lastSeenAt: number, at: number) => {
      model.apply('read', {
        accountId: A,
        teamId: T,
        reading: { instances: [], devices: [deviceOf('d1', { lastSeenAt, state: 'running' })] },
        at,
      });
    };
    seen(1_000_000, 2);
    const first = patches().length;
    // The same call home, worked out again from "ms ago" a refresh later.
    seen(1_000_004, 3);
    expect(
      patches()
        .slice(first)
        .map((patch) => patch.path.join('/')),
    ).toEqual(['accounts/0/teams/0/runtime/fetchedAt']);
    expect(account(model)?.teams[0]?.runtime.devices[0]?.lastSeenAt).toBe(1_000_000);
    // A new call home is news.
    seen(1_060_000, 4);
    expect(account(model)?.teams[0]?.runtime.devices[0]?.lastSeenAt).toBe(1_060_000);
  });

  it('keeps what was known when a read fails, and says a hidden team is no error', () => {
    const { model } = withTeam([instanceOf('i1')]);
    model.apply('readFailed', {
      accountId: A,
      teamId: T,
      error: { code: 'timeout', message: 'x' },
    });
    expect(account(model)?.teams[0]?.runtime).toMatchObject({
      status: 'error',
      error: { code: 'timeout' },
      fetchedAt: 1,
      instances: [instanceOf('i1')],
    });
    model.apply('hidden', { accountId: A, teamId: T });
    expect(account(model)?.teams[0]?.runtime).toMatchObject({ status: 'hidden', error: null });
  });
});

describe('an instance action', () => {
  const acting = () =>
    modelOf(
      stateOf({
        accounts: [
          accountOf('a1', {
            teams: [teamOf('t1', { runtime: runtimeOf({ instances: [instanceOf('i1')] }) })],
          }),
        ],
      }),
    );
  const reading = (state: string) => ({
    accountId: A,
    teamId: T,
    reading: { instances: [readOf('i1', state)], devices: [] },
    at: 9,
  });
  const ref = { accountId: A, teamId: T, instanceId: I };

  it('shows its transition at once, through reads that predate it, until it settles', () => {
    const { model } = acting();
    model.apply('actionSent', { ...ref, action: 'stop', at: 7 });
    expect(instance(model)).toMatchObject({ state: 'stopping', action: 'stop', actionSentAt: 7 });
    // The server has not taken it yet: the row still says "stopping".
    model.apply('read', reading('running'));
    model.apply('polled', { ...ref, state: 'running' });
    expect(instance(model)?.state).toBe('stopping');
    model.apply('settled', { ...ref, state: 'stopped' });
    expect(instance(model)).toMatchObject({ state: 'stopped', action: null, actionSentAt: null });
  });

  it('shows the server’s own transition, the state the action ends in, or a problem', () => {
    for (const state of ['stopping', 'stopped', 'crashed']) {
      const { model } = acting();
      model.apply('actionSent', { ...ref, action: 'stop', at: 7 });
      model.apply('read', reading(state));
      expect(instance(model)).toMatchObject({ state, action: 'stop' });
    }
    const { model } = acting();
    model.apply('actionSent', { ...ref, action: 'start', at: 7 });
    model.apply('polled', { ...ref, state: 'installing' });
    expect(instance(model)?.state).toBe('installing');
  });

  it('puts the state back when the server refuses', () => {
    const { model, changes } = acting();
    const before = model.state();
    model.apply('actionSent', { ...ref, action: 'suspend', at: 7 });
    model.apply('actionRefused', { ...ref, state: 'running' });
    expect(model.state()).toEqual(before);
    // Patches replay on the renderer's replica to the same tree.
    const replica = changes.reduce<TeamtrayState>(
      (tree, change) => applyPatches(tree, change.patches),
      before,
    );
    expect(replica).toEqual(model.state());
  });
});

describe('the last action on an instance', () => {
  const stopped = { event: 'project.stopped', at: 5, by: 'bob' };
  const withInstance = () =>
    modelOf(
      stateOf({
        accounts: [
          accountOf('a1', {
            teams: [
              teamOf('t1', {
                runtime: runtimeOf({ instances: [instanceOf('i1', { state: 'stopped' })] }),
              }),
            ],
          }),
        ],
      }),
    );

  it('is written by lastActionRead alone: once, and a read of the team keeps it', () => {
    const { model, patches, changes } = withInstance();
    model.apply('lastActionRead', { accountId: A, teamId: T, instanceId: I, lastAction: stopped });
    expect(instance(model)?.lastAction).toEqual(stopped);
    expect(patches()).toEqual([
      {
        op: 'replace',
        path: ['accounts', 0, 'teams', 0, 'runtime', 'instances', 0, 'lastAction'],
        value: stopped,
      },
    ]);
    // The same answer again is no news.
    model.apply('lastActionRead', {
      accountId: A,
      teamId: T,
      instanceId: I,
      lastAction: { ...stopped },
    });
    expect(changes).toHaveLength(1);
    model.apply('read', {
      accountId: A,
      teamId: T,
      reading: { instances: [readOf('i1', 'stopped')], devices: [] },
      at: 9,
    });
    expect(instance(model)?.lastAction).toEqual(stopped);
    // An instance the model does not hold is left alone.
    model.apply('lastActionRead', {
      accountId: A,
      teamId: T,
      instanceId: asInstanceId('nope'),
      lastAction: stopped,
    });
    expect(changes.map((each) => each.name)).toEqual(['lastActionRead', 'read']);
  });
});

describe('the log of an instance', () => {
  const ref = { accountId: A, teamId: T, instanceId: I };
  const crashed = { ts: '1000', at: 1000, level: 'error', msg: 'TypeError\n    at x', src: null };
  const started = { ts: '900', at: 900, level: 'info', msg: 'Started flows', src: null };
  const withInstance = () =>
    modelOf(
      stateOf({
        accounts: [
          accountOf('a1', {
            teams: [
              teamOf('t1', {
                runtime: runtimeOf({ instances: [instanceOf('i1', { state: 'crashed' })] }),
              }),
            ],
          }),
        ],
      }),
    );
  const logPath = ['accounts', 0, 'teams', 0, 'runtime', 'instances', 0, 'log'];

  it('is loading, then read; a second read keeps the lines until it answers', () => {
    const { model, patches } = withInstance();
    expect(instance(model)?.log).toBeNull();
    model.apply('logRequested', ref);
    expect(instance(model)?.log).toEqual({
      status: 'loading',
      lines: [],
      fetchedAt: null,
      error: null,
    });
    model.apply('logRead', { ...ref, lines: [started, crashed], at: 50 });
    expect(instance(model)?.log).toEqual({
      status: 'ok',
      lines: [started, crashed],
      fetchedAt: 50,
      error: null,
    });
    const before = patches().length;
    model.apply('logRequested', ref);
    // Only the status moves: the lines read stay on screen meanwhile.
    expect(patches().slice(before)).toEqual([
      { op: 'replace', path: [...logPath, 'status'], value: 'loading' },
    ]);
    expect(instance(model)?.log?.lines).toEqual([started, crashed]);
  });

  it('says suspended, or why it failed, keeping the lines read before', () => {
    const { model } = withInstance();
    model.apply('logRead', { ...ref, lines: [crashed], at: 50 });
    const error = { code: 'server_error' as const, message: 'FlowFuse answered 500.' };
    model.apply('logFailed', { ...ref, error });
    expect(instance(model)?.log).toEqual({
      status: 'error',
      lines: [crashed],
      fetchedAt: 50,
      error,
    });
    model.apply('logSuspended', { ...ref, at: 60 });
    expect(instance(model)?.log).toEqual({
      status: 'suspended',
      lines: [],
      fetchedAt: 60,
      error: null,
    });
  });

  it('survives a read of the team, and an instance the model does not hold is left alone', () => {
    const { model, changes } = withInstance();
    model.apply('logRead', { ...ref, lines: [crashed], at: 50 });
    model.apply('read', {
      accountId: A,
      teamId: T,
      reading: { instances: [readOf('i1', 'running')], devices: [] },
      at: 9,
    });
    expect(instance(model)?.state).toBe('running');
    expect(instance(model)?.log?.lines).toEqual([crashed]);
    const other = { ...ref, instanceId: asInstanceId('nope') };
    model.apply('logRequested', other);
    model.apply('logRead', { ...other, lines: [crashed], at: 1 });
    model.apply('logFailed', { ...other, error: { code: 'server_error', message: 'x' } });
    model.apply('logSuspended', { ...other, at: 1 });
    expect(changes.map((each) => each.name)).toEqual(['logRead', 'read']);
  });
});
