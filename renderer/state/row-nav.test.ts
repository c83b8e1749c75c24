import { describe, expect, it } from 'vitest';
import { isFocusable, navAction, rowIndex, tabStopKey, type FocusableRow } from './row-nav';
import { buildRows, teamKey, type Row } from './rows';
import { pinRows } from './pin-rows';
import { account, runtime, withRuntime } from '../../tests/support/renderer-data';

// Plant has an instance and a device; Office is still loading.
const accounts = [
  withRuntime(
    account('a', ['Plant', 'Office']),
    't0',
    runtime([['line-1', 'running']], [['press', null]]),
  ),
  account('b', ['Lab']),
];

function rows(expanded: readonly string[]): Row[] {
  return buildRows(accounts, {
    query: '',
    drafts: new Map(),
    errors: new Map(),
    expanded: new Set(expanded),
  });
}

const at = (list: readonly Row[], key: string): FocusableRow => {
  const row = list[rowIndex(list, key)];
  if (row === undefined || !isFocusable(row)) throw new Error(`no focusable row ${key}`);
  return row;
};

const PLANT = teamKey('a', 't0');
const OFFICE = teamKey('a', 't1');
const LAB = teamKey('b', 't0');
const LINE = 'a/t0/i/id-line-1';
const PRESS = 'a/t0/d/id-press';

describe('the list’s keyboard model', () => {
  it('moves through teams, instances and devices, never onto headers or notes', () => {
    const list = rows([PLANT, OFFICE]);
    const down = (key: string) => navAction(list, at(list, key), 'ArrowDown');
    expect(down(PLANT)).toEqual({ kind: 'move', key: LINE });
    expect(down(LINE)).toEqual({ kind: 'move', key: PRESS });
    expect(down(PRESS)).toEqual({ kind: 'move', key: OFFICE });
    // Office's only child is a note ("Loading…"), then b's header: straight to Lab.
    expect(down(OFFICE)).toEqual({ kind: 'move', key: LAB });
    expect(navAction(list, at(list, LAB), 'ArrowUp')).toEqual({ kind: 'move', key: OFFICE });
    expect(navAction(list, at(list, PLANT), 'ArrowUp')).toEqual({ kind: 'leave-top' });
    expect(navAction(list, at(list, PLANT), 'End')).toEqual({ kind: 'move', key: LAB });
  });

  it('opens a closed team with →, then steps onto its first instance', () => {
    const closed = rows([]);
    const plantRow = at(closed, PLANT);
    expect(navAction(closed, plantRow, 'ArrowRight')).toEqual({ kind: 'expand', row: plantRow });
    const open = rows([PLANT]);
    expect(navAction(open, at(open, PLANT), 'ArrowRight')).toEqual({ kind: 'move', key: LINE });
    // Nothing to step onto under a team still loading.
    const loading = rows([OFFICE]);
    expect(navAction(loading, at(loading, OFFICE), 'ArrowRight')).toBeUndefined();
  });

  it('closes an open team with ←, and goes from an instance or device back to its team', () => {
    const open = rows([PLANT]);
    const plantRow = at(open, PLANT);
    expect(navAction(open, plantRow, 'ArrowLeft')).toEqual({ kind: 'collapse', row: plantRow });
    expect(navAction(open, at(open, PRESS), 'ArrowLeft')).toEqual({ kind: 'move', key: PLANT });
    expect(navAction(open, at(open, LINE), 'ArrowRight')).toBeUndefined();
    const closed = rows([]);
    expect(navAction(closed, at(closed, PLANT), 'ArrowLeft')).toBeUndefined();
  });

  it('ignores keys that move nothing', () => {
    const list = rows([PLANT]);
    expect(navAction(list, at(list, LINE), 'Enter')).toBeUndefined();
    expect(navAction(list, at(list, LINE), 'x')).toBeUndefined();
  });

  it('gives the tab stop to the active row while it is shown, else to the first', () => {
    const open = rows([PLANT]);
    expect(tabStopKey(open, LINE)).toBe(LINE);
    expect(tabStopKey(open, null)).toBe(PLANT);
    // Its team closed: the instance is gone, the first row takes the stop.
    expect(tabStopKey(rows([]), LINE)).toBe(PLANT);
    expect(tabStopKey([], null)).toBeNull();
  });
});

describe('the keyboard model in the pinned section', () => {
  const pins = [
    { accountId: 'a', kind: 'instance', id: 'id-line-1', name: 'line-1' },
    { accountId: 'a', kind: 'team', id: 't0', name: 'Plant' },
  ] as const;
  const options = { drafts: new Map(), errors: new Map(), expanded: new Set(['p:a/t0']) };
  const list = [...pinRows(accounts, pins, options), ...rows([])];

  it('keys are unique: a pinned instance and the same one under a pinned, open team', () => {
    expect(new Set(list.map((row) => row.key)).size).toBe(list.length);
  });

  it('arrows move from the pinned rows into the accounts, never onto the heading', () => {
    expect(tabStopKey(list, null)).toBe(`p:item/${LINE}`);
    expect(navAction(list, at(list, `p:item/${LINE}`), 'ArrowDown')).toEqual({
      kind: 'move',
      key: 'p:a/t0',
    });
    expect(navAction(list, at(list, `p:${PRESS}`), 'ArrowDown')).toEqual({
      kind: 'move',
      key: PLANT,
    });
  });

  it('← from an item under a pinned team goes to that team; a pinned item alone stays', () => {
    expect(navAction(list, at(list, `p:${PRESS}`), 'ArrowLeft')).toEqual({
      kind: 'move',
      key: 'p:a/t0',
    });
    expect(navAction(list, at(list, `p:item/${LINE}`), 'ArrowLeft')).toBeUndefined();
  });
});
