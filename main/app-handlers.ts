/**
 * The app area: the whole state for a popover that opens, notices, the window, the log file,
 * and the popover's menu (About, Teamtray's own pages, Quit).
 */
import type { Snapshot } from '../common/state';
import { appLinkUrl } from './app-links';
import type { ShellPort } from './shell/port';
import type { NoticeBoard } from './store/types';
import type { AreaHandlers } from './ipc/area-handlers';

export interface AppHandlerDeps {
  /** The model's tree and its version. */
  readonly snapshot: () => Snapshot;
  readonly notices: NoticeBoard;
  readonly shell: ShellPort;
  readonly appVersion: string;
}

export function appHandlers(
  deps: AppHandlerDeps,
): AreaHandlers<
  'getState' | 'dismissNotice' | 'hideWindow' | 'showLogFile' | 'getAbout' | 'openAppLink' | 'quit'
> {
  const { notices, shell } = deps;
  return {
    getState: () => Promise.resolve(deps.snapshot()),
    dismissNotice({ id }) {
      notices.dismiss(id);
      return Promise.resolve(null);
    },
    hideWindow() {
      shell.hideWindow();
      return Promise.resolve(null);
    },
    showLogFile() {
      shell.showLogFile();
      return Promise.resolve(null);
    },
    getAbout: () => Promise.resolve({ name: 'Teamtray', version: deps.appVersion }),
    async openAppLink({ link }) {
      await shell.openInBrowser(appLinkUrl(link));
      return null;
    },
    quit() {
      shell.quit();
      return Promise.resolve(null);
    },
  };
}
