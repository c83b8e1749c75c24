import { describe, expect, it } from 'vitest';
import { RowSlots } from './row-slots';

interface TestRow {
  readonly key: string;
  readonly kind: 'account' | 'team' | 'instance';
}

const team = (key: string): TestRow => ({ key, kind: 'team' });
const account = (key: string): TestRow => ({ key, kind: 'account' });
const poolOf = (row: TestRow): string | null => (row.kind === 'team' ? 'team' : null);

describe('RowSlots', () => {
  it('keys the first draw by the rows themselves, as a keyed list does', () => {
    const slots = new RowSlots();
    expect(slots.keys([account('a'), team('t1'), team('t2')], poolOf, null)).toEqual([
      'a',
      't1',
      't2',
    ]);
  });

  it('gives the rows that enter the elements of the rows of their pool that left, in order', () => {
    const slots = new RowSlots();
    slots.keys([account('a'), team('t1'), team('t2'), team('t3')], poolOf, null);
    // A keystroke: the same header, other teams.
    expect(slots.keys([account('a'), team('u1'), team('u2'), team('u3')], poolOf, null)).toEqual([
      'a',
      't1',
      't2',
      't3',
    ]);
    // And again: the slots follow the rows that hold them now.
    expect(slots.keys([account('a'), team('v1'), team('u2')], poolOf, null)).toEqual([
      'a',
      't1',
      't2',
    ]);
  });

  it('keeps the element of a row that stays, wherever it moves', () => {
    const slots = new RowSlots();
    slots.keys([team('t1'), team('t2'), team('t3')], poolOf, null);
    // Scrolled by one row: t1 left, t4 came; t2 and t3 keep theirs.
    expect(slots.keys([team('t2'), team('t3'), team('t4')], poolOf, null)).toEqual([
      't2',
      't3',
      't1',
    ]);
  });

  it('never shares the element of a row keyed by itself, or of a pool with another pool', () => {
    const slots = new RowSlots();
    const pools = (row: TestRow): string | null =>
      row.kind === 'team' ? 'team' : row.kind === 'instance' ? 'instance' : null;
    slots.keys([account('a'), team('t1'), { key: 'i1', kind: 'instance' }], pools, null);
    const keys = slots.keys(
      [account('b'), { key: 'i2', kind: 'instance' }, team('t2')],
      pools,
      null,
    );
    expect(keys).toEqual(['b', 'i1', 't1']);
  });

  it('lets the focused row keep its element, and never gives it to another row', () => {
    const slots = new RowSlots();
    slots.keys([team('t1'), team('t2')], poolOf, 't1');
    // t1 holds the focus and leaves: its element goes with it (removed), t3 gets t2's.
    expect(slots.keys([team('t3'), team('t4')], poolOf, 't1')).toEqual(['t2', 't4']);
  });

  it('uses each slot once, also when a row comes back to a key another row took', () => {
    const slots = new RowSlots();
    slots.keys([team('t1'), team('t2')], poolOf, null);
    // t1's element goes to u1; t2 stays.
    expect(slots.keys([team('u1'), team('t2')], poolOf, null)).toEqual(['t1', 't2']);
    // t1 comes back while u1 holds its key as a slot: t1 needs another.
    const keys = slots.keys([team('t1'), team('u1'), team('t2')], poolOf, null);
    expect(keys[1]).toBe('t1');
    expect(keys[2]).toBe('t2');
    expect(new Set(keys).size).toBe(3);
    // u1 leaves: its slot ('t1') is free, and t1's own key is not given twice.
    const after = slots.keys([team('t1'), team('t2'), team('w1')], poolOf, null);
    expect(new Set(after).size).toBe(3);
    expect(after[0]).toBe(keys[0]);
  });
});
