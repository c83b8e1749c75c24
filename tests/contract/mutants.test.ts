/**
 * The contract can fail: against each deliberately wrong fake (mutants.ts) the cases that pin
 * its rule fail, and the report says what differs. Without this, a contract that passes
 * everything would look the same as one that checks something. (contract.test.ts runs the
 * same cases against the right fake, where they pass.)
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
      // Only the cases that pin the rule: the whole suite eight times over costs seconds of
      // CPU that timing tests in other files, on two shared cores, cannot spare.
      const cases = CONTRACT.filter((c) => mutant.breaks.includes(c.id));
      expect(cases.map((c) => c.id).sort()).toEqual([...mutant.breaks].sort());
      const target = await startFakeTarget();
      try {
        mutant.apply(target.fake);
        const results = await runSuite(cases, target);
        expect(results.filter((r) => r.passed).map((r) => r.id)).toEqual([]);
        const report = formatResults(results, namesByValue(target.world));
        for (const id of mutant.breaks) expect(report).toContain(`✗ ${id}:`);
        expect(report).toMatch(/expected .+, got .+/);
      } finally {
        await target.fake.close();
      }
    });
  }
});
