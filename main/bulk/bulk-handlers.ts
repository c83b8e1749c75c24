/**
 * The bulk area: one call starts a bulk action over at most MAX_BULK_ITEMS instances (the
 * contract bounds the list), counted by its own call limit (ipc/call-limits.ts) so a page cannot
 * use it to hammer the servers; the checks and the sending are the service's (bulk-actions.ts):
 * an item whose account, team or instance is not listed is named in the summary, not sent.
 */
import { asAccountId, asInstanceId, asTeamId } from '../../common/brand';
import type { RateLimit } from '../base/rate-limit';
import type { AreaHandlers } from '../ipc/area-handlers';
import type { BulkActions } from './bulk-actions';

export interface BulkHandlerDeps {
  readonly bulk: BulkActions;
  readonly bulkCalls: RateLimit;
}

export function bulkHandlers(deps: BulkHandlerDeps): AreaHandlers<'bulkInstanceAction'> {
  return {
    bulkInstanceAction({ action, items }) {
      deps.bulkCalls.take();
      const refs = items.map((item) => ({
        accountId: asAccountId(item.accountId),
        teamId: asTeamId(item.teamId),
        instanceId: asInstanceId(item.instanceId),
      }));
      return Promise.resolve(deps.bulk.start(action, refs));
    },
  };
}
