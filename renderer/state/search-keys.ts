/**
 * What the search compares, worked out once per model object rather than once per keystroke: a
 * team's name and slug, lower-cased, and its instances' and devices' names, lower-cased and
 * joined, so a keystroke asks each team two `includes` and looks at a team's instances and
 * devices one by one only when one of their names holds the query.
 *
 * The model's objects are replaced when they change, never mutated (main's immer, the replica's
 * apply-patches.ts): a WeakMap per object is an index per model change that only the changed
 * teams and items are worked out again for, and that is dropped with the objects it describes.
 * Written here, not taken from a search library: it is a substring test, as the list has always
 * done, and a fuzzy or token index would change which rows match.
 */
import type { Device, Instance, Team } from '../../common/state';

export interface TeamSearchKeys {
  /** The team's name and slug, lower-cased. */
  readonly own: string;
  /** Its instances' and devices' names, lower-cased, each after a SEPARATOR. */
  readonly children: string;
}

/** Between the names in `children`: no typed query holds it, so a match never spans two names. */
const SEPARATOR = '\u0000';

const teamKeys = new WeakMap<Team, TeamSearchKeys>();
const itemNames = new WeakMap<Instance | Device, string>();

export function teamSearchKeys(team: Team): TeamSearchKeys {
  let keys = teamKeys.get(team);
  if (keys === undefined) {
    const { instances, devices } = team.runtime;
    let children = '';
    for (const item of instances) children += SEPARATOR + itemSearchName(item);
    for (const item of devices) children += SEPARATOR + itemSearchName(item);
    keys = { own: `${team.name}\n${team.slug}`.toLowerCase(), children };
    teamKeys.set(team, keys);
  }
  return keys;
}

/** An instance's or a device's name, lower-cased once. */
export function itemSearchName(item: Instance | Device): string {
  let name = itemNames.get(item);
  if (name === undefined) {
    name = item.name.toLowerCase();
    itemNames.set(item, name);
  }
  return name;
}

/**
 * Whether one of the team's instances or devices may match `query` (lower-cased): false means
 * none does, so the team's items need not be looked at one by one.
 */
export function childrenMayMatch(team: Team, query: string): boolean {
  return query.includes(SEPARATOR) || teamSearchKeys(team).children.includes(query);
}
