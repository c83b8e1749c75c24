/**
 * TEAMTRAY_LIVE_INSTANCE names the instance to stop and start again: its id, or its name as
 * FlowFuse shows it (instance names are unique on a server, and never contain spaces).
 */
export interface ListedInstance {
  readonly id: string;
  readonly name: string;
}

/** The instance the reference names, by id first, then by name; null when it names none. */
export function findInstance(
  instances: readonly ListedInstance[],
  ref: string,
): ListedInstance | null {
  const wanted = ref.trim();
  return (
    instances.find((instance) => instance.id === wanted) ??
    instances.find((instance) => instance.name === wanted) ??
    instances.find((instance) => instance.name.toLowerCase() === wanted.toLowerCase()) ??
    null
  );
}
