/**
 * The contract can fail: against each deliberately wrong fake (mutants.ts) the cases that pin
 * its rule fail, and the report says what differs. Without this, a contract that passes
 * everything would look the same as one that checks something.
 */
import { describe, expect, it } from 'vitest';
import { startFakeTarget } from './fake-world';
import { MUTANTS } from './mutants';
import { namesByValue } from './refs';
import { formatResults } from './report';
import { runSuite } from './run-case';
import { CONTRACT } from './suite';

describe('the contract catches a wrong fake', () => {
  for (const mutant of MUTANTS) {
    it(mutant.name, async () => {
      // A short `starting`: only the mutant that skips it looks, and it must fail anyway.
      const target = await startFakeTarget({ startDelayMs: 200 });
      try {
        mutant.apply(target.fake);
        const results = await runSuite(CONTRACT, target);
        const failed = results.filter((r) => !r.passed).map((r) => r.id);
        expect(failed).toEqual(expect.arrayContaining([...mutant.breaks]));
        const report = formatResults(results, namesByValue(target.world));
        for (const id of mutant.breaks) expect(report).toContain(`✗ ${id}:`);
        expect(report).toMatch(/expected .+, got .+/);
      } finally {
        await target.fake.close();
      }
    });
  }
});
