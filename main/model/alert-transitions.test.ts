/**
 * The still-down reminder as a fact of the instance's trouble (alert-transitions.ts): set once,
 * only on the trouble it was told of.
 */
import { describe, expect, it } from 'vitest';
import { asAccountId, asInstanceId, asTeamId } from '../../common/brand';
import {
  accountOf,
  instanceOf,
  runtimeOf,
  stateOf,
  teamOf,
} from '../../tests/support/state-builders';
import { createModel, type Change } from './model';

const ref = {
  accountId: asAccountId('a1'),
  teamId: asTeamId('t1'),
  instanceId: asInstanceId('i1'),
};

function modelWith(trouble: { since: number; what: string; remindedAt?: number } | null) {
  const instances = [instanceOf('i1', { state: 'crashed', trouble })];
  const model = createModel(
    stateOf({
      accounts: [accountOf('a1', { teams: [teamOf('t1', { runtime: runtimeOf({ instances }) })] })],
    }),
  );
  const changes: Change[] = [];
  model.subscribe((change) => changes.push(change));
  const troubleNow = () => model.state().accounts[0]?.teams[0]?.runtime.instances[0]?.trouble;
  return { model, changes, troubleNow };
}

describe('stillDownReminded', () => {
  it('marks the trouble it was told of, once', () => {
    const { model, changes, troubleNow } = modelWith({ since: 100, what: 'crashed' });
    model.apply('stillDownReminded', { ...ref, since: 100, at: 500 });
    expect(troubleNow()).toEqual({ since: 100, what: 'crashed', remindedAt: 500 });
    model.apply('stillDownReminded', { ...ref, since: 100, at: 900 });
    expect(troubleNow()?.remindedAt).toBe(500);
    expect(changes.map((each) => each.name)).toEqual(['stillDownReminded']);
  });

  it('changes nothing for a trouble that ended or began anew meanwhile', () => {
    const { model, changes, troubleNow } = modelWith({ since: 200, what: 'crashed' });
    model.apply('stillDownReminded', { ...ref, since: 100, at: 500 });
    model.apply('stillDownReminded', {
      ...ref,
      instanceId: asInstanceId('gone'),
      since: 200,
      at: 500,
    });
    expect(troubleNow()).toEqual({ since: 200, what: 'crashed' });
    expect(changes).toEqual([]);
    const calm = modelWith(null);
    calm.model.apply('stillDownReminded', { ...ref, since: 200, at: 500 });
    expect(calm.changes).toEqual([]);
  });
});
