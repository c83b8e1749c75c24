/**
 * The inbox area: marking notifications of an account's FlowFuse inbox read, and opening one's
 * page (built from the saved origin and what the model keeps of it, never from the renderer).
 */
import { AppError } from '../../common/errors';
import type { InboxNotification, TeamtrayState } from '../../common/state';
import type { RateLimit } from '../base/rate-limit';
import type { ShellPort } from '../shell/port';
import type { InboxService } from './inbox-service';
import { notificationPageUrl } from './notification-page';
import { requireAccount } from '../model/require-account';
import type { AreaHandlers } from '../ipc/area-handlers';

export interface InboxHandlerDeps {
  /** The model's tree now. */
  readonly state: () => TeamtrayState;
  readonly inbox: Pick<InboxService, 'markRead'>;
  readonly shell: ShellPort;
  /** Mark-read calls the page asks for (call-limits.ts). */
  readonly marks: RateLimit;
}

const GONE = 'That notification is no longer in the inbox.';

export function inboxHandlers(
  deps: InboxHandlerDeps,
): AreaHandlers<'markNotificationsRead' | 'openNotification'> {
  const { state, inbox, shell } = deps;
  return {
    async markNotificationsRead({ accountId, ids }) {
      const account = requireAccount(state(), accountId);
      // Only what this account's inbox holds is sent to its server, and only what is unread.
      const held = new Map(account.inbox.notifications.map((each) => [each.id, each.read]));
      const known = [...new Set(ids)].filter((each) => held.has(each));
      if (known.length === 0) throw new AppError('not_found', GONE);
      const unread = known.filter((each) => held.get(each) === false);
      if (unread.length === 0 || !deps.marks.take(unread.join(' '))) return null;
      await inbox.markRead(account.id, unread);
      return null;
    },
    async openNotification({ accountId, id }) {
      const account = requireAccount(state(), accountId);
      const notification: InboxNotification | undefined = account.inbox.notifications.find(
        (each) => each.id === id,
      );
      if (notification === undefined) throw new AppError('not_found', GONE);
      await shell.openInBrowser(notificationPageUrl(account.origin, notification.target));
      if (!notification.read) await inbox.markRead(account.id, [notification.id]);
      return null;
    },
  };
}
