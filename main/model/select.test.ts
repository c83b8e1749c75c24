/** What the projections that read on a turn ask of a change: which instances turned. */
import { describe, expect, it } from 'vitest';
import {
  accountOf,
  instanceOf,
  runtimeOf,
  stateOf,
  teamOf,
} from '../../tests/support/state-builders';
import { instanceTurns } from './select';

const withInstances = (...instances: ReturnType<typeof instanceOf>[]) =>
  stateOf({
    accounts: [accountOf('a1', { teams: [teamOf('t1', { runtime: runtimeOf({ instances }) })] })],
  });

describe('instanceTurns', () => {
  it('marks the instances whose state changed, and new ones, and no other', () => {
    const before = withInstances(
      instanceOf('i1', { state: 'running' }),
      instanceOf('i2', { state: 'running' }),
    );
    const after = withInstances(
      instanceOf('i1', { state: 'running' }),
      instanceOf('i2', { state: 'crashed' }),
      instanceOf('i3', { state: 'stopped' }),
    );
    expect(
      instanceTurns(after, before, 'a1', 't1').map(({ instance, turned }) => [instance.id, turned]),
    ).toEqual([
      ['i1', false],
      ['i2', true],
      ['i3', true],
    ]);
    expect(instanceTurns(after, before, 'a1', 'gone')).toEqual([]);
  });
});
