/**
 * The store's drafts with main's pushes applied once a frame, as on the page: the answer to a
 * call may come before the frame that applies its patches. A draft (a name typed, a setting, a
 * pin, the accounts' order) then shows until the replica reaches the version main answered with,
 * never the old value in between; a refused call's draft goes at once, with why.
 */
import type { Draft } from 'immer';
import { afterEach, describe, expect, it } from 'vitest';
import { asAccountId } from '../../common/brand';
import type { Versioned } from '../../common/contract';
import type { Renamed, Settings } from '../../common/model';
import type { Team, TeamtrayState } from '../../common/state';
import type { FrameSchedule } from './frame-pushes';
import type { TeamRow } from './rows';
import { Store } from './store';
import { account, stateWith } from '../../tests/support/renderer-data';
import { testMain } from '../../tests/support/renderer-main';

const initial = (): TeamtrayState =>
  stateWith([account('a', ['Acme', 'Beta']), account('b', ['Gamma'])]);

const stores: Store[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.dispose();
});

/** Frames the test runs by hand. */
function frames() {
  const waiting = new Set<() => void>();
  const schedule: FrameSchedule = (run) => {
    waiting.add(run);
    return () => waiting.delete(run);
  };
  return {
    schedule,
    next() {
      const runs = [...waiting];
      waiting.clear();
      for (const run of runs) run();
    },
  };
}

async function connected(main: ReturnType<typeof testMain>, clock: ReturnType<typeof frames>) {
  const store = new Store();
  stores.push(store);
  await store.connect(main.api, { frames: clock.schedule });
  return store;
}

function teamIn(draft: Draft<TeamtrayState>, accountId: string, id: string): Draft<Team> {
  const found = draft.accounts
    .find((each) => each.id === accountId)
    ?.teams.find((t) => t.id === id);
  if (found === undefined) throw new Error(`no team ${accountId}/${id}`);
  return found;
}

/** A call main answers when the test says, as main's core does: its changes pushed first. */
function held<R>() {
  let answer: (result: Versioned<R>) => void = () => undefined;
  const promise = new Promise<Versioned<R>>((resolve) => {
    answer = resolve;
  });
  return {
    promise,
    answer: (result: Versioned<R>) => {
      answer(result);
    },
  };
}

const nameOf = (store: Store, key: string) =>
  store.rows.find((row): row is TeamRow => row.key === key && row.kind === 'team');

describe('drafts, with the pushes of a frame applied after the answer', () => {
  it('a rename typed and saved shows the typed name throughout: no flick back before the patch', async () => {
    const clock = frames();
    const reply = held<Renamed>();
    const main = testMain(initial(), {
      renameTeam: (request: { name: string }) => {
        // Main: the pending name at once (version 1), the name saved before it answers (2).
        main.change((draft) => {
          teamIn(draft, 'a', 't0').pendingName = request.name;
        });
        return reply.promise;
      },
    });
    const store = await connected(main, clock);
    const seen: string[] = [];
    const look = () => {
      const row = nameOf(store, 'a/t0');
      seen.push(`${row?.name ?? '?'}${row?.pending === true ? '…' : ''}`);
    };
    const done = store.rename(asAccountId('a'), 't0', 'Typed');
    look();
    main.change((draft) => {
      const team = teamIn(draft, 'a', 't0');
      team.name = 'Typed';
      team.pendingName = null;
    });
    reply.answer({ ok: true, value: { name: 'Typed' }, version: 2 });
    await expect(done).resolves.toEqual({ ok: true });
    // The answer is in; the frame that applies main's two patches is not.
    look();
    expect(store.replica.version).toBe(0);
    clock.next();
    look();
    expect(seen).toEqual(['Typed…', 'Typed…', 'Typed']);
  });

  it('a draft gives way exactly at the answered version, not at an earlier push', async () => {
    const clock = frames();
    const reply = held<Settings>();
    const main = testMain(initial(), { updateSettings: () => reply.promise });
    const store = await connected(main, clock);
    const saving = store.saveSettings({ theme: 'dark' });
    expect(store.settings?.theme).toBe('dark');
    // Something else changes first (version 1), then main saves the theme (version 2).
    main.change((draft) => {
      teamIn(draft, 'a', 't1').name = 'Beta 2';
    });
    main.change((draft) => {
      draft.settings.theme = 'dark';
    });
    reply.answer({ ok: true, value: main.state.settings, version: 2 });
    await expect(saving).resolves.toBeNull();
    expect(store.settings?.theme).toBe('dark');
    // Main changes the theme again (version 3): the draft is gone once the replica holds 2.
    main.change((draft) => {
      draft.settings.theme = 'light';
    });
    clock.next();
    expect(store.replica.version).toBe(3);
    expect(store.settings?.theme).toBe('light');
  });

  it('keeps the draft past a push older than the answered version', async () => {
    const clock = frames();
    const reply = held<Settings>();
    const main = testMain(initial(), { updateSettings: () => reply.promise });
    const store = await connected(main, clock);
    const saving = store.saveSettings({ trayCount: false });
    main.change((draft) => {
      teamIn(draft, 'a', 't1').name = 'Beta 2';
    });
    clock.next();
    reply.answer({ ok: true, value: main.state.settings, version: 2 });
    await saving;
    expect(store.replica.version).toBe(1);
    // Version 2 (the saved setting) has not come: the draft still shows.
    expect(store.settings?.trayCount).toBe(false);
    main.change((draft) => {
      draft.settings.trayCount = false;
    });
    clock.next();
    expect(store.settings?.trayCount).toBe(false);
    main.change((draft) => {
      draft.settings.trayCount = true;
    });
    clock.next();
    expect(store.settings?.trayCount).toBe(true);
  });

  it('a refused rename drops its draft at once and says why under the row', async () => {
    const clock = frames();
    const reply = held<Renamed>();
    const main = testMain(initial(), { renameTeam: () => reply.promise });
    const store = await connected(main, clock);
    const done = store.rename(asAccountId('a'), 't0', 'Other');
    expect(nameOf(store, 'a/t0')).toMatchObject({ name: 'Other', pending: true });
    reply.answer({ ok: false, error: { code: 'forbidden', message: 'Only owners.' } });
    await expect(done).resolves.toEqual({
      ok: false,
      reason: 'Could not rename to “Other”: Only owners.',
    });
    expect(nameOf(store, 'a/t0')).toMatchObject({
      name: 'Acme',
      pending: false,
      error: 'Could not rename to “Other”: Only owners.',
    });
  });

  it('two pins on their way both show at once, each until main’s patch holds it', async () => {
    const clock = frames();
    const replies = [held<Settings>(), held<Settings>()];
    let calls = 0;
    const main = testMain(initial(), {
      changePins: () => (replies[calls++] as ReturnType<typeof held<Settings>>).promise,
    });
    const store = await connected(main, clock);
    const one = { accountId: 'a', kind: 'team', id: 't0', name: 'Acme' } as const;
    const two = { accountId: 'a', kind: 'team', id: 't1', name: 'Beta' } as const;
    const first = store.changePins({ kind: 'pin', pin: one });
    const second = store.changePins({ kind: 'pin', pin: two });
    expect(store.settings?.pins).toEqual([one, two]);
    main.change((draft) => {
      draft.settings.pins = [one];
    });
    replies[0]?.answer({ ok: true, value: main.state.settings, version: 1 });
    await first;
    clock.next();
    expect(store.settings?.pins).toEqual([one, two]);
    replies[1]?.answer({ ok: false, error: { code: 'invalid_request', message: 'Too many.' } });
    await expect(second).resolves.toBe('Too many.');
    expect(store.settings?.pins).toEqual([one]);
  });

  it('the accounts move at once, until main’s order comes; a refusal puts main’s back with why', async () => {
    const clock = frames();
    const replies = [held<null>(), held<null>()];
    let calls = 0;
    const main = testMain(initial(), {
      reorderAccounts: () => (replies[calls++] as ReturnType<typeof held<null>>).promise,
    });
    const store = await connected(main, clock);
    const ids = () => store.accounts.map((each) => each.id);
    const moving = store.reorderAccounts(['b', 'a']);
    expect(ids()).toEqual(['b', 'a']);
    main.change((draft) => {
      draft.accounts.reverse();
    });
    replies[0]?.answer({ ok: true, value: null, version: 1 });
    await expect(moving).resolves.toBeNull();
    expect(store.replica.version).toBe(0);
    expect(ids()).toEqual(['b', 'a']);
    clock.next();
    expect(ids()).toEqual(['b', 'a']);
    const refused = store.reorderAccounts(['a', 'b']);
    expect(ids()).toEqual(['a', 'b']);
    replies[1]?.answer({ ok: false, error: { code: 'invalid_request', message: 'Not now.' } });
    await expect(refused).resolves.toBe('Not now.');
    expect(ids()).toEqual(['b', 'a']);
  });
});
