/**
 * The renderer's store work on a state, timed in Node (the same V8 as the page, minus the DOM):
 * turning getState's answer into the renderer's objects (fromAppState), the search index
 * (indexAccounts) and the list's rows (buildRows). The first call is cold, as in the popover's
 * first paint; the rest show the warm cost.
 */
import type { AppState } from '../../common/model';
import { buildRows, indexAccounts } from '../../renderer/state/rows';
import { fromAppState } from '../../renderer/state/state-updates';
import { median } from './stats';

const WARM_REPEATS = 5;

export function storeWorkNote(state: AppState): string {
  const times: Record<'state' | 'index' | 'rows', number[]> = { state: [], index: [], rows: [] };
  for (let repeat = 0; repeat <= WARM_REPEATS; repeat += 1) {
    // A copy each time, as each load of the popover gets its own.
    const copy = structuredClone(state);
    const start = performance.now();
    const popover = fromAppState(copy);
    const indexed = performance.now();
    const index = indexAccounts(popover.accounts);
    const rowsAt = performance.now();
    buildRows(index, { query: '', pendingNames: new Map(), errors: new Map() });
    const end = performance.now();
    times.state.push(indexed - start);
    times.index.push(rowsAt - indexed);
    times.rows.push(end - rowsAt);
  }
  const text = (values: readonly number[]): string =>
    `${(values[0] ?? 0).toFixed(1)} cold, ${median(values.slice(1)).toFixed(1)} warm`;
  return `  the store's part of it, in Node: fromAppState ${text(times.state)}; indexAccounts ${text(times.index)}; buildRows ${text(times.rows)} (ms)`;
}
