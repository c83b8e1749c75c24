/**
 * The core's NotifierPort over Electron's Notification. A click opens the popover on the item.
 *
 * - Windows shows an app's notifications only when the process has an AppUserModelID that
 *   matches its Start-menu shortcut (Electron's docs, "Notifications › Windows"): the installer's
 *   shortcut carries electron-builder's appId, so main sets the same id at start.
 * - A Notification that is garbage-collected loses its click handler (electron#12690): keep each
 *   one until it is clicked or closed.
 * - Where notifications are not supported (some Linux desktops without a notification daemon),
 *   nothing is shown and the tray icon still says what needs attention.
 * - The words carry names other people chose. Each title and body goes out as one line of plain
 *   text, clipped; on Linux, Electron hands the body to libnotify as it is
 *   (shell/browser/notifications/linux/libnotify_notification.cc), and daemons that advertise
 *   `body-markup` render `<b>` and `<a href>` and may blank a body with a stray `&`, so there the
 *   body's `&`, `<` and `>` are escaped (element-web and deltachat-desktop do the same). The
 *   summary is plain text by the notification spec, so the title is not escaped.
 * - A notification about one instance or device carries a "Snooze 1 hour" button where Electron
 *   shows notification actions: macOS and Windows (Electron's NotificationAction: `button`; on
 *   macOS only for a signed app whose alert style is "alert", else the button does not appear).
 *   Linux shows no actions: there the row's Snooze in the popover does it.
 */
import { Notification } from 'electron';
import type { FocusTarget } from '../../../common/runtime';
import type { Logger } from '../../log';
import {
  BODY_MAX,
  clip,
  escapeMarkup,
  plainText,
  TITLE_MAX,
} from '../../runtime/notification-text';
import type { AppNotification, NotifierPort } from '../../runtime/runtime-watcher';

/** electron-builder.yml's appId (tests/packaging checks they agree). */
export const APP_USER_MODEL_ID = 'com.teamtray.app';

export interface NotifierDeps {
  /** Opens the popover on what the notification was about. */
  readonly onClick: (target: FocusTarget) => void;
  readonly log: Logger;
  /** Its "Snooze 1 hour" button was pressed: silence the item's notifications for an hour. */
  readonly onSnooze?: (target: FocusTarget) => void;
  /** process.platform unless a test says otherwise: only Linux escapes markup. */
  readonly platform?: NodeJS.Platform;
}

/** Where Electron shows a notification's buttons. */
const ACTION_PLATFORMS: readonly NodeJS.Platform[] = ['darwin', 'win32'];
const SNOOZE_ACTION_TEXT = 'Snooze 1 hour';

/** What the native notification is given: plain, clipped, and escaped where read as markup. */
function nativeText(
  notification: Pick<AppNotification, 'title' | 'body'>,
  platform: NodeJS.Platform,
): { title: string; body: string } {
  const title = clip(plainText(notification.title), TITLE_MAX);
  const body = clip(plainText(notification.body), BODY_MAX);
  return { title, body: platform === 'linux' ? escapeMarkup(body) : body };
}

export function createNotifier(deps: NotifierDeps): NotifierPort {
  const shown = new Set<Notification>();
  const platform = deps.platform ?? process.platform;
  return {
    notify(notification: AppNotification) {
      if (!Notification.isSupported()) {
        deps.log.info('notifications: not supported here', { title: notification.title });
        return;
      }
      const { onSnooze } = deps;
      const snoozable =
        onSnooze !== undefined &&
        notification.target.item !== null &&
        ACTION_PLATFORMS.includes(platform);
      const native = new Notification({
        ...nativeText(notification, platform),
        ...(snoozable ? { actions: [{ type: 'button', text: SNOOZE_ACTION_TEXT }] } : {}),
      });
      shown.add(native);
      if (snoozable) {
        native.on('action', (details) => {
          shown.delete(native);
          if (details.actionIndex === 0) onSnooze(notification.target);
        });
      }
      native.on('click', () => {
        shown.delete(native);
        deps.onClick(notification.target);
      });
      native.on('close', () => shown.delete(native));
      native.on('failed', (_event, error) => {
        shown.delete(native);
        deps.log.warn('notifications: could not show one', { error });
      });
      native.show();
    },
  };
}
