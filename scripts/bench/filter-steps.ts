/**
 * What the filter figure types, and what the list must show after each keystroke (as
 * renderer/state/rows.ts builds it, through the Store), for ./page-probes.ts's filterProbe.
 */
import type { TeamtrayState } from '../../common/state';
import { Store } from '../../renderer/state/store';
import type { FilterStep } from './page-probes';

/** Each word letter by letter, then erased letter by letter. */
const TYPED = ['team 12', 'server 7 team 19', '199', 'xyz'];
/** Rows the filter check accepts as "the top of the list": more than the popover can show. */
const FIRST_KEYS = 40;

/** Every value the search box holds while TYPED is typed and erased (62 keystrokes). */
export function typedValues(): string[] {
  const values: string[] = [];
  for (const word of TYPED) {
    for (let length = 1; length <= word.length; length += 1) values.push(word.slice(0, length));
    for (let length = word.length - 1; length >= 0; length -= 1) values.push(word.slice(0, length));
  }
  return values;
}

/**
 * Every keystroke of TYPED, with what the list must show after it: the rows the renderer's own
 * Store builds from the same state (teams by name or slug, instances and devices by name).
 */
export function filterSteps(state: TeamtrayState): FilterStep[] {
  const store = new Store();
  store.load(structuredClone(state));
  return typedValues().map((value) => {
    store.setQuery(value);
    const rows = store.rows;
    const header = rows.find((row) => row.kind === 'account');
    const total = header?.account.teams.length ?? 0;
    let headerText: string | null = null;
    if (header !== undefined) {
      headerText =
        value.trim() === ''
          ? `${total} ${total === 1 ? 'team' : 'teams'}`
          : `${header.shown} of ${total} teams`;
    }
    return {
      value,
      firstAccountKey: header?.key ?? null,
      headerText,
      firstKeys: rows.slice(0, FIRST_KEYS).map((row) => row.key),
    };
  });
}
