/**
 * An account's teams as the columns that cross the bridge (TeamTable in common/model.ts). Built
 * once per list of teams: the list only changes when a refresh or a rename replaces it, and every
 * push or getState in between reuses the same table (the pushes also compare it by identity).
 */
import type { Origin } from '../../common/brand';
import type { TeamTable } from '../../common/model';
import type { ApiTeam } from '../flowfuse/types';
import { avatarUrl } from './team-view';

const built = new WeakMap<
  readonly ApiTeam[],
  { readonly origin: Origin; readonly table: TeamTable }
>();

export function teamTableOf(origin: Origin, teams: readonly ApiTeam[]): TeamTable {
  const hit = built.get(teams);
  if (hit?.origin === origin) return hit.table;
  const table = buildTable(origin, teams);
  built.set(teams, { origin, table });
  return table;
}

function buildTable(origin: Origin, teams: readonly ApiTeam[]): TeamTable {
  const types: string[] = [];
  const urls = teams.map((team) => avatarUrl(team.avatar, origin));
  const avatarBase = commonBase(urls);
  return {
    id: teams.map((team) => team.id),
    name: teams.map((team) => team.name),
    slug: teams.map((team) => team.slug),
    types,
    type: teams.map((team) => {
      if (team.type === null) return -1;
      const at = types.indexOf(team.type.name);
      return at === -1 ? types.push(team.type.name) - 1 : at;
    }),
    role: teams.map((team) => team.role),
    avatarBase,
    avatar: urls.map((url) => (url === null ? null : url.slice(avatarBase.length))),
    instanceCount: teams.map((team) => team.instanceCount),
    memberCount: teams.map((team) => team.memberCount),
    deviceCount: teams.map((team) => team.deviceCount),
  };
}

/** The longest start every URL shares, cut after its last `/` (a host and folder, not a half name). */
export function commonBase(urls: readonly (string | null)[]): string {
  let base: string | null = null;
  for (const url of urls) {
    if (url === null) continue;
    if (base === null) {
      base = url;
      continue;
    }
    let length = 0;
    const max = Math.min(base.length, url.length);
    while (length < max && base.charCodeAt(length) === url.charCodeAt(length)) length += 1;
    base = base.slice(0, length);
  }
  if (base === null) return '';
  return base.slice(0, base.lastIndexOf('/') + 1);
}
