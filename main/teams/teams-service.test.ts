/**
 * Ordering in the teams service, with answers released by hand: a list read before a rename
 * landed, and an account removed while its list is in flight. What the service learns lands in
 * the model; the teams cache hears it from there. (HTTP itself is proven against a real server in
 * main/core.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { asAccountId, asOrigin, asTeamId, asToken } from '../../common/brand';
import type { Account } from '../../common/state';
import type { ApiTeam, ClientFactory, TeamList } from '../flowfuse/types';
import { createModel, type Change } from '../model/model';
import { createMemoryLogger } from '../../tests/support/memory-logger';
import { stateOf } from '../../tests/support/state-builders';
import type { RuntimeCache } from '../store/runtime-cache';
import { saveCaches } from '../store/save-caches';
import { syncAccounts } from '../store/sync-accounts';
import type { CachedTeams, AccountRegistry, SavedAccount, TeamsCache } from '../store/types';
import { createTeamsService } from './teams-service';
import { emptyRuntimeCalls } from '../../tests/support/empty-runtime';

const I1 = asAccountId('i1');
const T1 = asTeamId('t1');

const account: SavedAccount = {
  id: I1,
  label: 'Work',
  origin: asOrigin('https://ff.example.com'),
  allowHttp: false,
  userId: 'u1',
  username: 'alice',
  version: '2.4.0',
  tokenInfo: null,
};

function team(name: string): ApiTeam {
  return {
    id: 't1',
    name,
    slug: 'team',
    avatar: null,
    type: null,
    role: 50,
    instanceCount: null,
    memberCount: null,
    deviceCount: null,
  };
}

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** A runtime cache that keeps nothing (these tests are about teams). */
const noRuntimeCache: RuntimeCache = {
  read: () => new Map(),
  write: () => undefined,
  retainTeams: () => undefined,
  delete: () => undefined,
  retain: () => undefined,
  flush: () => undefined,
};

function setup() {
  let saved: SavedAccount[] = [account];
  const model = createModel(stateOf());
  const registry: AccountRegistry = {
    list: () => saved,
    get: (id) => saved.find((each) => each.id === id),
    add: () => Promise.reject(new Error('unused')),
    update: () => Promise.reject(new Error('unused')),
    cancelChecks: () => undefined,
    remove: (id) => {
      saved = saved.filter((each) => each.id !== id);
      // As the core does: the model follows the registry.
      syncAccounts(model, saved);
      return Promise.resolve();
    },
    reorder: () => undefined,
    bindBareTokens: () => Promise.resolve(),
    credentialsFor: (id) => {
      const found = saved.find((each) => each.id === id);
      return Promise.resolve(
        found === undefined ? null : { account: found, token: asToken('ffpat_test') },
      );
    },
    clientFor: () => Promise.reject(new Error('unused')),
    tokenFor: () => Promise.resolve(asToken('ffpat_test')),
    setTokenInfo: () => Promise.resolve(false),
    setTokensRead: () => Promise.resolve(false),
    setTokenWarned: () => Promise.resolve(false),
    onChange: () => () => undefined,
  };
  const cacheEntries = new Map<string, CachedTeams>();
  const cache: TeamsCache = {
    read: (id) => cacheEntries.get(id),
    write: (id, entry) => cacheEntries.set(id, entry),
    delete: (id) => cacheEntries.delete(id),
  };
  const lists: ReturnType<typeof deferred<readonly ApiTeam[] | TeamList>>[] = [];
  const renames: ReturnType<typeof deferred<ApiTeam>>[] = [];
  const clientFactory: ClientFactory = () => ({
    origin: account.origin,
    ...emptyRuntimeCalls(),
    probe: () => Promise.resolve({ version: '2.4.0' }),
    whoAmI: () => Promise.resolve({ id: 'u1', username: 'alice', name: null }),
    listTeams: () => {
      const answer = deferred<readonly ApiTeam[] | TeamList>();
      lists.push(answer);
      return answer.promise.then((list) =>
        'teams' in list ? list : { teams: list, leftOut: null },
      );
    },
    renameTeam: () => {
      const answer = deferred<ApiTeam>();
      renames.push(answer);
      return answer.promise;
    },
  });
  syncAccounts(model, saved);
  saveCaches(model, cache, noRuntimeCache);
  const service = createTeamsService({
    model,
    registry,
    clientFactory,
    now: () => 1_000,
    log: createMemoryLogger(),
  });
  const changes: Change[] = [];
  model.subscribe((change) => changes.push(change));
  const view = (): Account | undefined => model.state().accounts.find((each) => each.id === I1);
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { service, registry, lists, renames, changes, view, cacheEntries, tick };
}

const nameOf = (view: Account | undefined) => view?.teams[0]?.name;

describe('teams service ordering', () => {
  it('keeps a confirmed rename over a list that was read before it landed', async () => {
    const { service, lists, renames, view, tick } = setup();
    const first = service.refresh();
    await tick();
    lists[0]?.resolve([team('Old')]);
    await first;

    const stale = service.refresh();
    await tick();
    const rename = service.rename(I1, T1, 'New');
    await tick();
    // The name the server has not confirmed shows as pending; the team's name is still the saved one.
    expect(view()?.teams[0]).toMatchObject({ name: 'Old', pendingName: 'New' });
    renames[0]?.resolve(team('New'));
    await rename;
    // The list answer was computed before the rename: it still says "Old".
    lists[1]?.resolve([team('Old')]);
    await stale;
    expect(view()?.teams[0]).toMatchObject({ name: 'New', pendingName: null });

    // A refresh that starts after the rename is believed.
    const later = service.refresh();
    await tick();
    lists[2]?.resolve([team('Renamed elsewhere')]);
    await later;
    expect(nameOf(view())).toBe('Renamed elsewhere');
  });

  it('shows the saved name again when the server refuses a rename, and caches nothing', async () => {
    const { service, lists, renames, changes, view, cacheEntries, tick } = setup();
    const first = service.refresh();
    await tick();
    lists[0]?.resolve([team('Old')]);
    await first;
    changes.length = 0;
    const cached = cacheEntries.get(I1);

    const rename = service.rename(I1, T1, 'New');
    await tick();
    renames[0]?.resolve(Promise.reject(new Error('refused')) as unknown as ApiTeam);
    await expect(rename).rejects.toThrow('refused');
    expect(changes.map((change) => change.name)).toEqual(['renameSent', 'renameRefused']);
    expect(view()?.teams[0]).toMatchObject({ name: 'Old', pendingName: null });
    expect(cacheEntries.get(I1)).toBe(cached);
  });

  it('sends one rename of a team at a time: a second one hears the first is under way', async () => {
    const { service, lists, renames, tick } = setup();
    const first = service.refresh();
    await tick();
    lists[0]?.resolve([team('Old')]);
    await first;
    const one = service.rename(I1, T1, 'One');
    await expect(service.rename(I1, T1, 'Two')).rejects.toMatchObject({
      code: 'invalid_request',
    });
    await tick();
    expect(renames).toHaveLength(1);
    renames[0]?.resolve(team('One'));
    await one;
  });

  it('drops the answer of an account removed while its list was in flight', async () => {
    const { service, registry, lists, changes, cacheEntries, tick } = setup();
    const refresh = service.refresh();
    await tick();
    await registry.remove(I1);
    changes.length = 0;
    lists[0]?.resolve([team('Ghost')]);
    await refresh;
    expect(changes).toEqual([]);
    expect(cacheEntries.size).toBe(0);
    expect(registry.list()).toEqual([]);
  });

  it('says which teams the list left out, until a list leaves none out', async () => {
    const { service, lists, view, tick } = setup();
    const leftOut = { unread: ['Odd team'], unreadCount: 1, more: 3 };
    const first = service.refresh(I1);
    await tick();
    lists[0]?.resolve({ teams: [team('Good')], leftOut });
    await first;
    expect(view()).toMatchObject({ status: 'ok', teamsLeftOut: leftOut });
    expect(nameOf(view())).toBe('Good');
    const second = service.refresh(I1);
    await tick();
    lists[1]?.resolve([team('Good')]);
    await second;
    expect(view()?.teamsLeftOut).toBeNull();
  });

  it('joins a second refresh of the same account to the one in flight', async () => {
    const { service, lists, view, tick } = setup();
    const one = service.refresh(I1);
    const two = service.refresh(I1);
    await tick();
    expect(lists).toHaveLength(1);
    lists[0]?.resolve([team('Once')]);
    await Promise.all([one, two]);
    expect(nameOf(view())).toBe('Once');
  });
});
