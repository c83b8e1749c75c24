/** The app area: the whole state for a popover that opens, notices, the window, the log file. */
import type { AppState } from '../../common/model';
import type { ShellPort } from '../core-types';
import type { NoticeBoard } from '../store/types';
import type { AreaHandlers } from './types';

export interface AppHandlerDeps {
  readonly state: () => AppState;
  readonly notices: NoticeBoard;
  readonly shell: ShellPort;
}

export function appHandlers(
  deps: AppHandlerDeps,
): AreaHandlers<'getState' | 'dismissNotice' | 'hideWindow' | 'showLogFile'> {
  const { notices, shell } = deps;
  return {
    getState: () => Promise.resolve(deps.state()),
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
  };
}
