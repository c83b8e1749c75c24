/**
 * The accounts area: add, edit, remove and reorder saved accounts, and open a server's token
 * page. Every change goes through the registry, which verifies before it writes.
 */
import type { ShellPort } from '../core-types';
import { normalizeBaseUrl } from '../flowfuse/base-url';
import type { AccountRegistry } from '../store/types';
import { tokenPageUrl } from '../teams/team-view';
import type { RateLimit } from '../base/rate-limit';
import { requireView, type AccountViews } from './require-view';
import type { AreaHandlers } from './types';

export interface AccountHandlerDeps {
  readonly registry: AccountRegistry;
  readonly views: AccountViews;
  /** Teams, then their instances and devices; `restart` drops a refresh of the old address. */
  readonly refresh: (accountId: string, options?: { readonly restart?: boolean }) => Promise<void>;
  /** Forget what was cached about a removed account. */
  readonly forget: (accountId: string) => void;
  /** Every probe of a server: adding one, or changing its address or token (call-limits.ts). */
  readonly probes: RateLimit;
  /** Opens pages through the page limit (call-limits.ts). */
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
  const { registry, views, shell, probes } = deps;
  return {
    async addAccount(request) {
      probes.take();
      const saved = await registry.add(request);
      void deps.refresh(saved.id);
      return requireView(views, saved.id);
    },
    async updateAccount(request) {
      // A new address or token is verified against the server before it is saved: a probe.
      if (request.url !== undefined || request.token !== undefined) {
        requireView(views, request.id);
        probes.take();
      }
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
      else origin = normalizeBaseUrl(request.url, { allowHttp: request.allowHttp ?? false });
      await shell.openInBrowser(tokenPageUrl(origin));
      return null;
    },
  };
}
