/**
 * The contract against the fake server: every case the real FlowFuse must also pass (npm run
 * test:contract), here in `npm test`. A failure shows the step and each mismatch.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeFlowFuse } from '../fake-server';
import { startFakeTarget } from './fake-world';
import { namesByValue } from './refs';
import { formatFailure } from './report';
import { runCase, type ContractTarget } from './run-case';
import { CONTRACT } from './suite';

let target: ContractTarget & { readonly fake: FakeFlowFuse };

beforeAll(async () => {
  target = await startFakeTarget();
});

afterAll(async () => {
  await target.fake.close();
});

describe('the FlowFuse contract, against the fake server', () => {
  // In order, one world: reads first, then the actions that change instances.
  for (const contractCase of CONTRACT) {
    it(contractCase.id, async () => {
      const result = await runCase(contractCase, target);
      expect(result.passed, formatFailure(result, namesByValue(target.world))).toBe(true);
    });
  }
});
