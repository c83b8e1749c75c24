import { effect } from '@preact/signals-core';
import { castDraft, enablePatches, produceWithPatches, type Draft } from 'immer';
import { describe, expect, it, vi } from 'vitest';
import type { Result } from '../../common/errors';
import type { PatchPush, Snapshot, TeamtrayState } from '../../common/state';
import {
  accountOf,
  instanceOf,
  runtimeOf,
  stateOf,
  teamOf,
} from '../../tests/support/state-builders';
import { MAX_HELD, Replica } from './replica';

enablePatches();

/** Main's side, as main/model does it: a tree, changed by recipes, each change a numbered push. */
function fakeMain(initial: TeamtrayState) {
  let state = initial;
  let version = 0;
  const pushes: PatchPush[] = [];
  return {
    snapshot: (): Snapshot => ({ version, state }),
    change(recipe: (draft: Draft<TeamtrayState>) => void): PatchPush {
      const [next, patches] = produceWithPatches(state, recipe);
      state = next;
      version += 1;
      const push = { version, patches };
      pushes.push(push);
      return push;
    },
    get state() {
      return state;
    },
  };
}

const plant = (): TeamtrayState =>
  stateOf({
    accounts: [
      accountOf('a', {
        teams: [
          teamOf('t1', {
            name: 'Plant',
            runtime: runtimeOf({ instances: [instanceOf('i1'), instanceOf('i2')] }),
          }),
          teamOf('t2', { name: 'Office' }),
        ],
      }),
    ],
  });

function replicaOf(main: ReturnType<typeof fakeMain>) {
  const getState = vi.fn((): Promise<Result<Snapshot>> =>
    Promise.resolve({ ok: true, value: main.snapshot() }),
  );
  return { replica: new Replica(getState), getState };
}

/** Main's pushes of one tick as main/ipc/patch-pushes.ts sends them: one, `from` the first. */
const together = (pushes: readonly PatchPush[]): PatchPush => ({
  version: pushes.at(-1)?.version ?? 0,
  from: pushes[0]?.version ?? 0,
  patches: pushes.flatMap((push) => push.patches),
});

describe('Replica, pushes of several changes (one per tick) and of a frame', () => {
  it("applies a push of several changes whole, and a frame's pushes with one change of its tree", async () => {
    const main = fakeMain(plant());
    const { replica, getState } = replicaOf(main);
    await replica.fetch();
    const tick = together([
      main.change((draft) => {
        draft.settings = { ...draft.settings, theme: 'dark' };
      }),
      main.change((draft) => {
        const team = draft.accounts[0]?.teams[1];
        if (team !== undefined) team.name = 'Office (renamed)';
      }),
      main.change((draft) => {
        const team = draft.accounts[0]?.teams[1];
        if (team !== undefined) team.name = 'Office (renamed twice)';
      }),
    ]);
    expect(tick).toMatchObject({ version: 3, from: 1 });
    replica.receive(tick);
    expect(replica.version).toBe(3);
    expect(replica.state.value).toEqual(main.state);

    let trees = 0;
    const stop = effect(() => {
      if (replica.state.value !== null) trees += 1;
    });
    const frame = [
      main.change((draft) => {
        draft.notices = [{ id: 'n', level: 'info', message: 'Hello' }];
      }),
      together([
        main.change((draft) => {
          const account = draft.accounts[0];
          if (account !== undefined) account.refreshing = true;
        }),
        main.change((draft) => {
          const account = draft.accounts[0];
          if (account !== undefined) account.refreshing = false;
        }),
      ]),
    ];
    replica.receiveAll(frame);
    stop();
    // The effect's first run, then one change for the frame's two pushes (three changes).
    expect(trees).toBe(2);
    expect(replica.version).toBe(6);
    expect(replica.state.value).toEqual(main.state);
    expect(getState).toHaveBeenCalledTimes(1);
  });

  it('takes a push of several changes that does not start at the next one as a gap, and mends it', async () => {
    const main = fakeMain(plant());
    const { replica, getState } = replicaOf(main);
    await replica.fetch();
    main.change((draft) => {
      draft.settings = { ...draft.settings, theme: 'dark' };
    });
    // Version 1 was lost: the push of 2 and 3 starts past it.
    replica.receive(
      together([
        main.change((draft) => {
          const account = draft.accounts[0];
          if (account !== undefined) account.refreshing = true;
        }),
        main.change((draft) => {
          draft.notices = [{ id: 'n', level: 'info', message: 'Hello' }];
        }),
      ]),
    );
    expect(getState).toHaveBeenCalledTimes(2);
    await vi.waitFor(() => {
      expect(replica.version).toBe(3);
    });
    expect(replica.state.value).toEqual(main.state);
    expect(replica.state.value?.settings.theme).toBe('dark');
  });

  it('takes a push that starts within what it holds as a gap too (never applies a change twice)', async () => {
    const main = fakeMain(plant());
    const { replica, getState } = replicaOf(main);
    const first = main.change((draft) => {
      draft.notices = [{ id: 'a', level: 'info', message: 'A' }];
    });
    await replica.fetch();
    expect(replica.version).toBe(1);
    const second = main.change((draft) => {
      draft.notices.push({ id: 'b', level: 'info', message: 'B' });
    });
    replica.receive(together([first, second]));
    expect(getState).toHaveBeenCalledTimes(2);
    await vi.waitFor(() => {
      expect(replica.version).toBe(2);
    });
    expect(replica.state.value?.notices.map((notice) => notice.id)).toEqual(['a', 'b']);
  });
});

describe('Replica', () => {
  it('loads a snapshot and applies the patches main made, in order', async () => {
    const main = fakeMain(plant());
    const { replica } = replicaOf(main);
    await expect(replica.fetch()).resolves.toBeNull();
    expect(replica.state.value).toEqual(main.state);
    replica.receive(
      main.change((draft) => {
        const team = draft.accounts[0]?.teams[0];
        if (team === undefined) throw new Error('fixture');
        team.pendingName = 'Plant North';
        const instance = team.runtime.instances[1];
        if (instance !== undefined) instance.state = 'crashed';
      }),
    );
    replica.receive(
      main.change((draft) => {
        draft.accounts[0]?.teams.splice(1, 1);
        draft.accounts.push(castDraft(accountOf('b', { label: 'Lab' })));
      }),
    );
    expect(replica.version).toBe(2);
    expect(replica.state.value).toEqual(main.state);
    // What did not change keeps its object: the memos keyed on it stay good.
    const before = replica.state.value?.accounts[0]?.teams[0]?.runtime.instances[0];
    replica.receive(
      main.change((draft) => {
        const team = draft.accounts[0]?.teams[0];
        if (team !== undefined) team.name = 'Plant North';
      }),
    );
    expect(replica.state.value?.accounts[0]?.teams[0]?.runtime.instances[0]).toBe(before);
    expect(replica.state.value?.accounts[0]?.teams[0]?.name).toBe('Plant North');
  });

  it('ignores a push it already holds (older than or as old as its snapshot)', async () => {
    const main = fakeMain(plant());
    const old = main.change((draft) => {
      const team = draft.accounts[0]?.teams[0];
      if (team !== undefined) team.name = 'Renamed once';
    });
    const { replica, getState } = replicaOf(main);
    await replica.fetch();
    expect(replica.version).toBe(1);
    const held = replica.state.value;
    replica.receive(old);
    expect(replica.state.value).toBe(held);
    expect(getState).toHaveBeenCalledTimes(1);
  });

  it('asks for the whole state once when a push is missing, and goes on from there', async () => {
    const main = fakeMain(plant());
    const { replica, getState } = replicaOf(main);
    await replica.fetch();
    main.change((draft) => {
      draft.settings = { ...draft.settings, theme: 'dark' };
    });
    // Version 1 never arrived: 2 and 3 reveal the gap.
    const second = main.change((draft) => {
      const account = draft.accounts[0];
      if (account !== undefined) account.refreshing = true;
    });
    const third = main.change((draft) => {
      const account = draft.accounts[0];
      if (account !== undefined) account.refreshing = false;
    });
    replica.receive(second);
    replica.receive(third);
    expect(getState).toHaveBeenCalledTimes(1 + 1);
    await vi.waitFor(() => {
      expect(replica.version).toBe(3);
    });
    expect(replica.state.value).toEqual(main.state);
    expect(replica.state.value?.settings.theme).toBe('dark');
    const fourth = main.change((draft) => {
      draft.notices = [{ id: 'n', level: 'info', message: 'Hello' }];
    });
    replica.receive(fourth);
    expect(replica.state.value?.notices).toHaveLength(1);
    expect(getState).toHaveBeenCalledTimes(2);
  });

  it('holds pushes that come before the first snapshot and applies the newer ones after it', async () => {
    const main = fakeMain(plant());
    let answer: (result: Result<Snapshot>) => void = () => undefined;
    const getState = vi.fn(
      () =>
        new Promise<Result<Snapshot>>((resolve) => {
          answer = resolve;
        }),
    );
    const replica = new Replica(getState);
    const loading = replica.fetch();
    // Main answered with version 1, then changed again before the answer reached the page.
    const older = main.change((draft) => {
      const team = draft.accounts[0]?.teams[0];
      if (team !== undefined) team.name = 'One';
    });
    const snapshot = main.snapshot();
    const newer = main.change((draft) => {
      const team = draft.accounts[0]?.teams[0];
      if (team !== undefined) team.name = 'Two';
    });
    replica.receive(newer);
    replica.receive(older);
    expect(replica.state.value).toBeNull();
    answer({ ok: true, value: snapshot });
    await expect(loading).resolves.toBeNull();
    expect(replica.state.value?.accounts[0]?.teams[0]?.name).toBe('Two');
    expect(replica.version).toBe(2);
    expect(getState).toHaveBeenCalledTimes(1);
  });

  it('asks for the whole state again when a push does not fit the tree it holds', async () => {
    const main = fakeMain(plant());
    const { replica, getState } = replicaOf(main);
    await replica.fetch();
    const held = replica.state.value;
    replica.receive({
      version: 1,
      patches: [{ op: 'replace', path: ['accounts', 7, 'label'], value: 'Nowhere' }],
    });
    expect(replica.state.value).toBe(held);
    expect(getState).toHaveBeenCalledTimes(2);
  });

  it('says why the state could not be read, and keeps nothing', async () => {
    const replica = new Replica(() =>
      Promise.resolve({ ok: false, error: { code: 'internal', message: 'No main.' } }),
    );
    await expect(replica.fetch()).resolves.toEqual({ code: 'internal', message: 'No main.' });
    expect(replica.state.value).toBeNull();
  });

  it('asks for the whole state again when a push comes after getState failed', async () => {
    const main = fakeMain(plant());
    let fails = true;
    const getState = vi.fn((): Promise<Result<Snapshot>> =>
      Promise.resolve(
        fails
          ? { ok: false, error: { code: 'internal', message: 'Not yet.' } }
          : { ok: true, value: main.snapshot() },
      ),
    );
    const replica = new Replica(getState);
    await expect(replica.fetch()).resolves.toMatchObject({ code: 'internal' });
    fails = false;
    replica.receive(
      main.change((draft) => {
        const team = draft.accounts[0]?.teams[0];
        if (team !== undefined) team.name = 'Later';
      }),
    );
    await vi.waitFor(() => {
      expect(replica.state.value?.accounts[0]?.teams[0]?.name).toBe('Later');
    });
    expect(getState).toHaveBeenCalledTimes(2);
    expect(replica.version).toBe(1);
  });

  it(`holds at most ${MAX_HELD} pushes while a snapshot is awaited, then asks again and ends on main's tree`, async () => {
    const main = fakeMain(plant());
    const answers: ((result: Result<Snapshot>) => void)[] = [];
    const getState = vi.fn(
      () =>
        new Promise<Result<Snapshot>>((resolve) => {
          answers.push(resolve);
        }),
    );
    const replica = new Replica(getState);
    const loading = replica.fetch();
    const snapshot = main.snapshot();
    for (let at = 0; at < MAX_HELD * 3; at += 1) {
      replica.receive(
        main.change((draft) => {
          const team = draft.accounts[0]?.teams[0];
          if (team !== undefined) team.name = `Name ${at}`;
        }),
      );
    }
    expect(replica.heldCount()).toBeLessThanOrEqual(MAX_HELD);
    answers[0]?.({ ok: true, value: snapshot });
    await loading;
    // Pushes were let go: the old snapshot is not trusted, main is asked once more.
    await vi.waitFor(() => {
      expect(getState).toHaveBeenCalledTimes(2);
    });
    answers[1]?.({ ok: true, value: main.snapshot() });
    await vi.waitFor(() => {
      expect(replica.version).toBe(MAX_HELD * 3);
    });
    expect(replica.state.value).toEqual(main.state);
  });
});
