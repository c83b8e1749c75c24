/**
 * The list the popover shows is one flat array (account headers, team rows, empty notes) so one
 * windowed list can show 2,000 teams across many accounts. Everything here is pure.
 */
import { accountNeedsToken } from '../../common/attention';
import type { Pin } from '../../common/pins';
import type { Account, Team } from '../../common/state';
import { childBlockKey, childCounts, FIRST_ROWS, type ChildBlockRow } from './child-block';
import { asBuilt, type RowMemo } from './row-memo';
import {
  childRows,
  revealsChildren,
  visibleChildren,
  visibleTally,
  type ChildListOptions,
  type ChildRow,
  type Children,
  type ChildTally,
} from './runtime-rows';
import { childrenMayMatch, teamSearchKeys, type TeamSearchKeys } from './search-keys';
import type { SearchNarrowing } from './search-narrowing';
import { addCounts, teamBlockIndex, teamBlockKey, type TeamsBlockRow } from './team-blocks';

const NO_CHILDREN = { instances: [], devices: [] } as const;

export type Row =
  | AccountRow
  | TeamRow
  | NoteRow
  | ChildRow
  | ChildBlockRow
  | TeamsBlockRow
  | PinsHeadingRow
  | PinGoneRow;

/** "Pinned · 3" over the pinned items at the top of the list (pin-rows.ts). */
export interface PinsHeadingRow {
  readonly kind: 'pins-heading';
  readonly key: string;
  readonly text: string;
}

/** A pinned item the server no longer lists: its name when pinned, and a way to unpin it. */
export interface PinGoneRow {
  readonly kind: 'pin-gone';
  readonly key: string;
  readonly account: Account;
  readonly pin: Pin;
  readonly text: string;
}

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
  /**
   * The name to show: while a rename is on its way, the one typed (the renderer's draft, until
   * main's patch) or the one main sent (the team's pendingName); else the saved one.
   */
  readonly name: string;
  /** A rename is on its way ("Saving…"). */
  readonly pending: boolean;
  /** Why the last rename of this team failed, until the next attempt. */
  readonly error: string | null;
  /** Its instances and devices are listed under it (expanded, or shown by a search or filter). */
  readonly open: boolean;
  /** The user expanded it (the chevron). */
  readonly expanded: boolean;
  /** In the pinned section: where it is (its account), shown under its name. */
  readonly context?: string;
}

export interface NoteRow {
  readonly kind: 'note';
  readonly key: string;
  readonly account: Account;
  readonly text: string;
}

/** Account ids are UUIDs, so the first slash splits the key unambiguously. */
export const teamKey = (accountId: string, teamId: string): string => `${accountId}/${teamId}`;

export interface RowOptions {
  readonly query: string;
  /** Names typed for a rename that is on its way to main (team key → name). */
  readonly drafts: ReadonlyMap<string, string>;
  readonly errors: ReadonlyMap<string, string>;
  /** Team keys the user expanded. */
  readonly expanded?: ReadonlySet<string>;
  /** Team keys the user closed although the search or the filter revealed their children. */
  readonly collapsed?: ReadonlySet<string>;
  /** Only what needs the user: crashed instances, offline devices (when they count), tokens. */
  readonly attentionOnly?: boolean;
  readonly now?: number;
  /** Offline devices count as needing the user. */
  readonly devicesCount?: boolean;
  /** `…/i` and `…/d` keys of teams whose every instance or device is listed (Show all). */
  readonly shownInFull?: ReadonlySet<string>;
  /** Keeps each row the last build's object while it shows the same (row-memo.ts): one per list. */
  readonly memo?: RowMemo;
  /**
   * Team keys the list has in its window: an open team's rows are built when it is one of them
   * (or in the first FIRST_ROWS rows, opened by the user, or the last), else a block stands for
   * them (child-block.ts). Without it, every open team's rows are built.
   */
  readonly childrenIn?: ReadonlySet<string>;
  /**
   * Remembers which teams each query showed, so a query that holds one answered before walks
   * only those (search-narrowing.ts): one per list, as the memo.
   */
  readonly narrowing?: SearchNarrowing;
}

export function buildRows(accounts: readonly Account[], options: RowOptions): Row[] {
  const query = options.query.trim().toLowerCase();
  const attentionOnly = options.attentionOnly ?? false;
  const filtering = query !== '' || attentionOnly;
  const now = options.now ?? Date.now();
  const devicesCount = options.devicesCount ?? false;
  options.memo?.begin();
  const keep = options.memo?.keep ?? asBuilt;
  const rows: Row[] = [];
  /** The last block: built after all when it ends the list (End goes to its last row). */
  let last: LastBlock | null = null;
  /** The last teams block, with its teams: built after all when it ends the list. */
  let lastTeams: { readonly row: TeamsBlockRow; readonly teams: readonly ShownTeam[] } | null =
    null;
  const { narrowing, childrenIn, drafts } = options;
  /** A team's key is needed in the walk only when a draft, an opened or a closed team may name it. */
  const keyed =
    drafts.size > 0 || (options.expanded?.size ?? 0) > 0 || (options.collapsed?.size ?? 0) > 0;
  const shownInFullSome = (options.shownInFull?.size ?? 0) > 0;
  const context = { drafts: options.drafts, attentionOnly, now, devicesCount };
  /** What an open team's rows are built with. */
  const listOptionsOf = (team: Team, children: Children): ChildListOptions => ({
    now,
    // visibleChildren hands back the team's own lists unless a search or the filter narrowed
    // them: then they are matches, and every match shows.
    everyMatch: children !== team.runtime && children !== NO_CHILDREN,
    ...(options.shownInFull === undefined ? {} : { shownInFull: options.shownInFull }),
  });
  /** A shown team's row, and under it, when open, its rows or the block for them. */
  const pushTeam = (account: Account, shownTeam: ShownTeam): void => {
    const { team, shownName, expanded, open } = shownTeam;
    const key = shownTeam.key ?? teamKey(account.id, team.id);
    // Counted, not listed, while it stood in a block: listed now.
    const children =
      shownTeam.children ??
      visibleChildren(team.runtime, {
        query,
        teamMatched: shownTeam.teamMatched,
        attentionOnly,
        now,
        devicesCount,
      });
    const pending = options.drafts.has(key) || team.pendingName !== null;
    const error = options.errors.get(key) ?? null;
    // The last build's row, when it holds these very objects and values: kept without a new
    // object to build and compare (most rows of most keystrokes).
    const before = options.memo?.before(key) as TeamRow | undefined;
    if (
      before !== undefined &&
      before.team === team &&
      before.account === account &&
      before.name === shownName &&
      before.pending === pending &&
      before.error === error &&
      before.open === open &&
      before.expanded === expanded &&
      before.context === undefined
    ) {
      rows.push(options.memo?.keepAsIs(before) ?? before);
    } else {
      rows.push(
        keep({
          kind: 'team',
          key,
          account,
          team,
          name: shownName,
          pending,
          error,
          open,
          expanded,
        }),
      );
    }
    if (!open) return;
    const listOptions = listOptionsOf(team, children);
    const built =
      childrenIn === undefined || expanded || rows.length < FIRST_ROWS || childrenIn.has(key);
    if (built) {
      for (const child of childRows(account, team, children, listOptions)) rows.push(keep(child));
    } else {
      rows.push(keep(childBlock(account, team, key, children, listOptions)));
      last = { at: rows.length - 1, account, team, children, listOptions };
    }
  };
  for (const account of accounts) {
    const header = rows.length;
    rows.push({ kind: 'account', key: `a:${account.id}`, account, shown: 0 });
    let shown = 0;
    const teams =
      filtering && narrowing !== undefined
        ? narrowing.candidates(account, query, context)
        : account.teams;
    const shownTeams: Team[] = [];
    // The teams gathered into a block (team-blocks.ts), not built: which block, from which
    // team shown, and how many rows of each kind they would list.
    let gathered: ShownTeam[] = [];
    let gatheredBlock = 0;
    let gatheredFrom = 0;
    let gatheredCounts: Partial<Record<string, number>> = {};
    const pushGathered = (): void => {
      if (gathered.length === 0) return;
      const block = teamBlockKey(account.id, gatheredBlock);
      const row = keep<TeamsBlockRow>({
        kind: 'teams',
        key: `${block}/${gatheredFrom}`,
        account,
        block,
        counts: gatheredCounts,
      });
      rows.push(row);
      lastTeams = { row, teams: gathered };
      gathered = [];
      gatheredCounts = {};
    };
    // Whether the block being walked is one the list has had in its window (once per block).
    let checkedBlock = -1;
    let blockBuilt = false;
    for (const team of teams) {
      // Its key only when a draft, an opened or a closed team may name it (a team in a block
      // needs none: #30, a keystroke at 5,000 teams).
      const key = keyed ? teamKey(account.id, team.id) : null;
      const shownName =
        (key === null ? undefined : drafts.get(key)) ?? team.pendingName ?? team.name;
      const keys = query === '' ? null : teamSearchKeys(team);
      const teamMatched = keys === null || matches(team, keys, shownName, query);
      const expanded = key !== null && (options.expanded?.has(key) ?? false);
      // Whether its row would be built, known before its children are looked at: outside the
      // first rows, not opened by the user, and in a block the list has not had in its window,
      // it is counted into the block, not built (team-blocks.ts), and so are its children.
      const block = teamBlockIndex(shown);
      if (childrenIn !== undefined && block !== checkedBlock) {
        checkedBlock = block;
        blockBuilt = childrenIn.has(teamBlockKey(account.id, block));
      }
      const inBlock =
        childrenIn !== undefined && !expanded && rows.length >= FIRST_ROWS && !blockBuilt;
      // Only a team that is open, or whose children the search or the filter may reveal, has
      // them looked at (a team whose own name matched shows them only when open).
      // A team none of whose instances' and devices' names holds the query has none to show
      // (search-keys.ts: one comparison, not one per item).
      let children: Children | ChildTally = NO_CHILDREN;
      let revealed = false;
      if (
        expanded ||
        attentionOnly ||
        (keys !== null && !teamMatched && childrenMayMatch(keys, query))
      ) {
        const childOptions = { query, teamMatched, attentionOnly, now, devicesCount };
        children = inBlock
          ? visibleTally(team.runtime, childOptions)
          : visibleChildren(team.runtime, childOptions);
        revealed = revealsChildren(children, childOptions);
      }
      if (attentionOnly ? !revealed : !teamMatched && !revealed) continue;
      const index = shown;
      shown += 1;
      if (filtering) shownTeams.push(team);
      const open =
        expanded || (revealed && !(key !== null && (options.collapsed?.has(key) ?? false)));
      const shownTeam: ShownTeam = {
        team,
        key,
        shownName,
        teamMatched,
        expanded,
        open,
        children: isTally(children) ? null : children,
      };
      if (inBlock) {
        if (gathered.length > 0 && block !== gatheredBlock) pushGathered();
        if (gathered.length === 0) {
          gatheredBlock = block;
          gatheredFrom = index;
        }
        gathered.push(shownTeam);
        gatheredCounts.team = (gatheredCounts.team ?? 0) + 1;
        if (open) {
          // The prefix names its Show all: read only when some list is shown in full.
          const prefix = shownInFullSome ? (key ?? teamKey(account.id, team.id)) : '';
          addCounts(
            gatheredCounts,
            childCounts(team, children, {
              // Not opened by the user: its children are the search's or the filter's matches.
              everyMatch: true,
              ...(options.shownInFull === undefined ? {} : { shownInFull: options.shownInFull }),
              prefix,
            }),
          );
        }
        continue;
      }
      pushGathered();
      pushTeam(account, shownTeam);
    }
    pushGathered();
    if (filtering) {
      narrowing?.record(account, query, context, shownTeams);
      // While searching or filtering, an account with nothing to show is noise, unless it is
      // itself what needs the user (its token).
      const kept =
        shown > 0 || (attentionOnly && query === '' && accountNeedsToken(account.status));
      if (!kept) rows.length = header;
      else rows[header] = keep({ kind: 'account', key: `a:${account.id}`, account, shown });
      continue;
    }
    rows[header] = keep({ kind: 'account', key: `a:${account.id}`, account, shown });
    // The header names the teams that could not be read: "no teams here" would contradict it.
    if (shown === 0 && !showsError(account) && account.teamsLeftOut === null) {
      rows.push(keep({ kind: 'note', key: `n:${account.id}`, account, text: emptyText(account) }));
    }
  }
  // The list ends with a block of teams (nothing after it but accounts' headers and notes, which
  // take no focus): its teams are built after all, so End goes to the last team.
  const endsWith = lastTeams as { readonly row: TeamsBlockRow; teams: readonly ShownTeam[] } | null;
  const teamsAt = endsWith === null ? -1 : rows.lastIndexOf(endsWith.row);
  if (endsWith !== null && teamsAt !== -1 && onlyHeadersFrom(rows, teamsAt + 1)) {
    const tail = rows.splice(teamsAt).slice(1);
    for (const shownTeam of endsWith.teams) pushTeam(endsWith.row.account, shownTeam);
    rows.push(...tail);
  }
  const lastBlock = last as LastBlock | null;
  if (
    lastBlock !== null &&
    rows[lastBlock.at]?.kind === 'children' &&
    onlyHeadersFrom(rows, lastBlock.at + 1)
  ) {
    const tail = rows.splice(lastBlock.at).slice(1);
    const { account, team, children, listOptions } = lastBlock;
    for (const child of childRows(account, team, children, listOptions)) rows.push(keep(child));
    rows.push(...tail);
  }
  return rows;
}

/** Whether the rows from `at` on are only accounts' headers and notes (none takes the focus). */
function onlyHeadersFrom(rows: readonly Row[], at: number): boolean {
  for (let index = at; index < rows.length; index += 1) {
    const kind = rows[index]?.kind;
    if (kind !== 'account' && kind !== 'note') return false;
  }
  return true;
}

/** A team the search or the filter shows, and what its rows are built from. */
interface ShownTeam {
  readonly team: Team;
  /** Its key, when the walk needed it (else worked out when its row is built). */
  readonly key: string | null;
  readonly teamMatched: boolean;
  readonly shownName: string;
  readonly expanded: boolean;
  readonly open: boolean;
  /** Null when they were only counted (it stood in a block): listed when it is built. */
  readonly children: Children | null;
}

interface LastBlock {
  readonly at: number;
  readonly account: Account;
  readonly team: Team;
  readonly children: Children;
  readonly listOptions: ChildListOptions;
}

/** The stand-in for an open team's rows outside the window (child-block.ts). */
function childBlock(
  account: Account,
  team: Team,
  key: string,
  children: Children,
  options: ChildListOptions,
): ChildBlockRow {
  return {
    kind: 'children',
    key: childBlockKey(key),
    account,
    team,
    counts: childCounts(team, children, { ...options, prefix: key }),
  };
}

/** By its name or slug, or by the name a rename on its way gives it. */
function matches(team: Team, keys: TeamSearchKeys, shownName: string, query: string): boolean {
  if (keys.own.includes(query)) return true;
  return shownName !== team.name && shownName.toLowerCase().includes(query);
}

/** Counted children (visibleTally), not listed ones. */
function isTally(children: Children | ChildTally): children is ChildTally {
  return typeof children.instances === 'number';
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
