import { describe, expect, it } from 'vitest';
import type { Instance } from '../../common/state';
import { followTrouble, troubleOf } from './trouble';

type Followed = Pick<Instance, 'state' | 'lastAction' | 'trouble' | 'recovered'>;
const at = (state: string, more: Partial<Followed> = {}): Followed => ({
  state,
  lastAction: null,
  trouble: null,
  recovered: null,
  ...more,
});
const MIN = 60_000;

describe('an instance’s trouble', () => {
  it('says which of the user’s own actions from Teamtray ended it, when one did', () => {
    const began = followTrouble(at('crashed'), 10 * MIN);
    expect(followTrouble(at('running', began), 15 * MIN, 'restart').recovered).toEqual({
      at: 15 * MIN,
      from: 'crashed',
      downMs: 5 * MIN,
      action: 'restart',
    });
    expect(followTrouble(at('running', began), 15 * MIN).recovered).not.toHaveProperty('action');
  });

  it('keeps its reminder through a change of what it is, and ends it with the trouble', () => {
    const reminded = { trouble: { since: 10 * MIN, what: 'crashed', remindedAt: 40 * MIN } };
    // Crashed, then in safe mode: the same trouble, already reminded of.
    expect(followTrouble(at('safe', reminded), 50 * MIN).trouble).toEqual({
      since: 10 * MIN,
      what: 'safe',
      remindedAt: 40 * MIN,
    });
    expect(followTrouble(at('running', reminded), 60 * MIN).trouble).toBeNull();
  });

  it('is a problem state, or a failed start that left it suspended', () => {
    expect(troubleOf('crashed', null)).toBe('crashed');
    expect(troubleOf('safe', null)).toBe('safe');
    expect(troubleOf('suspended', null)).toBeNull();
    const failed = { event: 'project.start-failed', at: 1, by: null };
    expect(troubleOf('suspended', failed)).toBe('start-failed');
    expect(troubleOf('running', failed)).toBeNull();
  });

  it('begins when first seen, keeps its start through a restart, and ends running again', () => {
    const began = followTrouble(at('crashed'), 10 * MIN);
    expect(began).toEqual({ trouble: { since: 10 * MIN, what: 'crashed' }, recovered: null });
    // Still crashed later, or in safe mode next: the same trouble, from the same time.
    expect(followTrouble(at('crashed', began), 20 * MIN)).toEqual(began);
    expect(followTrouble(at('safe', began), 20 * MIN).trouble).toEqual({
      since: 10 * MIN,
      what: 'safe',
    });
    // On its way (restarting): nothing moves yet.
    expect(followTrouble(at('restarting', began), 21 * MIN)).toEqual(began);
    expect(followTrouble(at('running', began), 22 * MIN)).toEqual({
      trouble: null,
      recovered: { at: 22 * MIN, from: 'crashed', downMs: 12 * MIN },
    });
  });

  it('ends without a recovery when it is stopped instead', () => {
    const began = followTrouble(at('crashed'), 0);
    expect(followTrouble(at('stopped', began), MIN)).toEqual({ trouble: null, recovered: null });
  });

  it('leaves a calm instance as it is (the same objects: no patch)', () => {
    const calm = at('running', { recovered: { at: 1, from: 'safe', downMs: 5 } });
    const next = followTrouble(calm, 99);
    expect(next.trouble).toBeNull();
    expect(next.recovered).toBe(calm.recovered);
  });
});
