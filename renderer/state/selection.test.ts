import { describe, expect, it } from 'vitest';
import type { Account } from '../../common/state';
import { NOW, account, runtime, withRuntime } from '../../tests/support/renderer-data';
import { buildRows, teamKey } from './rows';
import type { InstanceRow } from './runtime-rows';
import { crashedRefs, Selection } from './selection';

const plant = (): Account[] => [
  withRuntime(
    account('a', ['Plant']),
    't0',
    runtime([
      ['line-1', 'running'],
      ['line-2', 'crashed'],
      ['line-3', 'stopped'],
      ['line-4', 'running'],
    ]),
  ),
  // The same instance id on another account is another instance.
  withRuntime(account('b', ['Lab']), 't0', runtime([['line-1', 'crashed']])),
];

function instanceRows(accounts: readonly Account[]): InstanceRow[] {
  return buildRows(accounts, {
    query: '',
    drafts: new Map(),
    errors: new Map(),
    now: NOW,
    expanded: new Set([teamKey('a', 't0'), teamKey('b', 't0')]),
  }).filter((row): row is InstanceRow => row.kind === 'instance');
}

const names = (selection: Selection, accounts: readonly Account[]) =>
  instanceRows(accounts)
    .filter((row) => selection.has(row.account.id, row.instance.id))
    .map((row) => `${row.account.id}:${row.instance.name}`);

describe('the selection of instances', () => {
  it('picks and drops one, keyed by account and instance', () => {
    const accounts = plant();
    const rows = instanceRows(accounts);
    const selection = new Selection();
    const first = rows.find((row) => row.account.id === 'a' && row.instance.name === 'line-1');
    if (first === undefined) throw new Error('fixture');
    selection.toggle(first);
    expect(names(selection, accounts)).toEqual(['a:line-1']);
    expect(selection.refs).toEqual([{ accountId: 'a', teamId: 't0', instanceId: 'id-line-1' }]);
    selection.toggle(first);
    expect(selection.size).toBe(0);
  });

  it('picks a range from the anchor, in the list’s order, either way', () => {
    const accounts = plant();
    const rows = instanceRows(accounts);
    const selection = new Selection();
    const at = (n: number) => rows[n] as InstanceRow;
    selection.toggle(at(3));
    selection.extend(rows, at(1));
    expect(selection.size).toBe(3);
    expect(names(selection, accounts)).toEqual(
      rows.slice(1, 4).map((row) => `${row.account.id}:${row.instance.name}`),
    );
    // Across accounts, too.
    selection.extend(rows, at(4));
    expect(selection.size).toBe(4);
  });

  it('picks every crashed instance of every account', () => {
    const accounts = plant();
    const selection = new Selection();
    selection.add(crashedRefs(accounts));
    expect(names(selection, accounts).sort()).toEqual(['a:line-2', 'b:line-1']);
  });

  it('keeps what is still listed after a refresh, and drops an instance that went', () => {
    const accounts = plant();
    const selection = new Selection();
    selection.add(crashedRefs(accounts));
    const running = instanceRows(accounts).find((row) => row.instance.state === 'running');
    if (running === undefined) throw new Error('fixture');
    selection.toggle(running);
    expect(selection.size).toBe(3);
    // The refresh lists the same instances again: nothing moves.
    selection.prune(plant());
    expect(selection.size).toBe(3);
    // Lab's instance is gone, and so is account a.
    selection.prune([withRuntime(account('b', ['Lab']), 't0', runtime([]))]);
    expect(selection.size).toBe(0);
  });
});
