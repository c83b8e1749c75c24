/**
 * The accounts' FlowFuse inboxes: a projection of the model that reads an account's inbox each
 * time its team list answers (`listed`, once per refresh of the account), and the marks the user
 * makes in Teamtray.
 *
 * Whether a server has an inbox is learnt, not guessed from its version: FlowFuse before 2.7
 * answers 404 (`inboxMissing`), and that server is not asked again in this run until its version
 * changes (the model then forgets the answer: see `accountSaved`). So a 2.4.0 server costs one
 * request per run. A server with an inbox is read with each refresh of its account (the
 * refresh interval, 5 minutes by default): one request, through the server's limiter, at most
 * one in flight per account. A failed read is kept in the inbox quietly (`inboxFailed`); the
 * account's own status does not move. A read-only token (FlowFuse 2.32+ answers 403 on every
 * inbox route for it) is not asked once its scope is known, and its inbox says it needs a token
 * that may write (`inboxNeedsWrite`).
 *
 * A mark is shown at once (`inboxMarkedRead`) and undone with the server's refusal
 * (`inboxMarkRefused`), whose error the caller gets. The user made it: it goes in the limiter's
 * user lane, ahead of queued background reads; the inbox's own read is one of those.
 */
import type { AccountId } from '../../common/brand';
import type { Unsubscribe } from '../../common/emitter';
import { AppError, isAppError, type AppErrorShape } from '../../common/errors';
import { USER, type Limiter } from '../base/limiter';
import { createSingleFlight } from '../base/single-flight';
import type { Logger } from '../log';
import type { Change, Model } from '../model/model';
import { accountIn } from '../model/select';
import type { AccountRegistry } from '../store/types';
import { inboxNotificationOf } from './notification-words';

export interface InboxDeps {
  readonly model: Model;
  readonly registry: AccountRegistry;
  /** The server's request limiter (the runtime service's). */
  readonly limiter: (accountId: AccountId) => Limiter;
  /** A 401 on a mark: the account needs a new token. */
  readonly tokenRefused: (accountId: AccountId, error: AppErrorShape) => void;
  readonly log: Logger;
}

export interface InboxService {
  readonly stop: Unsubscribe;
  /** Marks these notifications of the account read, here at once and then on the server. */
  markRead(accountId: AccountId, ids: readonly string[]): Promise<void>;
  /** Resolves when no read is in flight (for tests and a clean shutdown). */
  idle(): Promise<void>;
}

export function watchInbox(deps: InboxDeps): InboxService {
  const { model, registry, limiter, log } = deps;
  const reads = createSingleFlight<AccountId>();

  async function readOne(accountId: AccountId): Promise<void> {
    // A read-only token (FlowFuse 2.32+) is refused every inbox route: not asked, said so.
    if (registry.get(accountId)?.tokenInfo?.readOnly === true) {
      model.apply('inboxNeedsWrite', { accountId });
      return;
    }
    const held = await registry.clientFor(accountId);
    if (held === null) return;
    try {
      const inbox = await limiter(accountId)(() => held.client.userNotifications());
      // Moved to another server meanwhile: this answer is not about the account any more.
      if (registry.get(accountId)?.origin !== held.account.origin) return;
      if (inbox.kind === 'none') model.apply('inboxMissing', { accountId });
      else {
        const notifications = inbox.notifications.map(inboxNotificationOf);
        model.apply('inboxRead', { accountId, notifications });
      }
    } catch (error) {
      if (registry.get(accountId)?.origin !== held.account.origin) return;
      // Before the token's scope is known: its 403 is the read-only token's.
      if (isAppError(error) && error.code === 'forbidden') {
        model.apply('inboxNeedsWrite', { accountId });
        return;
      }
      const shape = isAppError(error)
        ? error.toShape()
        : { code: 'internal' as const, message: 'Teamtray could not read the inbox.' };
      log.warn('inbox: could not read it', { code: shape.code });
      model.apply('inboxFailed', { accountId, error: shape });
    }
  }

  function read(accountId: AccountId): void {
    void reads.run(accountId, () =>
      readOne(accountId).catch((error: unknown) => {
        log.warn('inbox: read failed', { error });
      }),
    );
  }

  const stop = model.subscribe((change: Change) => {
    if (change.name !== 'listed') return;
    const { accountId } = change.payload;
    // A server that said it has no inbox is not asked again (until its version changes).
    if (accountIn(change.state, accountId)?.inbox.supported !== false) read(accountId);
  });

  return {
    stop,
    async markRead(accountId, ids) {
      const held = await registry.clientFor(accountId);
      if (held === null) {
        throw new AppError(
          'storage_unavailable',
          'Teamtray does not hold this account’s token now.',
        );
      }
      model.apply('inboxMarkedRead', { accountId, ids });
      try {
        await limiter(accountId)(() => held.client.markNotificationsRead(ids), USER);
      } catch (error) {
        model.apply('inboxMarkRefused', { accountId, ids });
        if (isAppError(error) && error.code === 'unauthorized') {
          deps.tokenRefused(accountId, error.toShape());
        }
        throw error;
      }
    },
    idle: () => reads.idle(),
  };
}
