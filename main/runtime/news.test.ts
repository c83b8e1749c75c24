/**
 * The news of a change, as a table: every pair of instance states before and after a read, the
 * same after the user's own action, and what silences it (a snooze, quiet hours, the first read of
 * this run, a kind turned off); an account's token that stops working. Changes come from the real
 * model, so `previous` and `state` are what the projections hear.
 */
import { describe, expect, it } from 'vitest';
import { asAccountId, asInstanceId, asTeamId } from '../../common/brand';
import type { Settings } from '../../common/settings';
import { DEFAULT_SETTINGS } from '../../common/settings-defaults';
import type { AccountStatus } from '../../common/model';
import {
  accountOf,
  instanceOf,
  runtimeOf,
  stateOf,
  teamOf,
} from '../../tests/support/state-builders';
import { createModel, type Change } from '../model/model';
import { news } from './news';
import { expiredWords } from '../../common/token-health';

const A = asAccountId('a1');
const T = asTeamId('t1');
const I = asInstanceId('i1');
const NOW = 1_000_000_000;

const STATES = [
  'running',
  'starting',
  'stopping',
  'stopped',
  'suspended',
  'crashed',
  'error',
  'safe',
] as const;
/** What each state turning into another is news of: rows before, columns after. */
const TABLE = `
            running starting stopping stopped suspended crashed error safe
running     -       -        -        S       U         C       E     F
starting    -       -        -        S       U         C       E     F
stopping    -       -        -        S       U         C       E     F
stopped     -       -        -        -       U         C       E     F
suspended   -       -        -        S       -         C       E     F
crashed     -       -        -        S       U         -       -     -
error       -       -        -        S       U         -       -     -
safe        -       -        -        S       U         -       -     -
`;
const WORDS: Readonly<Record<string, string | null>> = {
  '-': null,
  S: 'stopped',
  U: 'was suspended',
  C: 'crashed',
  E: 'error',
  F: 'safe',
};
const table = TABLE.trim()
  .split('\n')
  .slice(1)
  .flatMap((line) => {
    const [before = '', ...cells] = line.trim().split(/\s+/);
    return cells.map((cell, at) => ({ before, after: STATES[at] ?? '', what: WORDS[cell] }));
  });

interface Setup {
  readonly before: string;
  readonly settings?: Partial<Settings>;
  /** The team was read in this run before (false: this is the first read of the run). */
  readonly readThisRun?: boolean;
  /** The user's own action is on its way (sent from Teamtray). */
  readonly action?: 'stop' | 'suspend' | 'start';
}

/** The model with one instance in `before`, and the change that turns it to `after`. */
function change(setup: Setup, after: string, how: 'read' | 'settled' = 'read'): Change {
  const model = createModel(
    stateOf({
      settings: { ...DEFAULT_SETTINGS, ...setup.settings },
      accounts: [
        accountOf('a1', {
          readThisRun: true,
          teams: [
            teamOf('t1', {
              runtime: runtimeOf({
                readThisRun: setup.readThisRun ?? true,
                instances: [
                  instanceOf('i1', { state: setup.before, action: setup.action ?? null }),
                ],
              }),
            }),
          ],
        }),
      ],
    }),
  );
  const heard: Change[] = [];
  model.subscribe((each) => heard.push(each));
  if (how === 'settled')
    model.apply('settled', { accountId: A, teamId: T, instanceId: I, state: after });
  else {
    const {
      action: _a,
      actionSentAt: _s,
      lastAction: _l,
      log: _g,
      ...read
    } = instanceOf('i1', {
      state: after,
    });
    model.apply('read', {
      accountId: A,
      teamId: T,
      reading: { instances: [read], devices: [] },
      at: NOW,
    });
  }
  const [only] = heard;
  if (only === undefined) throw new Error('no change');
  return only;
}

const whatOf = (found: ReturnType<typeof news>): (string | null)[] =>
  found.map((each) => each.what);

describe('news: every pair of instance states', () => {
  it.each(table)('$before → $after: $what', ({ before, after, what }) => {
    const found = news(change({ before }, after), NOW);
    expect(whatOf(found)).toEqual(what === null ? [] : [what]);
    if (what === null) return;
    expect(found[0]).toMatchObject({
      key: 'a1/i/i1',
      kind: 'instance',
      accountId: A,
      teamId: T,
      name: 'i1',
      // A problem waits for what changed just before it (change-before.ts).
      waitsFor:
        what === 'stopped'
          ? 'stopped'
          : what === 'was suspended'
            ? 'suspended'
            : ['crashed', 'error', 'safe'].includes(what ?? '')
              ? 'change'
              : null,
      target: { accountId: A, teamId: T, item: { kind: 'instance', id: I } },
    });
  });

  it.each(table.filter((row) => row.before !== row.after))(
    'after the user’s own action, $before → $after: only a problem is news',
    ({ before, after, what }) => {
      const found = news(change({ before, action: 'stop' }, after, 'settled'), NOW);
      const problem = what === 'crashed' || what === 'error' || what === 'safe';
      expect(whatOf(found)).toEqual(problem ? [what] : []);
    },
  );
});

describe('news: what silences it', () => {
  const crash = (setup: Omit<Setup, 'before'>) =>
    news(change({ before: 'running', ...setup }, 'crashed'), NOW);

  it('a crash is news', () => {
    expect(whatOf(crash({}))).toEqual(['crashed']);
  });
  it('not what the first read of this run finds (the lists before were the cache’s)', () => {
    expect(crash({ readThisRun: false })).toEqual([]);
  });
  it('not a snoozed instance, until its snooze ends', () => {
    expect(crash({ settings: { snoozed: { 'a1/i/i1': NOW + 1 } } })).toEqual([]);
    expect(whatOf(crash({ settings: { snoozed: { 'a1/i/i1': NOW } } }))).toEqual(['crashed']);
    expect(whatOf(crash({ settings: { snoozed: { 'a1/i/other': NOW + 1 } } }))).toEqual([
      'crashed',
    ]);
  });
  it('nothing in quiet hours, and again after them', () => {
    expect(crash({ settings: { quietUntil: NOW + 1 } })).toEqual([]);
    expect(whatOf(crash({ settings: { quietUntil: NOW } }))).toEqual(['crashed']);
  });
  it('nothing about instances when the user turned them off', () => {
    expect(crash({ settings: { notifyInstances: false } })).toEqual([]);
  });
});

describe('news: an account’s token', () => {
  /** The account in `before` (read in this run or not), then the list refused. */
  function refusedAfter(
    before: AccountStatus,
    options: {
      readThisRun?: boolean;
      settings?: Partial<Settings>;
      error?: boolean;
      expiresAt?: number;
    } = {},
  ) {
    const model = createModel(
      stateOf({
        settings: { ...DEFAULT_SETTINGS, ...options.settings },
        accounts: [
          accountOf('a1', {
            status: before,
            readThisRun: options.readThisRun ?? true,
            error: options.error === true ? { code: 'unauthorized', message: 'refused' } : null,
            tokenInfo:
              options.expiresAt === undefined
                ? null
                : {
                    id: 'k1',
                    name: 'laptop',
                    createdAt: null,
                    expiresAt: options.expiresAt,
                    readOnly: null,
                    teams: null,
                  },
          }),
        ],
      }),
    );
    const heard: Change[] = [];
    model.subscribe((each) => heard.push(each));
    model.apply('listFailed', { accountId: A, error: { code: 'unauthorized', message: 'no' } });
    return heard.flatMap((each) => news(each, NOW));
  }

  it('is news when a token that worked in this run is refused', () => {
    expect(refusedAfter('ok')).toMatchObject([
      { key: 'a1/token', kind: 'account', teamId: null, target: { accountId: A, item: null } },
    ]);
    // A refresh was under way, after a list that worked.
    expect(refusedAfter('loading')).toHaveLength(1);
  });
  it('is not news at the run’s first answer, nor again while it stays refused', () => {
    expect(refusedAfter('loading', { readThisRun: false })).toEqual([]);
    // Refused before this refresh started: the refresh keeps the error.
    expect(refusedAfter('loading', { error: true })).toEqual([]);
  });
  it('says the day it expired when it was refused after its known expiry', () => {
    const expiresAt = NOW - 60_000;
    expect(refusedAfter('ok', { expiresAt })).toMatchObject([
      { key: 'a1/token', what: expiredWords(expiresAt, NOW) },
    ]);
    expect(expiredWords(expiresAt, NOW)).toMatch(/^Token expired on \d+ \w+/);
    // Refused before the expiry: that is not an expiry.
    expect(refusedAfter('ok', { expiresAt: NOW + 60_000 })).toMatchObject([
      { what: 'token stopped working' },
    ]);
  });
  it('is silent in quiet hours, and when the user turned it off', () => {
    expect(refusedAfter('ok', { settings: { quietUntil: NOW + 1 } })).toEqual([]);
    expect(refusedAfter('ok', { settings: { notifyAccounts: false } })).toEqual([]);
  });
});
