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

/** The team with this id, or undefined. */
export function teamIn(table: TeamTable, id: string): TeamRecord | undefined {
  const index = table.id.indexOf(id);
  return index === -1 ? undefined : teamsOf(sliceRow(table, index))[0];
}

function sliceRow(table: TeamTable, index: number): TeamTable {
  const at = <T>(column: readonly T[]): T[] => column.slice(index, index + 1);
  return {
    ...table,
    id: at(table.id),
    name: at(table.name),
    slug: at(table.slug),
    type: at(table.type),
    role: at(table.role),
    avatar: at(table.avatar),
    instanceCount: at(table.instanceCount),
    memberCount: at(table.memberCount),
    deviceCount: at(table.deviceCount),
  };
}
