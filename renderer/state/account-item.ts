/**
 * The renderer's own account and team objects, built once from what crosses the bridge (an
 * AccountView with its TeamTable of columns): a record per team with its account id, the host for
 * display. What a role may do is asked of common/roles.ts where it is needed, not stored here.
 */
import type { AccountId } from '../../common/brand';
import type { AccountMeta, TeamTable } from '../../common/model';
import { teamsOf, type TeamRecord } from '../../common/team-table';

export interface Team extends TeamRecord {
  readonly accountId: AccountId;
}

export interface Account extends AccountMeta {
  /** Host (and port) for display. */
  readonly host: string;
  readonly teams: readonly Team[];
}

/** The teams of one table, each with its account id (added to the fresh records, not copied). */
export function teamsFromTable(accountId: AccountId, table: TeamTable): Team[] {
  return teamsOf(table).map((team) => Object.assign(team, { accountId }));
}

export function accountItem(meta: AccountMeta, teams: readonly Team[]): Account {
  return { ...meta, host: hostOf(meta.origin), teams };
}

function hostOf(origin: string): string {
  try {
    return new URL(origin).host;
  } catch {
    return origin;
  }
}
