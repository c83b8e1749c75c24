/**
 * The start: each saved account with what the caches hold of it (its last-known teams, their
 * instances and devices), as the model's accounts. Nothing is read from a server here; the first
 * refresh says what is true now, so every account starts "loading" and its cached teams "stale".
 */
import type { Account, Team } from '../../common/state';
import { newAccount, UNREAD } from '../model/transitions';
import type { RuntimeCache } from './runtime-cache';
import type { AccountRegistry, TeamsCache } from './types';

export function cachedAccounts(
  registry: AccountRegistry,
  teamsCache: TeamsCache,
  runtimeCache: RuntimeCache,
): Account[] {
  return registry.list().map((saved) => {
    const account = newAccount(saved);
    const cached = teamsCache.read(saved.id);
    if (cached === undefined) return account;
    const runtimes = runtimeCache.read(saved.id);
    const teams = cached.teams.map((listed): Team => {
      const read = runtimes.get(listed.id);
      if (read === undefined) return { ...listed, pendingName: null, runtime: UNREAD };
      const { fetchedAt, instances, devices, instancesLeftOut, devicesLeftOut } = read;
      return {
        ...listed,
        pendingName: null,
        runtime: {
          status: 'ok',
          error: null,
          fetchedAt,
          instances: instances.map((instance) => ({
            ...instance,
            action: null,
            actionSentAt: null,
            lastAction: instance.lastAction ?? null,
            log: null,
          })),
          devices,
          instancesLeftOut: instancesLeftOut ?? null,
          devicesLeftOut: devicesLeftOut ?? null,
        },
      };
    });
    return { ...account, lastSuccessAt: cached.lastSuccessAt, stale: true, teams };
  });
}
