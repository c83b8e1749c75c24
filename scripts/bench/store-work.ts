/**
 * The renderer's store work on a state, timed in Node (the same V8 as the page, minus the DOM),
 * through the real Store: what it does with getState's answer (the replica takes the tree:
 * load), the list's rows for first paint, and the rows again for each search keystroke of the
 * filter figure. The first pass is cold, as in the popover's first paint; the others show the
 * warm cost.
 */
import type { TeamtrayState } from '../../common/state';
import { Store } from '../../renderer/state/store';
import { typedValues } from './filter-steps';
import { median } from './stats';

const WARM_REPEATS = 5;

export function storeWorkNote(state: TeamtrayState): string {
  const times: Record<'state' | 'rows' | 'keystroke', number[]> = {
    state: [],
    rows: [],
    keystroke: [],
  };
  const values = typedValues();
  for (let repeat = 0; repeat <= WARM_REPEATS; repeat += 1) {
    // A copy each time, as each load of the popover gets its own.
    const copy = structuredClone(state);
    const store = new Store();
    const start = performance.now();
    store.load(copy);
    const stateSet = performance.now();
    let rows = store.rows.length;
    const rowsBuilt = performance.now();
    for (const value of values) {
      store.setQuery(value);
      rows += store.rows.length;
    }
    // The rows are read for their cost; a list that came out empty would mean a broken store.
    if (rows === 0) throw new Error('the store built no rows');
    times.state.push(stateSet - start);
    times.rows.push(rowsBuilt - stateSet);
    times.keystroke.push((performance.now() - rowsBuilt) / values.length);
  }
  const text = (values: readonly number[]): string =>
    `${(values[0] ?? 0).toFixed(1)} cold, ${median(values.slice(1)).toFixed(1)} warm`;
  return `  the store's part, in Node: the state in (load) ${text(times.state)}; the rows ${text(times.rows)}; the rows per search keystroke ${text(times.keystroke)} (ms)`;
}
