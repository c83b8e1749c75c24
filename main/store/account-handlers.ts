/**
 * The accounts area: add, edit, remove and reorder saved accounts, and open a server's token
 * page. Every change goes through the registry, which verifies before it writes.
 */
import { asAccountId, type AccountId } from '../../common/brand';
import type { TeamtrayState } from '../../common/state';
import type { ShellPort } from '../shell/port';
import { normalizeBaseUrl } from '../flowfuse/base-url';
import type { AccountRegistry } from './types';
import { tokenPageUrl } from '../teams/team-view';
import type { RateLimit } from '../base/rate-limit';
import { requireAccount } from '../model/require-account';
import type { AreaHandlers } from '../ipc/area-handlers';

export interface AccountHandlerDeps {
  readonly registry: AccountRegistry;
  /** The model's tree now. */
  readonly state: () => TeamtrayState;
  /** Teams, then their instances and devices; `restart` drops a refresh of the old address. */
  readonly refresh: (
    accountId: AccountId,
    options?: { readonly restart?: boolean },
  ) => Promise<void>;
  /**
   * A new token was saved for the account: what was asked about the old one is withdrawn (the
   * model's `tokenReplaced`).
   */
  readonly tokenReplaced: (accountId: AccountId) => void;
  /** Lets go of what main kept for a removed account. */
  readonly forget: (accountId: AccountId) => void;
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
  const { registry, state, shell, probes } = deps;
  return {
    async addAccount(request) {
      probes.take();
      const saved = await registry.add(request);
      void deps.refresh(saved.id);
      return { id: saved.id };
    },
    async updateAccount(request) {
      // A new address or token is verified against the server before it is saved: a probe.
      if (request.url !== undefined || request.token !== undefined) {
        requireAccount(state(), request.id);
        probes.take();
      }
      const saved = await registry.update(request);
      if (request.token !== undefined) deps.tokenReplaced(saved.id);
      // A refresh still in flight asked with the old address or token: start anew, do not join it.
      if (request.url !== undefined || request.token !== undefined) {
        void deps.refresh(saved.id, { restart: true });
      }
      return { id: saved.id };
    },
    cancelAccountCheck() {
      registry.cancelChecks();
      return Promise.resolve(null);
    },
    async removeAccount({ id }) {
      await registry.remove(id);
      deps.forget(asAccountId(id));
      return null;
    },
    reorderAccounts({ ids }) {
      registry.reorder(ids);
      return Promise.resolve(null);
    },
    async openTokenPage(request) {
      let origin;
      if ('accountId' in request) origin = requireAccount(state(), request.accountId).origin;
      else origin = normalizeBaseUrl(request.url, { allowHttp: request.allowHttp ?? false });
      await shell.openInBrowser(tokenPageUrl(origin));
      return null;
    },
  };
}
