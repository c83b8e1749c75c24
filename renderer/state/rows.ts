/**
 * The list the popover shows is one flat array (account headers, team rows, empty notes) so one
 * windowed list can show 2,000 teams across many accounts. Everything here is pure.
 */
import { accountNeedsToken } from '../../common/attention';
import type { Account, Team } from './account-item';
import { childRows, revealsChildren, visibleChildren, type ChildRow } from './runtime-rows';
import type { TeamRuntimeView } from './runtime-view';

const NO_CHILDREN = { instances: [], devices: [] } as const;

export type Row = AccountRow | TeamRow | NoteRow | ChildRow;

export interface AccountRow {
  readonly kind: 'account';
  readonly key: string;
  readonly account: Account;
  /** Teams of this account shown under it (after the search). */
  readonly shown: number;
}

export interface TeamRow {
  readonly kind: 'team';
  readonly key: string;
  readonly account: Account;
  readonly team: Team;
  /** The name to show: the optimistic one while a rename is in flight. */
  readonly name: string;
  readonly pending: boolean;
  /** Why the last rename of this team failed, until the next attempt. */
  readonly error: string | null;
  /** Its instances and devices, when known (cached or read). */
  readonly runtime: TeamRuntimeView | undefined;
  /** Its instances and devices are listed under it (expanded, or shown by a search or filter). */
  readonly open: boolean;
  /** The user expanded it (the chevron). */
  readonly expanded: boolean;
}

export interface NoteRow {
  readonly kind: 'note';
  readonly key: string;
  readonly account: Account;
  readonly text: string;
}

/** Account ids are UUIDs, so the first slash splits the key unambiguously. */
export const teamKey = (accountId: string, teamId: string): string => `${accountId}/${teamId}`;

/** A lower-cased name and slug per team, built once per state so a keystroke only compares. */
export interface IndexedAccount {
  readonly account: Account;
  readonly teams: readonly IndexedTeam[];
}

interface IndexedTeam {
  readonly key: string;
  readonly team: Team;
  readonly haystack: string;
}

export function indexAccounts(accounts: readonly Account[]): IndexedAccount[] {
  return accounts.map((account) => ({
    account,
    teams: account.teams.map((team) => ({
      key: teamKey(account.id, team.id),
      team,
      haystack: `${team.name}\n${team.slug}`.toLowerCase(),
    })),
  }));
}

export interface RowOptions {
  readonly query: string;
  readonly pendingNames: ReadonlyMap<string, string>;
  readonly errors: ReadonlyMap<string, string>;
  /** Team keys the user expanded. */
  readonly expanded?: ReadonlySet<string>;
  /** Team keys the user closed although the search or the filter revealed their children. */
  readonly collapsed?: ReadonlySet<string>;
  /** A team's instances and devices, when known. */
  readonly runtimeOf?: (accountId: string, teamId: string) => TeamRuntimeView | undefined;
  /** Only what needs the user: crashed instances, offline devices (when they count), tokens. */
  readonly attentionOnly?: boolean;
  readonly now?: number;
  /** Offline devices count as needing the user. */
  readonly devicesCount?: boolean;
  /** `…/i` and `…/d` keys of teams whose every instance or device is listed (Show all). */
  readonly shownInFull?: ReadonlySet<string>;
}

export function buildRows(index: readonly IndexedAccount[], options: RowOptions): Row[] {
  const query = options.query.trim().toLowerCase();
  const attentionOnly = options.attentionOnly ?? false;
  const filtering = query !== '' || attentionOnly;
  const now = options.now ?? Date.now();
  const devicesCount = options.devicesCount ?? false;
  const rows: Row[] = [];
  for (const { account, teams } of index) {
    const header = rows.length;
    rows.push({ kind: 'account', key: `i:${account.id}`, account, shown: 0 });
    let shown = 0;
    for (const entry of teams) {
      const pendingName = options.pendingNames.get(entry.key);
      const teamMatched = query === '' || matches(entry, pendingName, query);
      const runtime = options.runtimeOf?.(account.id, entry.team.id);
      const expanded = options.expanded?.has(entry.key) ?? false;
      const childOptions = { query, teamMatched, attentionOnly, now, devicesCount };
      // Only a team that is open, or whose children the search or the filter may reveal, has
      // them looked at (a team whose own name matched shows them only when open).
      const children =
        expanded || attentionOnly || (query !== '' && !teamMatched)
          ? visibleChildren(runtime, childOptions)
          : NO_CHILDREN;
      const revealed = revealsChildren(children, childOptions);
      if (attentionOnly ? !revealed : !teamMatched && !revealed) continue;
      shown += 1;
      const open = expanded || (revealed && !(options.collapsed?.has(entry.key) ?? false));
      rows.push({
        kind: 'team',
        key: entry.key,
        account,
        team: entry.team,
        name: pendingName ?? entry.team.name,
        pending: pendingName !== undefined,
        error: options.errors.get(entry.key) ?? null,
        runtime,
        open,
        expanded,
      });
      if (open) {
        rows.push(
          ...childRows(account, entry.team, runtime, children, {
            now,
            ...(options.shownInFull === undefined ? {} : { shownInFull: options.shownInFull }),
          }),
        );
      }
    }
    if (filtering) {
      // While searching or filtering, an account with nothing to show is noise, unless it is
      // itself what needs the user (its token).
      const keep =
        shown > 0 || (attentionOnly && query === '' && accountNeedsToken(account.status));
      if (!keep) rows.length = header;
      else rows[header] = { kind: 'account', key: `i:${account.id}`, account, shown };
      continue;
    }
    rows[header] = { kind: 'account', key: `i:${account.id}`, account, shown };
    // The header names the teams that could not be read: "no teams here" would contradict it.
    if (shown === 0 && !showsError(account) && account.teamsLeftOut === undefined) {
      rows.push({ kind: 'note', key: `n:${account.id}`, account, text: emptyText(account) });
    }
  }
  return rows;
}

function matches(entry: IndexedTeam, pendingName: string | undefined, query: string): boolean {
  if (entry.haystack.includes(query)) return true;
  return pendingName !== undefined && pendingName.toLowerCase().includes(query);
}

/** The header already explains a broken account; a note under it would say it twice. */
export function showsError(account: Account): boolean {
  return account.error !== null && account.status !== 'ok' && account.status !== 'loading';
}

function emptyText(account: Account): string {
  switch (account.status) {
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

export function countTeams(accounts: readonly Account[]): number {
  return accounts.reduce((sum, account) => sum + account.teams.length, 0);
}
