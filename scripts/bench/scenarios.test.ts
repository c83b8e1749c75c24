import { expect, it } from 'vitest';
import { FIGURES, ISSUE_BUDGETS } from './budgets';
import { GROUPS, SCENARIOS } from './scenarios';

it('names each figure as one scenario’s, so a failed scenario can say which it leaves missing', () => {
  const owners = new Map<string, number>();
  for (const scenario of SCENARIOS) {
    for (const key of scenario.figures) owners.set(key, (owners.get(key) ?? 0) + 1);
  }
  const unowned = FIGURES.map((figure) => figure.key as string).filter((key) => !owners.has(key));
  expect(unowned).toEqual([]);
  expect([...owners].filter(([, count]) => count > 1)).toEqual([]);
  expect(new Set(SCENARIOS.map((scenario) => scenario.group))).toEqual(new Set(GROUPS));
});

it("judges every row of issue 30's budgets by a figure with a budget", () => {
  for (const row of ISSUE_BUDGETS) {
    for (const key of row) {
      const budget = FIGURES.find((figure) => figure.key === key)?.budget;
      expect(budget, key).toEqual(expect.any(Number));
    }
  }
});
