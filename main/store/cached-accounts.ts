/**
 * The start: each saved account into the model (`accountSaved`, as the registry's changes do),
 * then what the caches hold of it (`cacheRead`: its last-known teams, their instances and
 * devices). The model's own recipes give every field its default; nothing is built here. Nothing
 * is read from a server either: the first refresh says what is true now, so every account starts
 * "loading" and its cached teams "stale".
 */
import type { Model } from '../model/model';
import type { RuntimeCache } from './runtime-cache';
import { syncAccounts } from './sync-accounts';
import type { AccountRegistry, TeamsCache } from './types';

export function loadCachedAccounts(
  model: Model,
  registry: AccountRegistry,
  teamsCache: TeamsCache,
  runtimeCache: RuntimeCache,
): void {
  const saved = registry.list();
  syncAccounts(model, saved);
  for (const { id } of saved) {
    const cached = teamsCache.read(id);
    if (cached === undefined) continue;
    const runtimes = runtimeCache.read(id);
    model.apply('cacheRead', {
      accountId: id,
      teams: cached.teams,
      lastSuccessAt: cached.lastSuccessAt,
      readings: cached.teams.flatMap((team) => {
        const read = runtimes.get(team.id);
        if (read === undefined) return [];
        const { fetchedAt, ...reading } = read;
        return [{ teamId: team.id, reading, at: fetchedAt }];
      }),
    });
  }
}
