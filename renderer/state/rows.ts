/**
 * The list the popover shows is one flat array (instance headers, team rows, empty notes) so one
 * windowed list can show 2,000 teams across many instances. Everything here is pure.
 */
import type { InstanceView, TeamView } from '../../common/model';

export type Row = InstanceRow | TeamRow | NoteRow;

export interface InstanceRow {
  readonly kind: 'instance';
  readonly key: string;
  readonly instance: InstanceView;
  /** Teams of this instance shown under it (after the search). */
  readonly shown: number;
}

export interface TeamRow {
  readonly kind: 'team';
  readonly key: string;
  readonly instance: InstanceView;
  readonly team: TeamView;
  /** The name to show: the optimistic one while a rename is in flight. */
  readonly name: string;
  readonly pending: boolean;
  /** Why the last rename of this team failed, until the next attempt. */
  readonly error: string | null;
}

export interface NoteRow {
  readonly kind: 'note';
  readonly key: string;
  readonly instance: InstanceView;
  readonly text: string;
}

/** Instance ids are UUIDs, so the first slash splits the key unambiguously. */
export const teamKey = (instanceId: string, teamId: string): string => `${instanceId}/${teamId}`;

/** A lower-cased name and slug per team, built once per state so a keystroke only compares. */
export interface IndexedInstance {
  readonly instance: InstanceView;
  readonly teams: readonly IndexedTeam[];
}

export interface IndexedTeam {
  readonly key: string;
  readonly team: TeamView;
  readonly haystack: string;
}

export function indexInstances(instances: readonly InstanceView[]): IndexedInstance[] {
  return instances.map((instance) => ({
    instance,
    teams: instance.teams.map((team) => ({
      key: teamKey(instance.id, team.id),
      team,
      haystack: `${team.name}\n${team.slug}`.toLowerCase(),
    })),
  }));
}

export interface RowOptions {
  readonly query: string;
  readonly pendingNames: ReadonlyMap<string, string>;
  readonly errors: ReadonlyMap<string, string>;
}

export function buildRows(index: readonly IndexedInstance[], options: RowOptions): Row[] {
  const query = options.query.trim().toLowerCase();
  const rows: Row[] = [];
  for (const { instance, teams } of index) {
    const header = rows.length;
    rows.push({ kind: 'instance', key: `i:${instance.id}`, instance, shown: 0 });
    let shown = 0;
    for (const entry of teams) {
      const pendingName = options.pendingNames.get(entry.key);
      if (query !== '' && !matches(entry, pendingName, query)) continue;
      shown += 1;
      rows.push({
        kind: 'team',
        key: entry.key,
        instance,
        team: entry.team,
        name: pendingName ?? entry.team.name,
        pending: pendingName !== undefined,
        error: options.errors.get(entry.key) ?? null,
      });
    }
    if (query !== '') {
      // While searching, an instance without a match is noise.
      if (shown === 0) rows.length = header;
      else rows[header] = { kind: 'instance', key: `i:${instance.id}`, instance, shown };
      continue;
    }
    rows[header] = { kind: 'instance', key: `i:${instance.id}`, instance, shown };
    if (shown === 0 && !showsError(instance)) {
      rows.push({ kind: 'note', key: `n:${instance.id}`, instance, text: emptyText(instance) });
    }
  }
  return rows;
}

function matches(entry: IndexedTeam, pendingName: string | undefined, query: string): boolean {
  if (entry.haystack.includes(query)) return true;
  return pendingName !== undefined && pendingName.toLowerCase().includes(query);
}

/** The header already explains a broken instance; a note under it would say it twice. */
export function showsError(instance: InstanceView): boolean {
  return instance.error !== null && instance.status !== 'ok' && instance.status !== 'loading';
}

function emptyText(instance: InstanceView): string {
  switch (instance.status) {
    case 'loading':
      return 'Loading teams…';
    case 'ok':
      return 'No teams here yet. Create one in FlowFuse, then refresh.';
    case 'unauthorized':
    case 'token_unavailable':
      return 'Teams show up again once a new token is saved.';
    case 'unreachable':
    case 'error':
      return 'No teams to show until the server answers.';
  }
}

export function countTeams(instances: readonly InstanceView[]): number {
  return instances.reduce((sum, instance) => sum + instance.teams.length, 0);
}
