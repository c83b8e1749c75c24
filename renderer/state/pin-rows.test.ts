import { describe, expect, it } from 'vitest';
import type { Pin } from '../../common/pins';
import type { Account } from '../../common/state';
import { pinRows } from './pin-rows';
import { account, NOW, runtime, withRuntime } from '../../tests/support/renderer-data';

const options = { drafts: new Map(), errors: new Map(), now: NOW };

/** Account a1 ("Label a1"), listed just now: Plant with line-1 (crashed) and gw-1, and Office. */
function listed(): Account {
  const a1 = account('a1', ['Plant', 'Office'], { status: 'ok', stale: false });
  return withRuntime(
    withRuntime(a1, 't0', runtime([['line-1', 'crashed']], [['gw-1', NOW]])),
    't1',
    runtime([]),
  );
}
const pin = (kind: Pin['kind'], id: string, name = 'old'): Pin => ({
  accountId: 'a1',
  kind,
  id,
  name,
});

describe('pinRows: the pinned section', () => {
  it('is nothing when nothing is pinned', () => {
    expect(pinRows([listed()], [], options)).toEqual([]);
  });

  it('lists pinned items in the order pinned, as the rows below are, with where they are', () => {
    const rows = pinRows(
      [listed()],
      [pin('instance', 'id-line-1'), pin('team', 't1'), pin('device', 'id-gw-1')],
      options,
    );
    expect(rows.map((row) => [row.kind, row.key])).toEqual([
      ['pins-heading', 'p:heading'],
      ['instance', 'p:item/a1/t0/i/id-line-1'],
      ['team', 'p:a1/t1'],
      ['device', 'p:item/a1/t0/d/id-gw-1'],
    ]);
    expect(rows[0]).toMatchObject({ text: 'Pinned · 3' });
    expect(rows[1]).toMatchObject({
      context: 'Plant · Label a1',
      instance: { name: 'line-1', state: 'crashed' },
    });
    expect(rows[2]).toMatchObject({ name: 'Office', context: 'Label a1', open: false });
  });

  it('shows the current name after a rename on the server (pins are kept by id)', () => {
    const renamed = listed();
    const teams = renamed.teams.map((team) =>
      team.id === 't1' ? { ...team, name: 'Head office' } : team,
    );
    const rows = pinRows([{ ...renamed, teams }], [pin('team', 't1', 'Office')], options);
    expect(rows[1]).toMatchObject({ kind: 'team', name: 'Head office' });
  });

  it('an open pinned team lists its instances and devices under keys of their own', () => {
    const rows = pinRows([listed()], [pin('team', 't0')], {
      ...options,
      expanded: new Set(['p:a1/t0']),
    });
    expect(rows.map((row) => row.key)).toEqual([
      'p:heading',
      'p:a1/t0',
      'p:a1/t0/i/heading',
      'p:a1/t0/i/id-line-1',
      'p:a1/t0/d/heading',
      'p:a1/t0/d/id-gw-1',
    ]);
  });

  it('a pin the server no longer lists shows as gone, with its name when pinned', () => {
    const rows = pinRows([listed()], [pin('instance', 'id-removed', 'line-9')], options);
    expect(rows).toMatchObject([
      { kind: 'pins-heading', text: 'Pinned · 1' },
      { kind: 'pin-gone', pin: { name: 'line-9' } },
    ]);
  });

  it('the gone row says so', () => {
    const [, row] = pinRows([listed()], [pin('instance', 'id-removed', 'line-9')], options);
    expect(row?.kind === 'pin-gone' ? row.text : '').toContain('No longer listed');
  });

  it('the gone row says so', () => {
    const [, row] = pinRows([listed()], [pin('instance', 'id-removed', 'line-9')], options);
    expect(row?.kind === 'pin-gone' ? row.text : '').toContain('No longer listed');
  });

  it('says nothing of a pin while what would hold it is not read in full', () => {
    const pins = [pin('instance', 'id-removed'), pin('team', 't9')];
    const loading = account('a1', ['Plant'], { status: 'loading', stale: true });
    expect(pinRows([loading], pins, options)).toEqual([]);
    expect(pinRows([{ ...listed(), stale: true }], pins, options)).toEqual([]);
    // Its teams are listed, its instances not yet read: the team is gone, the instance unknown.
    const teamsOnly = account('a1', ['Plant'], { status: 'ok', stale: false });
    expect(pinRows([teamsOnly], pins, options).map((row) => row.kind)).toEqual([
      'pins-heading',
      'pin-gone',
    ]);
    const hidden = withRuntime(listed(), 't1', runtime([], [], { status: 'hidden' }));
    expect(pinRows([hidden], [pin('instance', 'id-removed')], options)).toEqual([]);
  });

  it('leaves out the pins of an account no longer saved', () => {
    expect(pinRows([listed()], [{ ...pin('team', 't0'), accountId: 'gone' }], options)).toEqual([]);
  });
});
