/**
 * Last-known instances and devices per account and team, in their own file
 * (`runtime-cache.json`), so the popover shows them at once on start, with their age. Nothing
 * secret lives here. Like the teams cache: a damaged file is moved aside, a failed write is
 * logged and forgotten, and what it keeps is capped: the lists as main caps them, each account
 * within its budget (main/runtime/budget.ts), and the whole file within FILE_BUDGET.
 */
import * as v from 'valibot';
import { asDeviceId, asInstanceId } from '../../common/brand';
import type { ConfLike, StoreFactory } from './store-factory';
import type { Logger } from '../log';
import {
  MAX_DEVICES_PER_TEAM,
  MAX_INSTANCES_PER_TEAM,
  MAX_TEAMS_PER_ACCOUNT,
} from '../flowfuse/list-caps';
import { ACCOUNT_RUNTIME_BUDGET, withinBudget } from '../runtime/budget';
import type { TeamReading } from '../model/facts';
import { gatherWrites } from '../base/gathered-writes';
import { retainKeys, type CacheOptions } from './cache-options';
import { openStore } from './open-store';
import { isRecord } from './sanitize';
import { HISTORY_MAX, HISTORY_TEXT_MAX } from '../model/history';

export const RUNTIME_CACHE_CONFIG_NAME = 'runtime-cache';
const MAX_TEAMS = MAX_TEAMS_PER_ACCOUNT;
/** The whole file, in characters of JSON: a few accounts at their budget. */
export const RUNTIME_CACHE_FILE_BUDGET = 4 * ACCOUNT_RUNTIME_BUDGET;

const text = v.pipe(v.string(), v.maxLength(1024));
const id = v.pipe(v.string(), v.minLength(1), v.maxLength(200));
const when = v.pipe(v.number(), v.finite());
const clipped = v.pipe(
  v.string(),
  v.transform((value) => value.slice(0, HISTORY_TEXT_MAX)),
);
// Absent in a file written before Teamtray kept histories (6ff080c and earlier): none yet.
const history = v.optional(
  v.pipe(
    v.array(v.object({ at: when, state: clipped, by: v.optional(clipped) })),
    v.transform((entries) => entries.slice(-HISTORY_MAX)),
  ),
  [],
);
const cachedInstance = v.object({
  id: v.pipe(id, v.transform(asInstanceId)),
  name: text,
  url: v.nullable(v.pipe(v.string(), v.maxLength(2048))),
  application: v.nullable(text),
  state: v.pipe(v.string(), v.maxLength(64)),
  // Absent in a file written before Teamtray read the audit log: nothing known yet.
  lastAction: v.optional(
    v.nullable(
      v.object({
        event: v.pipe(v.string(), v.maxLength(100)),
        at: v.nullable(when),
        by: v.nullable(text),
        // FlowFuse 2.32+: made with a token. Absent in files written before Teamtray read it.
        viaApi: v.optional(v.boolean()),
      }),
    ),
    null,
  ),
  history,
});
const cachedDevice = v.object({
  id: v.pipe(id, v.transform(asDeviceId)),
  name: text,
  lastSeenAt: v.nullable(when),
  state: v.nullable(v.pipe(v.string(), v.maxLength(64))),
  onlineStatus: v.nullable(v.pipe(v.string(), v.maxLength(64))),
  // Cached since developer mode could be changed from Teamtray; older caches have none.
  mode: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(64))), null),
  // Absent in a file written before Teamtray read devices' snapshots (6ff080c and earlier).
  activeSnapshot: v.optional(v.nullable(text), null),
  targetSnapshot: v.optional(v.nullable(text), null),
  notOnTargetSince: v.optional(v.nullable(when), null),
  history,
});

const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const leftOut = v.object({
  unread: v.pipe(v.array(v.pipe(v.string(), v.maxLength(100))), v.maxLength(3)),
  unreadCount: count,
  more: count,
});

export interface CachedRuntime extends TeamReading {
  readonly fetchedAt: number;
}

export interface RuntimeCache {
  /** Every cached team of an account, by team id. */
  read(accountId: string): ReadonlyMap<string, CachedRuntime>;
  write(accountId: string, teamId: string, entry: CachedRuntime): void;
  /** Keeps only these teams of the account. */
  retainTeams(accountId: string, teamIds: readonly string[]): void;
  delete(accountId: string): void;
  /** Drops accounts that are no longer saved. */
  retain(accountIds: readonly string[]): void;
  flush(): void;
}

export function openRuntimeCache(factory: StoreFactory, options: CacheOptions): RuntimeCache {
  const { store } = openStore(factory, {
    configName: RUNTIME_CACHE_CONFIG_NAME,
    schema: { accounts: { type: 'object' } },
    defaults: { accounts: {} },
    migrations: {},
    ...options,
  });
  return createRuntimeCache(store, options.log, options.saveDelayMs ?? 0);
}

function createRuntimeCache(store: ConfLike, log: Logger, saveDelayMs: number): RuntimeCache {
  const accounts = sanitizeAccounts(store.get('accounts'));
  const sizes = createSizes();
  // A file written by hand or by an older build is cut to the budgets as it is read.
  for (const [accountId, teams] of accounts) {
    for (const [teamId, entry] of teams) teams.set(teamId, fitted(accountId, teamId, entry));
  }

  /** The entry cut to what is left of its account's budget and the file's. */
  function fitted(accountId: string, teamId: string, entry: CachedRuntime): CachedRuntime {
    const { fetchedAt, ...reading } = entry;
    const cut = withinBudget(reading, sizes.allowed(accountId, teamId));
    sizes.set(accountId, teamId, cut.size);
    return { fetchedAt, ...cut.reading };
  }

  const writes = gatherWrites(() => {
    try {
      store.set(
        'accounts',
        Object.fromEntries(
          [...accounts].map(([accountId, teams]) => [accountId, Object.fromEntries(teams)]),
        ),
      );
    } catch (error) {
      log.warn('runtime cache: could not write', { error });
    }
  }, saveDelayMs);
  const { changed, flush } = writes;
  return {
    read: (accountId) => accounts.get(accountId) ?? new Map(),
    write(accountId, teamId, entry) {
      const teams = accounts.get(accountId) ?? new Map<string, CachedRuntime>();
      // A cap on the file: a new team past it is not kept (one already there is updated).
      if (!teams.has(teamId) && teams.size >= MAX_TEAMS) return;
      const clean = sanitizeTeam(entry);
      if (clean === null) return;
      teams.set(teamId, fitted(accountId, teamId, clean));
      accounts.set(accountId, teams);
      changed();
    },
    retainTeams(accountId, teamIds) {
      const teams = accounts.get(accountId);
      sizes.retainTeams(accountId, teamIds);
      if (teams !== undefined && retainKeys(teams, teamIds)) changed();
    },
    delete(accountId) {
      sizes.dropAccount(accountId);
      if (accounts.delete(accountId)) changed();
    },
    retain(accountIds) {
      const keep = new Set(accountIds);
      for (const accountId of accounts.keys())
        if (!keep.has(accountId)) sizes.dropAccount(accountId);
      if (retainKeys(accounts, accountIds)) changed();
    },
    flush,
  };
}

function sanitizeAccounts(raw: unknown): Map<string, Map<string, CachedRuntime>> {
  const accounts = new Map<string, Map<string, CachedRuntime>>();
  if (!isRecord(raw)) return accounts;
  for (const [accountId, teamsRaw] of Object.entries(raw)) {
    if (!isRecord(teamsRaw)) continue;
    const teams = new Map<string, CachedRuntime>();
    for (const [teamId, entry] of Object.entries(teamsRaw).slice(0, MAX_TEAMS)) {
      const clean = sanitizeTeam(entry);
      if (clean !== null) teams.set(teamId, clean);
    }
    accounts.set(accountId, teams);
  }
  return accounts;
}

function sanitizeTeam(raw: unknown): CachedRuntime | null {
  if (!isRecord(raw)) return null;
  const fetchedAt = v.safeParse(when, raw.fetchedAt);
  if (!fetchedAt.success) return null;
  const instancesLeftOut = v.safeParse(leftOut, raw.instancesLeftOut);
  const devicesLeftOut = v.safeParse(leftOut, raw.devicesLeftOut);
  return {
    fetchedAt: fetchedAt.output,
    instances: items(cachedInstance, raw.instances, MAX_INSTANCES_PER_TEAM),
    devices: items(cachedDevice, raw.devices, MAX_DEVICES_PER_TEAM),
    ...(instancesLeftOut.success ? { instancesLeftOut: instancesLeftOut.output } : {}),
    ...(devicesLeftOut.success ? { devicesLeftOut: devicesLeftOut.output } : {}),
  };
}

/** Each cached team's size (budget.ts), and the sums the budgets are checked against. */
function createSizes() {
  const byAccount = new Map<string, Map<string, number>>();
  const totals = new Map<string, number>();
  let file = 0;
  const drop = (accountId: string, teamId: string): void => {
    const teams = byAccount.get(accountId);
    const size = teams?.get(teamId) ?? 0;
    teams?.delete(teamId);
    totals.set(accountId, (totals.get(accountId) ?? 0) - size);
    file -= size;
  };
  return {
    /** What is left for this team: its account's budget and the file's, less every other team. */
    allowed(accountId: string, teamId: string): number {
      drop(accountId, teamId);
      const account = ACCOUNT_RUNTIME_BUDGET - (totals.get(accountId) ?? 0);
      return Math.max(0, Math.min(account, RUNTIME_CACHE_FILE_BUDGET - file));
    },
    set(accountId: string, teamId: string, size: number): void {
      drop(accountId, teamId);
      const teams = byAccount.get(accountId) ?? new Map<string, number>();
      byAccount.set(accountId, teams);
      teams.set(teamId, size);
      totals.set(accountId, (totals.get(accountId) ?? 0) + size);
      file += size;
    },
    retainTeams(accountId: string, teamIds: readonly string[]): void {
      const keep = new Set(teamIds);
      for (const teamId of [...(byAccount.get(accountId)?.keys() ?? [])]) {
        if (!keep.has(teamId)) drop(accountId, teamId);
      }
    },
    dropAccount(accountId: string): void {
      for (const teamId of [...(byAccount.get(accountId)?.keys() ?? [])]) drop(accountId, teamId);
      byAccount.delete(accountId);
      totals.delete(accountId);
    },
  };
}

function items<S extends v.GenericSchema>(
  schema: S,
  raw: unknown,
  max: number,
): v.InferOutput<S>[] {
  if (!Array.isArray(raw)) return [];
  const valid: v.InferOutput<S>[] = [];
  for (const item of raw as readonly unknown[]) {
    if (valid.length >= max) break;
    const parsed = v.safeParse(schema, item);
    if (parsed.success) valid.push(parsed.output);
  }
  return valid;
}
