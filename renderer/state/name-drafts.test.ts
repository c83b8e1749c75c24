/**
 * A rename's draft (Enter in the field) changes the team row it names and nothing else: the
 * rows' structure is not built again (buildRows is counted here, its own code run), unless a
 * search is on and the draft may change what it finds; nor are the indexes of the rows' order
 * (where each row is, the sections), which are the structure's (reads of the rows counted).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { asAccountId } from '../../common/brand';
import { buildRows, type Row } from './rows';
import type * as RowsModule from './rows';
import { withNameDrafts } from './name-drafts';
import { pinnedHeader } from './list-sections';
import { rowIndex } from './row-nav';
import { Store } from './store';
import { account, stateWith } from '../../tests/support/renderer-data';
import { testMain } from '../../tests/support/renderer-main';

vi.mock('./rows', async (importOriginal) => {
  const real = await importOriginal<typeof RowsModule>();
  return { ...real, buildRows: vi.fn(real.buildRows) };
});

const stores: Store[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.dispose();
});

const teamNames = (rows: readonly Row[]) =>
  rows.flatMap((row) => (row.kind === 'team' ? [`${row.name}${row.pending ? ' …' : ''}`] : []));

describe('names typed for a rename, over the rows', () => {
  it('changes only the rows it names, and none that already show it', () => {
    const rows = buildRows([account('a', ['Acme', 'Beta'])], {
      query: '',
      drafts: new Map(),
      errors: new Map(),
    });
    expect(withNameDrafts(rows, new Map())).toBe(rows);
    const shown = withNameDrafts(rows, new Map([['a/t1', 'Beta Two']]));
    expect(teamNames(shown)).toEqual(['Acme', 'Beta Two …']);
    expect(shown[1]).toBe(rows[1]);
    expect(withNameDrafts(shown, new Map([['a/t1', 'Beta Two']]))).toBe(shown);
  });

  it('Enter in the rename field does not build the rows again, and the row shows the name', async () => {
    let answer: (() => void) | undefined;
    const main = testMain(stateWith([account('a', ['Acme', 'Beta'])]), {
      renameTeam: () =>
        new Promise((resolve) => {
          answer = () => {
            resolve({ ok: true as const, value: { name: 'Beta Two' } });
          };
        }),
    });
    const store = new Store();
    stores.push(store);
    await store.connect(main.api);
    const before = store.rows;
    const built = vi.mocked(buildRows).mock.calls.length;
    const renaming = store.rename(asAccountId('a'), 't1', 'Beta Two');
    const after = store.rows;
    expect(teamNames(after)).toEqual(['Acme', 'Beta Two …']);
    expect(vi.mocked(buildRows).mock.calls.length).toBe(built);
    // Every other row is the object it was.
    expect(after.filter((row, index) => row !== before[index]).map((row) => row.key)).toEqual([
      'a/t1',
    ]);
    // While searching, the name on its way is searched too, so the structure reads it.
    store.setQuery('two');
    expect(teamNames(store.rows)).toEqual(['Beta Two …']);
    answer?.();
    await renaming;
  });

  it('leaves where each row is, and the sections, to the structure: no row is read again', () => {
    let reads = 0;
    const counted = (row: Row): Row =>
      new Proxy(row, {
        get(target, property, receiver) {
          reads += 1;
          return Reflect.get(target, property, receiver) as unknown;
        },
      });
    const names = Array.from({ length: 50 }, (_, n) => `Team ${n}`);
    const rows = buildRows([account('a', names), account('b', names)], {
      query: '',
      drafts: new Map(),
      errors: new Map(),
    }).map(counted);
    const keys = rows.map((row) => row.key);
    const offsets = Float64Array.from({ length: rows.length + 1 }, (_, n) => n * 50);
    // The list asked where rows are and which section it is in before the Enter.
    expect(rowIndex(rows, 'b/t3')).toBe(keys.indexOf('b/t3'));
    expect(pinnedHeader(rows, offsets, 60 * 50)?.index).toBe(keys.indexOf('a:b'));

    const shown = withNameDrafts(rows, new Map([['a/t1', 'Renamed']]));
    expect(shown).not.toBe(rows);
    reads = 0;
    for (const key of ['a/t1', 'a/t40', 'b/t3', 'a:b']) {
      expect(rowIndex(shown, key)).toBe(keys.indexOf(key));
    }
    expect(pinnedHeader(shown, offsets, 60 * 50)?.index).toBe(keys.indexOf('a:b'));
    expect(pinnedHeader(shown, offsets, 10 * 50)?.index).toBe(keys.indexOf('a:a'));
    expect(reads).toBe(0);
  });
});
