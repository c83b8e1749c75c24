/**
 * Names for the ids seeding produces, so cases are written without them: `{team.alpha}` in a
 * path, `is.ref('instance.running')` in a shape. Reports turn ids back into these names, so the
 * fake's answer and the real one can be compared line by line.
 */
import {
  entriesOf,
  type ApplicationKey,
  type DeviceKey,
  type InstanceKey,
  type SeededWorld,
  type TeamKey,
  type UserKey,
} from './world-spec';

export type Ref =
  | `user.${UserKey}`
  | `team.${TeamKey}`
  | `app.${ApplicationKey}`
  | `instance.${InstanceKey}`
  | `device.${DeviceKey}`;

function kinds(world: SeededWorld): Record<string, Readonly<Record<string, { id: string }>>> {
  return {
    user: world.users,
    team: world.teams,
    app: world.applications,
    instance: world.instances,
    device: world.devices,
  };
}

export function resolveRef(world: SeededWorld, ref: Ref): string {
  const [kind = '', key = ''] = ref.split('.');
  const id = kinds(world)[kind]?.[key]?.id;
  if (id === undefined) throw new Error(`the world has no ${ref}`);
  return id;
}

/** `{team.alpha}` becomes that team's id; `{var.cursor}` a value an earlier step saved. */
export function fillPath(
  path: string,
  world: SeededWorld,
  vars: ReadonlyMap<string, string>,
): string {
  return path.replace(/\{([a-z]+)\.([A-Za-z]+)\}/g, (_all, kind: string, key: string) => {
    if (kind === 'var') {
      const value = vars.get(key);
      if (value === undefined) throw new Error(`no saved value "${key}"`);
      return encodeURIComponent(value);
    }
    return encodeURIComponent(resolveRef(world, `${kind}.${key}` as Ref));
  });
}

/** Every id and token of the world, by value, as the name a report shows instead. */
export function namesByValue(world: SeededWorld): ReadonlyMap<string, string> {
  const names = new Map<string, string>();
  for (const [kind, entries] of Object.entries(kinds(world))) {
    for (const [key, value] of Object.entries(entries)) names.set(value.id, `<${kind}.${key}>`);
  }
  for (const [user, value] of entriesOf(world.users)) names.set(value.token, `<token of ${user}>`);
  names.set(world.tokens.expired, '<expired token>');
  names.set(world.tokens.revoked, '<revoked token>');
  return names;
}
