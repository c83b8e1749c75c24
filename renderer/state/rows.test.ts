import { describe, expect, it } from 'vitest';
import { buildRows, teamKey } from './rows';
import { account, team } from '../../tests/support/renderer-data';

const none = {
  query: '',
  drafts: new Map<string, string>(),
  errors: new Map<string, string>(),
};

describe('buildRows', () => {
  const index = [
    account('a', ['Acme Robotics', 'Factory Floor']),
    account('b', ['Acme (staging)']),
    account('c', []),
  ];

  it('puts a header before each account and a note under an empty one', () => {
    const kinds = buildRows(index, none).map((row) => row.kind);
    expect(kinds).toEqual(['account', 'team', 'team', 'account', 'team', 'account', 'note']);
  });

  it('puts no "No teams here yet" under an account whose only teams could not be read', () => {
    const odd = account('d', [], {
      status: 'ok',
      teamsLeftOut: { unread: ['Odd'], unreadCount: 1, more: 0 },
    });
    expect(buildRows([odd], none).map((row) => row.kind)).toEqual(['account']);
  });

  it('searches names and slugs on every account, case-insensitively, and drops empty sections', () => {
    const rows = buildRows(index, { ...none, query: '  ACME ' });
    expect(rows.map((row) => (row.kind === 'team' ? row.name : row.kind))).toEqual([
      'account',
      'Acme Robotics',
      'account',
      'Acme (staging)',
    ]);
    expect(buildRows(index, { ...none, query: 'factory-floor' })).toHaveLength(2);
    expect(buildRows(index, { ...none, query: 'nothing like it' })).toEqual([]);
  });

  it('shows the optimistic name and the last error of a team', () => {
    const key = teamKey('a', 't0');
    const rows = buildRows(index, {
      query: '',
      drafts: new Map([[key, 'Renamed']]),
      errors: new Map([[teamKey('a', 't1'), 'nope']]),
    });
    const [, first, second] = rows;
    expect(first).toMatchObject({ kind: 'team', name: 'Renamed', pending: true });
    expect(second).toMatchObject({ kind: 'team', name: 'Factory Floor', error: 'nope' });
  });

  it('shows the name main holds while a rename is on its way, the typed draft before it', () => {
    const sent = account('a', [], {
      teams: [team('t0', 'Acme', { pendingName: 'Acme Live' }), team('t1', 'Beta')],
    });
    const [, first, second] = buildRows([sent], none);
    expect(first).toMatchObject({ kind: 'team', name: 'Acme Live', pending: true });
    expect(second).toMatchObject({ kind: 'team', name: 'Beta', pending: false });
    const typed = buildRows([sent], { ...none, drafts: new Map([['a/t0', 'Acme Two']]) });
    expect(typed[1]).toMatchObject({ name: 'Acme Two', pending: true });
    // Found by the name on its way, as by the saved one.
    expect(buildRows([sent], { ...none, query: 'live' }).map((row) => row.kind)).toEqual([
      'account',
      'team',
    ]);
  });

  it('does not repeat an error the header already shows', () => {
    const broken = account('d', [], {
      status: 'unauthorized',
      error: { code: 'unauthorized', message: 'refused' },
    });
    expect(buildRows([broken], none).map((row) => row.kind)).toEqual(['account']);
  });

  // How fast is the bench's to say (npm run bench: filter_ratio), never a timed test here.
  it('builds 2,000 rows and a query keeps exactly the teams it names, under their accounts', () => {
    const many = Array.from({ length: 10 }, (_, i) =>
      account(
        `i${i}`,
        Array.from({ length: 200 }, (_, j) => `Team ${i}-${j}`),
      ),
    );
    expect(buildRows(many, none)).toHaveLength(10 * 201);
    const rows = buildRows(many, { ...none, query: 'team 3-1' });
    const names = rows.flatMap((row) => (row.kind === 'team' ? [row.name] : []));
    // Team 3-1, 3-10…3-19 and 3-100…3-199.
    expect(names).toHaveLength(1 + 10 + 100);
    expect(names.every((name) => name.startsWith('Team 3-1'))).toBe(true);
    expect(rows.filter((row) => row.kind === 'account')).toHaveLength(1);
  });
});
