import { expect, it } from 'vitest';
import type { TeamtrayState } from '../../common/state';
import { SCALE_TEAMS } from './budgets';
import { cloneMs, scaleShape } from './scale-figures';

it('spreads each team count over 10 accounts, 3 instances and 1 device per team', () => {
  for (const teams of SCALE_TEAMS) {
    const shape = scaleShape(teams);
    expect(shape.accounts * shape.teamsEach).toBe(teams);
    expect(shape).toMatchObject({ accounts: 10, instancesEach: 3, devicesEach: 1 });
  }
});

it('times a clone of the answer that keeps every account', () => {
  const state = { accounts: [{ id: 'a' }, { id: 'b' }] } as unknown as TeamtrayState;
  const ms = cloneMs(state);
  expect(ms).toBeGreaterThanOrEqual(0);
  expect(ms).toBeLessThan(1_000);
});
