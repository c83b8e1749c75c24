/**
 * The saved accounts (the registry, main/store/account-registry.ts) into the model: after every
 * change the registry made (added, edited, removed, reordered), the model's accounts follow, each
 * change as its own transition.
 */
import type { Model } from '../model/model';
import type { SavedAccount } from './types';

export function syncAccounts(model: Model, saved: readonly SavedAccount[]): void {
  const ids = new Set<string>(saved.map((account) => account.id));
  for (const account of model.state().accounts) {
    if (!ids.has(account.id)) model.apply('accountRemoved', { accountId: account.id });
  }
  for (const { id, label, origin, allowHttp, username, version, tokenInfo, tokenWarned } of saved) {
    model.apply('accountSaved', {
      id,
      label,
      origin,
      allowHttp,
      username,
      version,
      tokenInfo,
      tokenWarned: tokenWarned ?? null,
    });
  }
  model.apply('accountsReordered', { ids: saved.map((account) => account.id) });
}
