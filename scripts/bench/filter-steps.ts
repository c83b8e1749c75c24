/**
 * What the filter figure types, and what the list must show after each keystroke (as
 * renderer/state/rows.ts builds it), for ./page-probes.ts's filterProbe.
 */
import type { AccountView } from '../../common/model';
import { teamsOf } from '../../common/team-table';
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

/** Every keystroke of TYPED, with what the list must show after it. */
export function filterSteps(accounts: readonly AccountView[]): FilterStep[] {
  return typedValues().map((value) => {
    const query = value.trim().toLowerCase();
    let first: { key: string; text: string } | null = null;
    const firstKeys: string[] = [];
    for (const account of accounts) {
      const teams = teamsOf(account.teams);
      const total = teams.length;
      const matching = teams.filter(
        (team) => query === '' || `${team.name}\n${team.slug}`.toLowerCase().includes(query),
      );
      if (query !== '' && matching.length === 0) continue;
      const text =
        query === ''
          ? `${total} ${total === 1 ? 'team' : 'teams'}`
          : `${matching.length} of ${total} teams`;
      first ??= { key: `i:${account.id}`, text };
      firstKeys.push(`i:${account.id}`);
      for (const team of matching) firstKeys.push(`${account.id}/${team.id}`);
      if (firstKeys.length >= FIRST_KEYS) break;
    }
    return {
      value,
      firstAccountKey: first?.key ?? null,
      headerText: first?.text ?? null,
      firstKeys: firstKeys.slice(0, FIRST_KEYS),
    };
  });
}
