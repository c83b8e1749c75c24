/**
 * Last-known teams per account, in their own file (`teams-cache.json`) so the popover has
 * something to show at once on start. Nothing secret lives here. It is a cache: a damaged file
 * is moved aside like the settings file, a failed write is logged and forgotten, and what it
 * keeps is capped so a server with thousands of teams cannot grow it without end: 1,000 teams
 * and TEAMS_BUDGET characters per account, 100 accounts, and TEAMS_CACHE_FILE_BUDGET for the
 * whole file (the accounts refreshed longest ago go first, and the log says how many).
 *
 * Each team is kept as the model lists it (main/model/facts.ts: ListedTeam). Files written by
 * 0.1.0 and 0.2.0 kept the server's shape (`avatar`, `type`); such a team is read into the
 * model's shape, by the same rules as a team from the server.
 */
import * as v from 'valibot';
import { isAvatarUrl } from '../../common/avatar-hosts';
import { asTeamId } from '../../common/brand';
import { TEAMS_BUDGET } from '../flowfuse/list-caps';
import { lenient, teamSchema, text as serverText } from '../flowfuse/schemas';
import type { ListedTeam } from '../model/facts';
import { listedTeam } from '../teams/team-view';
import type { ConfLike, StoreFactory } from './store-factory';
import type { Logger } from '../log';
import { TEAMS_CACHE_MIGRATIONS } from './migrations';
import { gatherWrites } from '../base/gathered-writes';
import { retainKeys, type CacheOptions } from './cache-options';
import { openStore, type StoreRecovery } from './open-store';
import { isRecord } from './sanitize';
import type { CachedTeams, TeamsCache } from './types';

export const TEAMS_CACHE_CONFIG_NAME = 'teams-cache';
export const MAX_CACHED_TEAMS = 1000;
export const MAX_CACHED_ACCOUNTS = 100;
/** The whole file, in characters of JSON: a few accounts at their budget (as the runtime cache). */
export const TEAMS_CACHE_FILE_BUDGET = 4 * TEAMS_BUDGET;
/** How long the app lets cache writes gather before it writes the file once (gathered-writes.ts). */
export const TEAMS_CACHE_SAVE_DELAY_MS = 200;

const TEAMS_CACHE_SCHEMA: Readonly<Record<string, object>> = {
  entries: { type: 'object' },
};

export interface FileTeamsCache extends TeamsCache {
  /** Drops entries of accounts that are no longer saved. */
  retain(ids: readonly string[]): void;
  /** Writes a change that is still waiting (the core calls this when it is disposed, on quit). */
  flush(): void;
}

/** `saveDelayMs` 0 writes at once; more gathers the changes of that many ms into one write. */
function createTeamsCache(store: ConfLike, log: Logger, saveDelayMs = 0): FileTeamsCache {
  const raw = store.get('entries');
  const entries = sanitizeEntries(raw);
  reportDropped(log, evictOldest(entries));
  const serialised = (): Record<string, CachedTeams> => Object.fromEntries(entries);
  const writes = gatherWrites(() => {
    try {
      store.set('entries', serialised());
    } catch (error) {
      // Only a cache: the teams are fetched again next time.
      log.warn('teams cache: could not write', { error });
    }
  }, saveDelayMs);

  // Write back what was dropped or capped on load, so the file stays small.
  if (JSON.stringify(raw) !== JSON.stringify(serialised())) writes.now();
  const { changed, flush } = writes;

  return {
    read: (id) => entries.get(id),
    write(id, entry) {
      const clean = sanitizeEntry(entry);
      if (clean === null) {
        log.warn('teams cache: refused an entry that does not look like teams', { id });
        return;
      }
      // Re-insert so the newest write is last, then evict the least recently refreshed.
      entries.delete(id);
      entries.set(id, clean);
      reportDropped(log, evictOldest(entries));
      changed();
    },
    delete(id) {
      if (entries.delete(id)) changed();
    },
    retain(ids) {
      if (retainKeys(entries, ids)) changed();
    },
    flush,
  };
}

export interface OpenedTeamsCache {
  readonly cache: FileTeamsCache;
  readonly path: string;
  readonly recovery: StoreRecovery | null;
}

export function openTeamsCache(factory: StoreFactory, options: CacheOptions): OpenedTeamsCache {
  const { store, recovery } = openStore(factory, {
    configName: TEAMS_CACHE_CONFIG_NAME,
    schema: TEAMS_CACHE_SCHEMA,
    defaults: { entries: {} },
    migrations: TEAMS_CACHE_MIGRATIONS,
    ...options,
  });
  return {
    cache: createTeamsCache(store, options.log, options.saveDelayMs),
    path: store.path,
    recovery,
  };
}

function sanitizeEntries(raw: unknown): Map<string, CachedTeams> {
  const entries = new Map<string, CachedTeams>();
  if (!isRecord(raw)) return entries;
  for (const [id, value] of Object.entries(raw)) {
    const entry = sanitizeEntry(value);
    if (entry !== null) entries.set(id, entry);
  }
  return entries;
}

/** Each entry's size in characters of JSON, worked out once per entry object. */
const sizes = new WeakMap<CachedTeams, number>();
function sizeOf(entry: CachedTeams): number {
  let size = sizes.get(entry);
  if (size === undefined) {
    size = JSON.stringify(entry).length;
    sizes.set(entry, size);
  }
  return size;
}

interface Dropped {
  readonly accounts: number;
  readonly teams: number;
}

function reportDropped(log: Logger, dropped: Dropped): void {
  if (dropped.accounts === 0) return;
  log.warn('teams cache: left out the accounts refreshed longest ago, past its bounds', {
    ...dropped,
    maxAccounts: MAX_CACHED_ACCOUNTS,
    fileBudget: TEAMS_CACHE_FILE_BUDGET,
  });
}

/**
 * Past MAX_CACHED_ACCOUNTS accounts or TEAMS_CACHE_FILE_BUDGET characters, drops the accounts
 * refreshed longest ago (they are listed again at their next refresh); says what it dropped.
 */
function evictOldest(entries: Map<string, CachedTeams>): Dropped {
  let total = 0;
  for (const entry of entries.values()) total += sizeOf(entry);
  let accounts = 0;
  let teams = 0;
  while (entries.size > MAX_CACHED_ACCOUNTS || total > TEAMS_CACHE_FILE_BUDGET) {
    let oldest: string | undefined;
    let oldestAt = Infinity;
    for (const [id, entry] of entries) {
      if (entry.lastSuccessAt < oldestAt) {
        oldest = id;
        oldestAt = entry.lastSuccessAt;
      }
    }
    const entry = oldest === undefined ? undefined : entries.get(oldest);
    if (oldest === undefined || entry === undefined) break;
    entries.delete(oldest);
    total -= sizeOf(entry);
    accounts += 1;
    teams += entry.teams.length;
  }
  return { accounts, teams };
}

function sanitizeEntry(raw: unknown): CachedTeams | null {
  if (!isRecord(raw) || !Array.isArray(raw.teams)) return null;
  const { lastSuccessAt } = raw;
  if (typeof lastSuccessAt !== 'number' || !Number.isFinite(lastSuccessAt) || lastSuccessAt < 0) {
    return null;
  }
  const teams: ListedTeam[] = [];
  // An account keeps what its list keeps from the server: its teams up to TEAMS_BUDGET.
  let size = 0;
  for (const item of raw.teams as readonly unknown[]) {
    if (teams.length >= MAX_CACHED_TEAMS) break;
    const team = sanitizeTeam(item);
    if (team === null) continue;
    size += JSON.stringify(team).length;
    if (size > TEAMS_BUDGET) break;
    teams.push(team);
  }
  return { teams, lastSuccessAt, version: text(raw.version, 100) };
}

/** A team as this version keeps it: the rules of a team from the API, in the model's shape. */
const listedTeamSchema = v.object({
  ...v.pick(teamSchema, [
    'id',
    'name',
    'slug',
    'role',
    'instanceCount',
    'memberCount',
    'deviceCount',
  ]).entries,
  typeName: lenient(serverText),
  avatarUrl: teamSchema.entries.avatar,
});

/**
 * A cached team passes the same rules as a team from the API: in this version's shape, or in the
 * server's (0.1.0 and 0.2.0 kept that), read as a team from the server is.
 */
function sanitizeTeam(raw: unknown): ListedTeam | null {
  if (isRecord(raw) && ('typeName' in raw || 'avatarUrl' in raw)) {
    const parsed = v.safeParse(listedTeamSchema, raw);
    if (!parsed.success) return null;
    const team = parsed.output;
    const avatarUrl =
      team.avatarUrl !== null && isAvatarUrl(team.avatarUrl) ? team.avatarUrl : null;
    return { ...team, id: asTeamId(team.id), avatarUrl };
  }
  const parsed = v.safeParse(teamSchema, raw);
  return parsed.success ? listedTeam(parsed.output) : null;
}

function text(value: unknown, max: number): string | null {
  return typeof value === 'string' && value !== '' && value.length <= max ? value : null;
}
