/**
 * Ordering in the teams service, with answers released by hand: a list read before a rename
 * landed, and an account removed while its list is in flight. (HTTP itself is proven against a
 * real server in main/core.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { asAccountId, asOrigin, asToken } from '../../common/brand';
import type { AccountTeams } from '../../common/model';
import type { ApiTeam, ClientFactory, TeamList } from '../flowfuse/types';
import { createMemoryLogger } from '../../tests/support/memory-logger';
import type { CachedTeams, AccountRegistry, SavedAccount, TeamsCache } from '../store/types';
import { createTeamsService } from './teams-service';
import { emptyRuntimeCalls } from '../../tests/support/empty-runtime';

const account: SavedAccount = {
  id: asAccountId('i1'),
  label: 'Work',
  origin: asOrigin('https://ff.example.com'),
  allowHttp: false,
  userId: 'u1',
  username: 'alice',
  version: '2.4.0',
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

function setup() {
  let saved: SavedAccount[] = [account];
  const registry: AccountRegistry = {
    list: () => saved,
    get: (id) => saved.find((each) => each.id === id),
    add: () => Promise.reject(new Error('unused')),
    update: () => Promise.reject(new Error('unused')),
    cancelChecks: () => undefined,
    remove: (id) => {
      saved = saved.filter((each) => each.id !== id);
      return Promise.resolve();
    },
    reorder: () => undefined,
    credentialsFor: (id) => {
      const found = saved.find((each) => each.id === id);
      return Promise.resolve(
        found === undefined ? null : { account: found, token: asToken('ffpat_test') },
      );
    },
    tokenFor: () => Promise.resolve(asToken('ffpat_test')),
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
  const service = createTeamsService({
    registry,
    cache,
    clientFactory,
    now: () => 1_000,
    log: createMemoryLogger(),
  });
  const views: AccountTeams[] = [];
  service.onAccountChanged((view) => views.push(view));
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { service, registry, lists, renames, views, cacheEntries, tick };
}

const nameOf = (view: AccountTeams | undefined) => view?.teams.name[0];

describe('teams service ordering', () => {
  it('keeps a confirmed rename over a list that was read before it landed', async () => {
    const { service, lists, renames, tick } = setup();
    const first = service.refresh();
    await tick();
    lists[0]?.resolve([team('Old')]);
    await first;

    const stale = service.refresh();
    await tick();
    const rename = service.rename('i1', 't1', 'New');
    await tick();
    // Main shows no name the server has not confirmed (the renderer owns the optimistic one).
    expect(nameOf(service.view('i1'))).toBe('Old');
    renames[0]?.resolve(team('New'));
    await rename;
    // The list answer was computed before the rename: it still says "Old".
    lists[1]?.resolve([team('Old')]);
    await stale;
    expect(nameOf(service.view('i1'))).toBe('New');

    // A refresh that starts after the rename is believed.
    const later = service.refresh();
    await tick();
    lists[2]?.resolve([team('Renamed elsewhere')]);
    await later;
    expect(nameOf(service.view('i1'))).toBe('Renamed elsewhere');
  });

  it('keeps the saved name and pushes nothing when the server refuses a rename', async () => {
    const { service, lists, renames, views, tick } = setup();
    const first = service.refresh();
    await tick();
    lists[0]?.resolve([team('Old')]);
    await first;
    views.length = 0;

    const rename = service.rename('i1', 't1', 'New');
    await tick();
    renames[0]?.resolve(Promise.reject(new Error('refused')) as unknown as ApiTeam);
    await expect(rename).rejects.toThrow('refused');
    expect(views).toEqual([]);
    expect(nameOf(service.view('i1'))).toBe('Old');
  });

  it('drops the answer of an account removed while its list was in flight', async () => {
    const { service, registry, lists, views, cacheEntries, tick } = setup();
    const refresh = service.refresh();
    await tick();
    await registry.remove('i1');
    views.length = 0;
    lists[0]?.resolve([team('Ghost')]);
    await refresh;
    expect(views).toEqual([]);
    expect(cacheEntries.size).toBe(0);
    expect(service.views()).toEqual([]);
  });

  it('says which teams the list left out, until a list leaves none out', async () => {
    const { service, lists, tick } = setup();
    const leftOut = { unread: ['Odd team'], unreadCount: 1, more: 3 };
    const first = service.refresh('i1');
    await tick();
    lists[0]?.resolve({ teams: [team('Good')], leftOut });
    await first;
    expect(service.view('i1')).toMatchObject({ status: 'ok', teamsLeftOut: leftOut });
    expect(nameOf(service.view('i1'))).toBe('Good');
    const second = service.refresh('i1');
    await tick();
    lists[1]?.resolve([team('Good')]);
    await second;
    expect(service.view('i1')).not.toHaveProperty('teamsLeftOut');
  });

  it('joins a second refresh of the same account to the one in flight', async () => {
    const { service, lists, tick } = setup();
    const one = service.refresh('i1');
    const two = service.refresh('i1');
    await tick();
    expect(lists).toHaveLength(1);
    lists[0]?.resolve([team('Once')]);
    await Promise.all([one, two]);
    expect(nameOf(service.view('i1'))).toBe('Once');
  });
});
