import { castDraft, enablePatches, freeze, produceWithPatches, type Draft } from 'immer';
import { describe, expect, it } from 'vitest';
import type { TeamtrayState } from '../../common/state';
import {
  accountOf,
  deviceOf,
  instanceOf,
  runtimeOf,
  stateOf,
  teamOf,
} from '../../tests/support/state-builders';
import { applyPatches } from './apply-patches';

enablePatches();

const base = (): TeamtrayState =>
  freeze(
    stateOf({
      notices: [{ id: 'n1', level: 'info', message: 'Hello' }],
      accounts: [
        accountOf('a', {
          teams: [
            teamOf('t1', {
              runtime: runtimeOf({
                instances: ['i1', 'i2', 'i3', 'i4'].map((id) => instanceOf(id)),
                devices: [deviceOf('d1')],
              }),
            }),
            teamOf('t2'),
            teamOf('t3'),
          ],
        }),
        accountOf('b'),
      ],
    }),
    true,
  );

type Recipe = (draft: Draft<TeamtrayState>) => void;

const account = (draft: Draft<TeamtrayState>, index: number) => {
  const found = draft.accounts[index];
  if (found === undefined) throw new Error('fixture');
  return found;
};
const team = (draft: Draft<TeamtrayState>, index: number) => {
  const found = account(draft, 0).teams[index];
  if (found === undefined) throw new Error('fixture');
  return found;
};

/** What main's transitions do to the tree, each as immer records it. */
const RECIPES: Record<string, Recipe> = {
  'a field deep down': (draft) => {
    const instance = team(draft, 0).runtime.instances[1];
    if (instance !== undefined) instance.state = 'crashed';
  },
  'several fields of one object': (draft) => {
    Object.assign(team(draft, 1), { name: 'Renamed', pendingName: null, memberCount: 4 });
  },
  'an item pushed': (draft) => {
    team(draft, 0).runtime.devices.push(castDraft(deviceOf('d2')));
  },
  'items removed from the middle': (draft) => {
    team(draft, 0).runtime.instances.splice(1, 2);
  },
  'the last items cut off': (draft) => {
    team(draft, 0).runtime.instances.length = 1;
  },
  'an item put in front': (draft) => {
    account(draft, 0).teams.unshift(castDraft(teamOf('t0')));
  },
  'a whole list replaced': (draft) => {
    draft.notices = [];
  },
  'the accounts reordered and one dropped': (draft) => {
    draft.accounts = [account(draft, 1)];
  },
  'an account added, then changed in the same recipe': (draft) => {
    draft.accounts.push(castDraft(accountOf('c')));
    const added = draft.accounts[2];
    if (added !== undefined) added.refreshing = true;
  },
  'a team added and its runtime filled': (draft) => {
    account(draft, 1).teams.push(castDraft(teamOf('x')));
    const added = account(draft, 1).teams[0];
    if (added !== undefined) added.runtime.instances.push(castDraft(instanceOf('new')));
  },
  'every team changed': (draft) => {
    for (const each of account(draft, 0).teams) each.role = 30;
  },
};

describe('applyPatches', () => {
  for (const [name, recipe] of Object.entries(RECIPES)) {
    it(`gives immer's result for ${name}, leaving the tree it was given as it was`, () => {
      const before = base();
      const [next, patches] = produceWithPatches(before, recipe);
      // `before` is deeply frozen: a change in place would throw.
      const applied = applyPatches(before, patches);
      expect(applied).toEqual(next);
      expect(before).toEqual(base());
    });
  }

  it('applies the patches of several changes in a row, as one push or one by one', () => {
    let state = base();
    const all: Parameters<typeof applyPatches>[1][number][] = [];
    let replayed = base();
    for (const recipe of Object.values(RECIPES)) {
      const [next, patches] = produceWithPatches(state, recipe);
      state = next;
      all.push(...patches);
      replayed = applyPatches(replayed, patches);
    }
    expect(replayed).toEqual(state);
    expect(applyPatches(base(), all)).toEqual(state);
  });

  it('shares what no patch touched and copies each changed object once', () => {
    const before = base();
    const [, patches] = produceWithPatches(before, (draft) => {
      const first = team(draft, 0);
      first.name = 'One';
      first.slug = 'one';
    });
    const applied = applyPatches(before, patches);
    expect(applied.accounts[1]).toBe(before.accounts[1]);
    expect(applied.accounts[0]?.teams[1]).toBe(before.accounts[0]?.teams[1]);
    expect(applied.accounts[0]?.teams[0]?.runtime).toBe(before.accounts[0]?.teams[0]?.runtime);
    expect(applied.accounts[0]?.teams[0]).toMatchObject({ name: 'One', slug: 'one' });
    expect(applied.settings).toBe(before.settings);
  });

  it('replaces the whole tree when a patch has no path', () => {
    const other = stateOf();
    expect(applyPatches(base(), [{ op: 'replace', path: [], value: other }])).toBe(other);
  });

  it('refuses a path through something that is not an object, or to a prototype', () => {
    expect(() =>
      applyPatches(base(), [{ op: 'replace', path: ['vault', 'mode', 'x'], value: 1 }]),
    ).toThrow(/neither an object nor an array/);
    expect(() =>
      applyPatches(base(), [{ op: 'replace', path: ['__proto__', 'polluted'], value: 1 }]),
    ).toThrow(/may not name/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
