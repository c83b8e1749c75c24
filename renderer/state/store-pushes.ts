/** What each push from main does to the store. */
import type { TeamtrayApi } from '../../common/contract';
import type { FocusTarget } from '../../common/runtime';
import { teamKey } from './rows';
import { itemKey } from './runtime-view';
import { inOrder, withAccountUpdate } from './state-updates';
import type { Store } from './store';

export function listenToMain(store: Store, api: TeamtrayApi): void {
  api.on('accountChanged', (update) => {
    if (store.state === null) return;
    store.setAccounts(withAccountUpdate(store.state.accounts, update));
  });
  api.on('accountOrder', (ids) => {
    if (store.state === null) return;
    store.setAccounts(inOrder(store.state.accounts, ids));
  });
  api.on('teamRuntime', (update) => {
    store.runtime.apply(update);
    store.touch();
  });
  api.on('focus', (target) => {
    store.focusOn(target);
  });
  api.on('appChanged', (app) => {
    if (store.state === null) return;
    store.state = { ...store.state, ...app };
    // The rows too: whether offline devices need attention decides what the filter shows.
    store.touch();
  });
  api.on('navigate', (view) => {
    store.navigate({ name: view });
  });
}

/** The row a notification's target names: its item, else its team, else its account. */
export function focusKeyOf(target: FocusTarget): string {
  if (target.teamId === null) return `i:${target.accountId}`;
  if (target.item === null) return teamKey(target.accountId, target.teamId);
  return itemKey(target.accountId, target.teamId, target.item.kind, target.item.id);
}
