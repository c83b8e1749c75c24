import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_PIN_HEIGHT,
  TEAM_PIN_HEIGHT,
  pinnedHeader,
  pinnedHeightOver,
  pinnedTeam,
  teamsIn,
} from './list-sections';
import { rowOffsets } from './row-window';
import { buildRows, teamKey, type Row } from './rows';
import { account, runtime, withRuntime } from './test-data';

// a: header, Plant, line-1, line-2, Office · b: header, Lab (heights: header 60, rest 40).
const list: Row[] = buildRows(
  [
    withRuntime(
      account('a', ['Plant', 'Office']),
      't0',
      runtime([
        ['line-1', 'running'],
        ['line-2', 'running'],
      ]),
    ),
    account('b', ['Lab']),
  ],
  {
    query: '',
    drafts: new Map(),
    errors: new Map(),
    expanded: new Set([teamKey('a', 't0')]),
  },
);
const offsets = rowOffsets(list.map((row) => (row.kind === 'account' ? 60 : 40)));

describe('the pinned section header', () => {
  it('is not needed while the top section’s own header is in view', () => {
    expect(list.map((row) => row.kind)).toEqual([
      'account',
      'team',
      'instance',
      'instance',
      'team',
      'account',
      'team',
    ]);
    expect(pinnedHeader(list, offsets, 0)).toBeNull();
    // b's header starts at 60 + 4 × 40 = 220: exactly at the top, it is its own header.
    expect(pinnedHeader(list, offsets, 220)).toBeNull();
  });

  it('pins the header of the section at the top once its own scrolled away', () => {
    expect(pinnedHeader(list, offsets, 10)).toEqual({ index: 0, shift: 0 });
    expect(pinnedHeader(list, offsets, 100)).toEqual({ index: 0, shift: 0 });
    expect(pinnedHeader(list, offsets, 230)).toEqual({ index: 5, shift: 0 });
  });

  it('is pushed up by the next section’s header as it arrives', () => {
    // The pinned header is one line (34 px), not the 60 px row: b's header 40 px below the top
    // leaves it in place; 20 px below, it moves up by 14.
    expect(ACCOUNT_PIN_HEIGHT).toBe(34);
    expect(pinnedHeader(list, offsets, 180)).toEqual({ index: 0, shift: 0 });
    expect(pinnedHeader(list, offsets, 200)).toEqual({ index: 0, shift: -14 });
    expect(pinnedHeader(list, offsets, 210)).toEqual({ index: 0, shift: -24 });
  });

  it('says how much of the top it covers, for a row being scrolled into view', () => {
    // An instance: the account's one-line header, and its open team's pinned under it.
    expect(pinnedHeightOver(list, offsets, 3)).toBe(ACCOUNT_PIN_HEIGHT + TEAM_PIN_HEIGHT);
    expect(pinnedHeightOver(list, offsets, 4)).toBe(ACCOUNT_PIN_HEIGHT);
    expect(pinnedHeightOver(list, offsets, 5)).toBe(0);
    expect(pinnedHeightOver([], new Float64Array(1), 0)).toBe(0);
  });
});

describe('the pinned team', () => {
  it('is the open team whose instances are under the pinned header, pushed up by the next team', () => {
    // Plant (60–100), line-1 (100–140), line-2 (140–180), Office (180–220).
    expect(pinnedTeam(list, offsets, 80)).toBeNull();
    expect(pinnedTeam(list, offsets, 105)).toEqual({ index: 1, shift: 0 });
    // Office's row is 30 px below the line: the pinned team (34 px) moves up by 4.
    expect(pinnedTeam(list, offsets, 150)).toEqual({ index: 1, shift: 30 - TEAM_PIN_HEIGHT });
    expect(pinnedTeam(list, offsets, 190)).toBeNull();
    expect(pinnedTeam(list, offsets, 20)).toBeNull();
  });
});

describe('the teams on screen', () => {
  it('are the teams with any row in view, each once, its own row scrolled away or not', () => {
    expect(teamsIn(list, 2, 5)).toEqual([
      { accountId: 'a', teamId: 't0' },
      { accountId: 'a', teamId: 't1' },
    ]);
    expect(teamsIn(list, 0, list.length)).toEqual([
      { accountId: 'a', teamId: 't0' },
      { accountId: 'a', teamId: 't1' },
      { accountId: 'b', teamId: 't0' },
    ]);
    expect(teamsIn(list, 5, 6)).toEqual([]);
    expect(teamsIn(list, -3, 99)).toHaveLength(3);
  });
});
