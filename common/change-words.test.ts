import { describe, expect, it } from 'vitest';
import { changeWords, spanWords } from './change-words';
import type { ChangeBefore } from './state';

const change = (more: Partial<ChangeBefore> = {}): ChangeBefore => ({
  event: 'flows.set',
  at: 0,
  by: 'alice',
  problem: 'crashed',
  problemAt: 4 * 60_000,
  ...more,
});

describe('changeWords', () => {
  it('says what, by whom and how long before which problem', () => {
    expect(changeWords(change(), 'ada')).toEqual({
      what: 'Flows deployed by alice',
      when: ' 4 min before the crash',
    });
    expect(changeWords(change({ event: 'project.settings.updated', by: 'ada' }), 'ada')?.what).toBe(
      'Settings changed by you',
    );
    expect(
      changeWords(change({ event: 'project.snapshot.rolled-back', problem: 'start-failed' }), null),
    ).toEqual({
      what: 'Rolled back to a snapshot by alice',
      when: ' 4 min before the failed start',
    });
  });

  it('leaves out what it does not know', () => {
    expect(changeWords(change({ by: null, problemAt: null }), 'ada')).toEqual({
      what: 'Flows deployed',
      when: '',
    });
    // A change after the problem began (clocks apart) gives no "before".
    expect(changeWords(change({ at: 10 * 60_000 }), 'ada')?.when).toBe('');
    expect(changeWords(change({ event: null }), 'ada')).toBeNull();
    expect(changeWords(null, 'ada')).toBeNull();
  });

  it('passes the author through the caller’s cleaner', () => {
    expect(
      changeWords(change({ by: 'bob\nsmith' }), null, (name) => name.replace(/\s+/g, ' '))?.what,
    ).toBe('Flows deployed by bob smith');
  });
});

describe('spanWords', () => {
  it('reads as people say it', () => {
    expect([30_000, 60_000, 59 * 60_000, 3 * 3_600_000, 50 * 3_600_000].map(spanWords)).toEqual([
      'under a minute',
      '1 min',
      '59 min',
      '3 h',
      '2 days',
    ]);
  });
});
