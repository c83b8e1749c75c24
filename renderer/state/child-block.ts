/**
 * The rows under an open team, when the list's window is elsewhere: one stand-in row that says
 * how many rows of each kind the team would list (so the window knows their height), built into
 * the rows themselves only for the teams in the window.
 *
 * Why: a search that names an instance of every team opens every team, and at 5,000 teams built
 * 30,000 rows (and kept, compared and laid out each of them) on every keystroke, while the
 * popover shows a dozen. Now the rows' structure (which teams, in what order, and how tall the
 * rows under each one are) is worked out from counts, and their content (a row object per
 * instance, device, heading and note) only where the list looks: the first FIRST_ROWS rows (the
 * top of a new search or filter), the teams the list reports in its window as it scrolls
 * (Store.showChildrenOf), a team the user opened, and the last team (End goes to its last row).
 *
 * A block is a row of its own (kind 'children') rather than a hole in an index: every part of the
 * list that walks the rows (the keyboard, the pinned headers, the teams on screen, the row memo)
 * keeps reading one flat array, and a block is, for each of them, one row under its team that
 * nothing focuses. The list draws it as an empty element (no height, not measured) for the one
 * update it takes the store to build its rows.
 */
import { leftOutSentences } from '../../common/left-out';
import type { Account, Team } from '../../common/state';
import {
  CHILD_LIMIT,
  tallyOf,
  type ChildListOptions,
  type ChildRow,
  type Children,
  type ChildTally,
} from './runtime-rows';

/** How many rows of each kind the block stands for. */
export type ChildCounts = Readonly<Partial<Record<ChildRow['kind'], number>>>;

export interface ChildBlockRow {
  readonly kind: 'children';
  /** `account/team/children`. */
  readonly key: string;
  readonly account: Account;
  readonly team: Team;
  /** The rows it stands for, by kind: the window's height for it is theirs. */
  readonly counts: ChildCounts;
}

/**
 * The rows a popover shows at most, with room to spare: a new search or filter starts at the
 * top, so these are built at once and the first frame shows rows, not stand-ins.
 */
export const FIRST_ROWS = 80;

export function childBlockKey(teamKey: string): string {
  return `${teamKey}/children`;
}

/** The team key of a block (`account/team`). */
export function teamKeyOfBlock(block: ChildBlockRow): string {
  return block.key.slice(0, -'/children'.length);
}

/**
 * How many rows of each kind childRows (runtime-rows.ts) gives for these children (or as many as
 * a tally counts), without building them: the same rules, counted (child-block.test.ts checks
 * both agree).
 */
export function childCounts(
  team: Team,
  children: Children | ChildTally,
  options: Pick<ChildListOptions, 'everyMatch' | 'shownInFull'> & { readonly prefix: string },
): ChildCounts {
  const { runtime } = team;
  const notes =
    leftOutSentences('instance', runtime.instancesLeftOut ?? undefined).length +
    leftOutSentences('device', runtime.devicesLeftOut ?? undefined).length;
  const instances = tallyOf(children.instances);
  const devices = tallyOf(children.devices);
  if (instances + devices + notes === 0) return { 'runtime-note': 1 };
  const headed = instances > 0 && devices > 0;
  let more = 0;
  const shown = (count: number, kind: 'i' | 'd'): number => {
    const full =
      count <= CHILD_LIMIT ||
      (options.everyMatch ?? false) ||
      (options.shownInFull?.has(`${options.prefix}/${kind}`) ?? false);
    if (full) return count;
    more += 1;
    return CHILD_LIMIT;
  };
  const counts: Record<string, number> = {};
  if (instances > 0) counts.instance = shown(instances, 'i');
  if (devices > 0) counts.device = shown(devices, 'd');
  if (headed) counts['runtime-heading'] = 2;
  if (more > 0) counts['runtime-more'] = more;
  if (notes > 0) counts['runtime-note'] = notes;
  return counts;
}

/** The height of a block: its counts, each at the height a row of that kind has. */
export function blockHeight(
  counts: Readonly<Partial<Record<string, number>>>,
  heightOfKind: (kind: string) => number,
): number {
  let height = 0;
  for (const [kind, count] of Object.entries(counts)) {
    if (count !== undefined && count > 0) height += count * heightOfKind(kind);
  }
  return height;
}
