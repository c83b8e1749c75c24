/**
 * The accounts area: add, edit, remove and reorder saved accounts, and open a server's token
 * page. Every change goes through the registry, which verifies before it writes.
 */
import type { ShellPort } from '../core-types';
import { normalizeBaseUrl } from '../flowfuse/base-url';
import type { AccountRegistry } from '../store/types';
import { tokenPageUrl } from '../teams/team-view';
import { createRateLimit } from './rate-limit';
import { requireView, type AccountViews } from './require-view';
import type { AreaHandlers } from './types';

export interface AccountHandlerDeps {
  readonly registry: AccountRegistry;
  readonly views: AccountViews;
  /** Teams, then their instances and devices; `restart` drops a refresh of the old address. */
  readonly refresh: (accountId: string, options?: { readonly restart?: boolean }) => Promise<void>;
  /** Forget what was cached about a removed account. */
  readonly forget: (accountId: string) => void;
  readonly now: () => number;
  /** Adding probes a host the page names: at most this many a minute. */
  readonly addsPerMinute: number;
  readonly shell: ShellPort;
}

export function accountHandlers(
  deps: AccountHandlerDeps,
): AreaHandlers<
  | 'addAccount'
  | 'updateAccount'
  | 'cancelAccountCheck'
  | 'removeAccount'
  | 'reorderAccounts'
  | 'openTokenPage'
> {
  const { registry, views, shell, now } = deps;
  const adds = createRateLimit({
    max: deps.addsPerMinute,
    windowMs: 60_000,
    gapMs: 0,
    now,
    what: 'servers tried',
  });
  // The browser opens a page the renderer names (before anything is saved): one per click.
  const tokenPages = createRateLimit({
    max: 5,
    windowMs: 60_000,
    gapMs: 2_000,
    now,
    what: 'token pages opened',
  });
  return {
    async addAccount(request) {
      adds.take();
      const saved = await registry.add(request);
      void deps.refresh(saved.id);
      return requireView(views, saved.id);
    },
    async updateAccount(request) {
      const saved = await registry.update(request);
      // A refresh still in flight asked with the old address or token: start anew, do not join it.
      if (request.url !== undefined || request.token !== undefined) {
        void deps.refresh(saved.id, { restart: true });
      }
      return requireView(views, saved.id);
    },
    cancelAccountCheck() {
      registry.cancelChecks();
      return Promise.resolve(null);
    },
    async removeAccount({ id }) {
      await registry.remove(id);
      deps.forget(id);
      return null;
    },
    reorderAccounts({ ids }) {
      registry.reorder(ids);
      return Promise.resolve(null);
    },
    async openTokenPage(request) {
      let origin;
      if ('accountId' in request) origin = requireView(views, request.accountId).origin;
      else {
        origin = normalizeBaseUrl(request.url, { allowHttp: request.allowHttp ?? false });
        tokenPages.take();
      }
      await shell.openInBrowser(tokenPageUrl(origin));
      return null;
    },
  };
}
