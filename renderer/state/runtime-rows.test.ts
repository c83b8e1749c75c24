import { describe, expect, it } from 'vitest';
import type { TeamRuntime } from '../../common/state';
import { buildRows, teamKey, type Row, type RowOptions } from './rows';
import { CHILD_LIMIT, visibleChildren, visibleTally } from './runtime-rows';
import { NOW, account, runtime, withRuntime } from '../../tests/support/renderer-data';

const accounts = [
  withRuntime(
    withRuntime(
      account('a', ['Plant', 'Office']),
      't0',
      runtime(
        [
          ['line-1', 'running'],
          ['line-2', 'crashed'],
        ],
        [['press', NOW - 3_600_000]],
      ),
    ),
    't1',
    runtime([], [], { status: 'hidden' }),
  ),
  withRuntime(account('b', ['Lab']), 't0', runtime([['lab-ui', 'stopped']], [['probe', NOW]])),
];

function rows(options: Partial<RowOptions>): Row[] {
  return buildRows(accounts, {
    query: '',
    drafts: new Map(),
    errors: new Map(),
    now: NOW,
    ...options,
  });
}

const shape = (list: Row[]) =>
  list.map((row) => {
    switch (row.kind) {
      case 'team':
        return `${row.open ? 'v' : '>'} ${row.name}`;
      case 'instance':
        return `  ${row.instance.name}`;
      case 'device':
        return `  ${row.device.name}`;
      case 'runtime-note':
        return `  (${row.text})`;
      default:
        return row.kind;
    }
  });

describe('rows with instances and devices', () => {
  it('names what the read left out under the list it belongs to', () => {
    const odd: TeamRuntime = runtime([['line-1', 'running']], [['press', NOW]], {
      instancesLeftOut: { unread: ['bad one'], unreadCount: 1, more: 4500 },
      devicesLeftOut: { unread: [], unreadCount: 0, more: 20 },
    });
    const list = buildRows([withRuntime(account('c', ['Big']), 't0', odd)], {
      query: '',
      drafts: new Map(),
      errors: new Map(),
      now: NOW,
      expanded: new Set([teamKey('c', 't0')]),
    });
    expect(shape(list)).toEqual([
      'account',
      'v Big',
      // Both kinds: each under its heading, what was left out named under its own list.
      'runtime-heading',
      '  line-1',
      '  (1 instance could not be read: bad one)',
      '  (And 4,500 more instances not shown)',
      'runtime-heading',
      '  press',
      '  (And 20 more devices not shown)',
    ]);
    const notes = list.filter((row) => row.kind === 'runtime-note');
    expect(notes.map((row) => row.tone)).toEqual(['warning', 'muted', 'muted']);
  });

  it('lists the instances of a team, then its devices, only when it is expanded', () => {
    expect(shape(rows({}))).toEqual(['account', '> Plant', '> Office', 'account', '> Lab']);
    expect(shape(rows({ expanded: new Set([teamKey('a', 't0'), teamKey('a', 't1')]) }))).toEqual([
      'account',
      'v Plant',
      'runtime-heading',
      // What needs the user first.
      '  line-2',
      '  line-1',
      'runtime-heading',
      '  press',
      'v Office',
      '  (This token cannot see the instances of this team.)',
      'account',
      '> Lab',
    ]);
  });

  it('keys each instance and device row by account, team, kind and id, and holds the model’s own object', () => {
    const list = rows({ expanded: new Set([teamKey('a', 't0')]) });
    const items = list.flatMap((row): [string, object][] =>
      row.kind === 'instance'
        ? [[row.key, row.instance]]
        : row.kind === 'device'
          ? [[row.key, row.device]]
          : [],
    );
    const plant = accounts[0]?.teams[0]?.runtime;
    expect(items).toEqual([
      ['a/t0/i/id-line-2', plant?.instances[1]],
      ['a/t0/i/id-line-1', plant?.instances[0]],
      ['a/t0/d/id-press', plant?.devices[0]],
    ]);
    expect(items[0]?.[1]).toBe(plant?.instances[1]);
  });

  it('shows a note while the team’s instances are loading, and when its read failed', () => {
    const loading = account('c', ['New']);
    const failed = withRuntime(
      account('d', ['Broken']),
      't0',
      runtime([], [], {
        status: 'error',
        fetchedAt: null,
        error: { code: 'unreachable', message: 'No answer.' },
      }),
    );
    const notes = buildRows([loading, failed], {
      query: '',
      drafts: new Map(),
      errors: new Map(),
      now: NOW,
      expanded: new Set([teamKey('c', 't0'), teamKey('d', 't0')]),
    }).flatMap((row) => (row.kind === 'runtime-note' ? [`${row.tone}: ${row.text}`] : []));
    expect(notes).toEqual([
      'muted: Loading instances and devices…',
      'warning: Could not read its instances: No answer.',
    ]);
  });

  it('finds a team by an instance or device name and shows what matched under it', () => {
    expect(shape(rows({ query: 'PROBE' }))).toEqual(['account', 'v Lab', '  probe']);
    expect(shape(rows({ query: 'line-2' }))).toEqual(['account', 'v Plant', '  line-2']);
    // A team found by its own name stays closed, as without a search.
    expect(shape(rows({ query: 'plant' }))).toEqual(['account', '> Plant']);
  });

  it('lets the user close a team the search opened', () => {
    const key = teamKey('b', 't0');
    expect(shape(rows({ query: 'probe', collapsed: new Set([key]) }))).toEqual([
      'account',
      '> Lab',
    ]);
    expect(shape(rows({ attentionOnly: true, collapsed: new Set([teamKey('a', 't0')]) }))).toEqual([
      'account',
      '> Plant',
    ]);
  });

  it('shows only what needs the user when filtered: crashed instances, and offline devices when they count', () => {
    expect(shape(rows({ attentionOnly: true }))).toEqual(['account', 'v Plant', '  line-2']);
    expect(shape(rows({ attentionOnly: true, devicesCount: true }))).toEqual([
      'account',
      'v Plant',
      'runtime-heading',
      '  line-2',
      'runtime-heading',
      '  press',
    ]);
  });

  it('lists a few dozen of a kind, then Show all, and every one once asked', () => {
    const many = runtime(
      Array.from({ length: CHILD_LIMIT + 5 }, (_, i): [string, string] => [`i-${i}`, 'running']),
    );
    const big = (shownInFull?: ReadonlySet<string>) =>
      buildRows([withRuntime(account('a', ['Big']), 't0', many)], {
        query: '',
        drafts: new Map(),
        errors: new Map(),
        expanded: new Set([teamKey('a', 't0')]),
        now: NOW,
        ...(shownInFull === undefined ? {} : { shownInFull }),
      });
    const limited = big();
    expect(limited.filter((row) => row.kind === 'instance')).toHaveLength(CHILD_LIMIT);
    const more = limited.at(-1);
    expect(more?.kind === 'runtime-more' ? more.text : null).toBe(
      `Show all ${CHILD_LIMIT + 5} instances`,
    );
    const all = big(new Set([`${teamKey('a', 't0')}/i`]));
    expect(all.filter((row) => row.kind === 'instance')).toHaveLength(CHILD_LIMIT + 5);
    expect(all.some((row) => row.kind === 'runtime-more')).toBe(false);
  });

  it('lists every match of a search, past the first few dozen', () => {
    const names = Array.from({ length: CHILD_LIMIT + 10 }, (_, i) => `pump-${i}`);
    const many = runtime([
      ['mixer', 'running'],
      ...names.map((name): [string, string] => [name, 'running']),
    ]);
    const list = buildRows([withRuntime(account('a', ['Big']), 't0', many)], {
      query: 'pump',
      drafts: new Map(),
      errors: new Map(),
      now: NOW,
    });
    expect(list.flatMap((row) => (row.kind === 'instance' ? [row.instance.name] : []))).toEqual(
      names,
    );
    expect(list.some((row) => row.kind === 'runtime-more')).toBe(false);
  });

  it('keeps an account that needs a new token in the filtered list', () => {
    const refused = [account('c', ['Gone'], { status: 'unauthorized' })];
    const list = buildRows(refused, {
      query: '',
      drafts: new Map(),
      errors: new Map(),
      attentionOnly: true,
      now: NOW,
    });
    expect(list.map((row) => row.kind)).toEqual(['account']);
  });

  it('counts, for a team in a block, as many children as it lists', () => {
    const team = accounts[0]?.teams[0];
    if (team === undefined) throw new Error('fixture');
    for (const query of ['', 'line', 'line-2', 'press', 'x']) {
      for (const attentionOnly of [false, true]) {
        for (const devicesCount of [false, true]) {
          const options = { query, teamMatched: false, attentionOnly, now: NOW, devicesCount };
          const listed = visibleChildren(team.runtime, options);
          expect(visibleTally(team.runtime, options), `${query} ${attentionOnly}`).toEqual({
            instances: listed.instances.length,
            devices: listed.devices.length,
          });
        }
      }
    }
  });
});
