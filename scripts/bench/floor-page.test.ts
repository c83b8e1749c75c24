import { expect, it } from 'vitest';
import { accountOf, stateOf, teamOf } from '../../tests/support/state-builders';
import { FLOOR_MARK, FLOOR_SCRIPT } from './floor-page';

type FloorRun = (
  window: unknown,
  document: unknown,
  performance: { mark(name: string): void },
) => Promise<void>;

it("counts the teams of getState's Snapshot, writes them and sets its mark", async () => {
  const state = stateOf({
    accounts: [
      accountOf('a', { teams: [teamOf('t1'), teamOf('t2')] }),
      accountOf('b', { teams: [teamOf('t3')] }),
    ],
  });
  const window = {
    teamtray: { getState: () => Promise.resolve({ ok: true, value: { version: 4, state } }) },
  };
  const document = { body: { textContent: '', getBoundingClientRect: () => ({}) } };
  const marks: string[] = [];
  // The page's module script, run as the body of an async function (its top-level await).
  const asyncPrototype = Object.getPrototypeOf(async () => {
    await Promise.resolve();
  }) as { constructor: new (...args: string[]) => FloorRun };
  const AsyncFunction = asyncPrototype.constructor;
  const run = new AsyncFunction('window', 'document', 'performance', FLOOR_SCRIPT);
  await run(window, document, { mark: (name) => marks.push(name) });
  expect(document.body.textContent).toBe('3 teams');
  expect(marks).toEqual([FLOOR_MARK]);
});
