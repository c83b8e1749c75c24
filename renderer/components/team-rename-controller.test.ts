import type { ReactiveControllerHost } from 'lit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Result } from '../../common/errors';
import type { Renamed } from '../../common/model';
import type { TeamRow } from '../state/rows';
import { Store } from '../state/store';
import { account, stateWith, team } from '../../tests/support/renderer-data';
import { testMain } from '../../tests/support/renderer-main';
import { TeamRenameController } from './team-rename-controller';

const owned = account('a', ['Acme']);
const blocked = account('b', [], { teams: [team('t0', 'Shared', { role: 30 })] });

const stores: Store[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.dispose();
});

async function setup() {
  // Main saves what it is asked (its patch first, then its answer), unless a test says otherwise.
  const refusals: Result<Renamed>[] = [];
  const main = testMain(stateWith([owned, blocked]), {
    renameTeam: (request: { accountId: string; teamId: string; name: string }) => {
      const refusal = refusals.shift();
      if (refusal !== undefined) return Promise.resolve(refusal);
      main.change((draft) => {
        const renamed = draft.accounts
          .find((each) => each.id === request.accountId)
          ?.teams.find((each) => each.id === request.teamId);
        if (renamed !== undefined) renamed.name = request.name;
      });
      return Promise.resolve({ ok: true as const, value: { name: request.name } });
    },
  });
  const renameTeam = main.api.renameTeam;
  const store = new Store();
  stores.push(store);
  await store.connect(main.api);
  const host = {
    updates: 0,
    addController: () => undefined,
    removeController: () => undefined,
    requestUpdate: () => {
      host.updates += 1;
    },
    updateComplete: Promise.resolve(true),
  } satisfies ReactiveControllerHost & { updates: number };
  const closed: string[] = [];
  const renamed: string[] = [];
  const rename = new TeamRenameController(
    host,
    () => store,
    (row) => closed.push(row.key),
    (row, from, to) => renamed.push(`${row.key}: ${from} → ${to}`),
  );
  const rowOf = (key: string): TeamRow => {
    const row = store.rows.find((r): r is TeamRow => r.kind === 'team' && r.key === key);
    if (row === undefined) throw new Error(`no row ${key}`);
    return row;
  };
  return { store, host, rename, closed, renamed, renameTeam, refusals, rowOf };
}

const key = (name: string): KeyboardEvent =>
  ({ key: name, stopPropagation: vi.fn(), preventDefault: vi.fn() }) as unknown as KeyboardEvent;
const typed = (value: string): InputEvent => ({ target: { value } }) as unknown as InputEvent;
const blur = {} as FocusEvent;

describe('TeamRenameController', () => {
  it('opens the editor on a team the user may rename', async () => {
    const { rename, rowOf, host } = await setup();
    expect(rename.start(rowOf('a/t0'))).toBe(true);
    expect(rename.editingKey).toBe('a/t0');
    expect(rename.error).toBeNull();
    expect(host.updates).toBe(1);
  });

  it('refuses to open on a team the user may not rename, and says why under the row', async () => {
    const { rename, rowOf } = await setup();
    expect(rename.start(rowOf('b/t0'))).toBe(false);
    expect(rename.editingKey).toBeNull();
    expect(rowOf('b/t0').error).toBe('Only team owners can rename a team; you are a member here.');
  });

  it('saves with Enter, closes and gives the focus back to the row', async () => {
    const { rename, rowOf, closed, renameTeam } = await setup();
    const row = rowOf('a/t0');
    rename.start(row);
    rename.onInput(typed('Acme Live'));
    const stop = vi.fn();
    const enter = { key: 'Enter', stopPropagation: stop, preventDefault: vi.fn() };
    rename.onKey(enter as unknown as KeyboardEvent, row);
    // The list's own keys must not see the editor's Enter.
    expect(stop).toHaveBeenCalled();
    expect(rename.editingKey).toBeNull();
    expect(closed).toEqual(['a/t0']);
    expect(renameTeam).toHaveBeenCalledWith({ accountId: 'a', teamId: 't0', name: 'Acme Live' });
  });

  it('keeps the editor open on an invalid name, and names the problem while typing', async () => {
    const { rename, rowOf, renameTeam } = await setup();
    const row = rowOf('a/t0');
    rename.start(row);
    rename.onInput(typed('a://b'));
    expect(rename.error).toBe('A team name cannot contain "://".');
    rename.onInput(typed('   '));
    // A blank field is not an error until the user tries to save it.
    expect(rename.error).toBeNull();
    rename.onKey(key('Enter'), row);
    expect(rename.error).toBe('A team name cannot be blank.');
    expect(rename.editingKey).toBe('a/t0');
    expect(renameTeam).not.toHaveBeenCalled();
  });

  it('redraws nothing while a valid name is typed: the field holds it, the rows stay as built', async () => {
    const { rename, rowOf, store, host } = await setup();
    rename.start(rowOf('a/t0'));
    const updates = host.updates;
    const rows = store.rows;
    for (const value of ['A', 'Ac', 'Acm', 'Acme L', 'Acme Live']) rename.onInput(typed(value));
    // No update of the list, and no signal the rows read: the keystrokes reach the field only.
    expect(host.updates).toBe(updates);
    expect(store.rows).toBe(rows);
  });

  it('cancels with Esc without sending anything', async () => {
    const { rename, rowOf, closed, renameTeam } = await setup();
    const row = rowOf('a/t0');
    rename.start(row);
    rename.onInput(typed('Never sent'));
    rename.onKey(key('Escape'), row);
    expect(rename.editingKey).toBeNull();
    expect(closed).toEqual(['a/t0']);
    expect(renameTeam).not.toHaveBeenCalled();
  });

  it('on blur saves a changed name and drops an unchanged one, without taking the focus', async () => {
    const { rename, rowOf, closed, renameTeam } = await setup();
    const row = rowOf('a/t0');
    rename.start(row);
    rename.onInput(typed(' Acme '));
    rename.onBlur(blur, row);
    expect(rename.editingKey).toBeNull();
    expect(renameTeam).not.toHaveBeenCalled();

    rename.start(rowOf('a/t0'));
    rename.onInput(typed('Acme Two'));
    rename.onBlur(blur, row);
    expect(renameTeam).toHaveBeenCalledTimes(1);
    expect(closed).toEqual([]);
  });

  it('ignores the blur of an editor that already closed', async () => {
    const { rename, rowOf, renameTeam } = await setup();
    const row = rowOf('a/t0');
    rename.start(row);
    rename.onInput(typed('Acme Three'));
    rename.onKey(key('Enter'), row);
    rename.onBlur(blur, row);
    expect(renameTeam).toHaveBeenCalledTimes(1);
  });

  it('tells of each rename the server saved, by Enter or by blur, and of no other', async () => {
    const { rename, rowOf, renamed, refusals } = await setup();
    const row = rowOf('a/t0');
    rename.start(row);
    rename.onInput(typed('Acme Live'));
    rename.onKey(key('Enter'), row);
    await vi.waitFor(() => {
      expect(renamed).toEqual(['a/t0: Acme → Acme Live']);
    });

    rename.start(rowOf('a/t0'));
    rename.onInput(typed('Acme Blur'));
    rename.onBlur(blur, rowOf('a/t0'));
    await vi.waitFor(() => {
      expect(renamed).toHaveLength(2);
    });
    expect(renamed[1]).toBe('a/t0: Acme Live → Acme Blur');

    // Refused by the server: nothing to undo, nothing said.
    refusals.push({ ok: false, error: { code: 'forbidden', message: 'no' } });
    rename.start(rowOf('a/t0'));
    rename.onInput(typed('Refused'));
    rename.onKey(key('Enter'), rowOf('a/t0'));
    await vi.waitFor(() => {
      expect(rowOf('a/t0').error).not.toBeNull();
    });
    expect(renamed).toHaveLength(2);
  });
});
