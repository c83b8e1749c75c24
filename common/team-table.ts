/**
 * Reading a TeamTable (common/model.ts) back into one record per team. The renderer does this
 * once per table it receives; tests and the benchmark use it to look at what crossed the bridge.
 */
import type { TeamTable } from './model';

export interface TeamRecord {
  readonly id: string;
  readonly name: string;
  readonly slug: string;
  readonly typeName: string | null;
  readonly role: number | null;
  /** Absolute, or null. */
  readonly avatarUrl: string | null;
  readonly instanceCount: number | null;
  readonly memberCount: number | null;
  readonly deviceCount: number | null;
}

export function teamsOf(table: TeamTable): TeamRecord[] {
  const teams: TeamRecord[] = [];
  for (let index = 0; index < table.id.length; index += 1) {
    const avatar = table.avatar[index] ?? null;
    teams.push({
      id: table.id[index] ?? '',
      name: table.name[index] ?? '',
      slug: table.slug[index] ?? '',
      typeName: table.types[table.type[index] ?? -1] ?? null,
      role: table.role[index] ?? null,
      avatarUrl: avatar === null ? null : `${table.avatarBase}${avatar}`,
      instanceCount: table.instanceCount[index] ?? null,
      memberCount: table.memberCount[index] ?? null,
      deviceCount: table.deviceCount[index] ?? null,
    });
  }
  return teams;
}
