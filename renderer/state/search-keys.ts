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
import type { Team, TeamRuntime } from '../../common/state';

export interface TeamSearchKeys {
  /** The team's name and slug, lower-cased. */
  readonly own: string;
  /** Its instances' and devices' names, lower-cased, each after a SEPARATOR. */
  readonly children: string;
}

/** Between the names in `children`: no typed query holds it, so a match never spans two names. */
const SEPARATOR = '\u0000';

const teamKeys = new WeakMap<Team, TeamSearchKeys>();
const runtimeNames = new WeakMap<TeamRuntime, RuntimeSearchNames>();

export function teamSearchKeys(team: Team): TeamSearchKeys {
  let keys = teamKeys.get(team);
  if (keys === undefined) {
    const { instances, devices } = runtimeSearchNames(team.runtime);
    let children = '';
    for (const name of instances) children += SEPARATOR + name;
    for (const name of devices) children += SEPARATOR + name;
    keys = { own: `${team.name}\n${team.slug}`.toLowerCase(), children };
    teamKeys.set(team, keys);
  }
  return keys;
}

/** A team's instances' and devices' names, lower-cased, each at its item's index. */
export interface RuntimeSearchNames {
  readonly instances: readonly string[];
  readonly devices: readonly string[];
}

/**
 * The names of a runtime's items, lower-cased once per runtime object (one lookup per team, not
 * one per item: a search that names an instance of each of 5,000 teams looks at 20,000 names).
 */
export function runtimeSearchNames(runtime: TeamRuntime): RuntimeSearchNames {
  let names = runtimeNames.get(runtime);
  if (names === undefined) {
    names = {
      instances: runtime.instances.map((item) => item.name.toLowerCase()),
      devices: runtime.devices.map((item) => item.name.toLowerCase()),
    };
    runtimeNames.set(runtime, names);
  }
  return names;
}

/**
 * Whether one of the team's instances or devices may match `query` (lower-cased), from its keys
 * (teamSearchKeys): false means none does, so the team's items need not be looked at one by one.
 */
export function childrenMayMatch(keys: TeamSearchKeys, query: string): boolean {
  return query.includes(SEPARATOR) || keys.children.includes(query);
}
