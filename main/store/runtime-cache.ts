/**
 * Last-known instances and devices per account and team, in their own file
 * (`runtime-cache.json`), so the popover shows them at once on start, with their age. Nothing
 * secret lives here. Like the teams cache: a damaged file is moved aside, a failed write is
 * logged and forgotten, and what it keeps is capped.
 */
import * as v from 'valibot';
import type { ConfLike, StoreFactory } from '../core-types';
import type { Logger } from '../log';
import type { TeamReading } from '../runtime/team-fetch';
import { gatherWrites, retainKeys, type CacheOptions } from './gathered-writes';
import { openStore } from './open-store';
import { isRecord } from './sanitize';

export const RUNTIME_CACHE_CONFIG_NAME = 'runtime-cache';
const MAX_ITEMS = 1000;
const MAX_TEAMS = 1000;

const text = v.pipe(v.string(), v.maxLength(1024));
const id = v.pipe(v.string(), v.minLength(1), v.maxLength(200));
const when = v.pipe(v.number(), v.finite());
const cachedInstance = v.object({
  id,
  name: text,
  url: v.nullable(v.pipe(v.string(), v.maxLength(2048))),
  application: v.nullable(text),
  state: v.pipe(v.string(), v.maxLength(64)),
});
const cachedDevice = v.object({
  id,
  name: text,
  lastSeenAt: v.nullable(when),
  state: v.nullable(v.pipe(v.string(), v.maxLength(64))),
  onlineStatus: v.nullable(v.pipe(v.string(), v.maxLength(64))),
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
      teams.set(teamId, clean);
      accounts.set(accountId, teams);
      changed();
    },
    retainTeams(accountId, teamIds) {
      const teams = accounts.get(accountId);
      if (teams !== undefined && retainKeys(teams, teamIds)) changed();
    },
    delete(accountId) {
      if (accounts.delete(accountId)) changed();
    },
    retain(accountIds) {
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
  return {
    fetchedAt: fetchedAt.output,
    instances: items(cachedInstance, raw.instances),
    devices: items(cachedDevice, raw.devices),
  };
}

function items<S extends v.GenericSchema>(schema: S, raw: unknown): v.InferOutput<S>[] {
  if (!Array.isArray(raw)) return [];
  const valid: v.InferOutput<S>[] = [];
  for (const item of raw as readonly unknown[]) {
    if (valid.length >= MAX_ITEMS) break;
    const parsed = v.safeParse(schema, item);
    if (parsed.success) valid.push(parsed.output);
  }
  return valid;
}
