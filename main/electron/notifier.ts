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
 */
import { Notification } from 'electron';
import type { FocusTarget } from '../../common/runtime';
import type { Logger } from '../log';
import type { AppNotification, NotifierPort } from '../runtime/runtime-watcher';

/** electron-builder.yml's appId (tests/packaging checks they agree). */
export const APP_USER_MODEL_ID = 'com.teamtray.app';

export interface NotifierDeps {
  /** Opens the popover on what the notification was about. */
  readonly onClick: (target: FocusTarget) => void;
  readonly log: Logger;
}

export function createNotifier(deps: NotifierDeps): NotifierPort {
  const shown = new Set<Notification>();
  return {
    notify(notification: AppNotification) {
      if (!Notification.isSupported()) {
        deps.log.info('notifications: not supported here', { title: notification.title });
        return;
      }
      const native = new Notification({ title: notification.title, body: notification.body });
      shown.add(native);
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
