import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../common/model';
import type { Snapshot } from '../common/state';
import { createRecordingShell } from '../tests/support/test-core';
import { createNoticeBoard } from './store/notice-board';
import { appHandlers } from './app-handlers';

function setUp() {
  const notices = createNoticeBoard();
  const shell = createRecordingShell();
  const snapshot = (): Snapshot => ({
    version: 0,
    state: {
      accounts: [],
      settings: DEFAULT_SETTINGS,
      vault: { mode: 'persistent', reason: null },
      notices: notices.list(),
    },
  });
  return {
    notices,
    shell,
    handlers: appHandlers({ snapshot, notices, shell, appVersion: '1.2.3' }),
  };
}

describe('app handlers', () => {
  it('answers getState with the state as it is at the time of the call', async () => {
    const { notices, handlers } = setUp();
    expect((await handlers.getState(undefined)).state.notices).toEqual([]);
    notices.add({ level: 'warning', message: 'The settings file was reset.' });
    expect((await handlers.getState(undefined)).state.notices).toMatchObject([
      { message: 'The settings file was reset.' },
    ]);
  });

  it('dismisses one notice and leaves the others', async () => {
    const { notices, handlers } = setUp();
    const first = notices.add({ level: 'warning', message: 'one' });
    notices.add({ level: 'info', message: 'two' });
    await handlers.dismissNotice({ id: first.id });
    expect(notices.list().map((notice) => notice.message)).toEqual(['two']);
  });

  it('hides the window and shows the log file through the shell', async () => {
    const { shell, handlers } = setUp();
    await handlers.hideWindow(undefined);
    expect(shell.hidden).toBe(1);
    await handlers.showLogFile(undefined);
    expect(shell.logFileShown).toBe(1);
  });

  it('answers About with the app version', async () => {
    const { handlers } = setUp();
    expect(await handlers.getAbout(undefined)).toEqual({ name: 'Teamtray', version: '1.2.3' });
  });

  it('opens a named page of Teamtray’s own, and quits through the shell', async () => {
    const { shell, handlers } = setUp();
    await handlers.openAppLink({ link: 'issues' });
    expect(shell.opened).toEqual(['https://github.com/teamtray/teamtray/issues']);
    await handlers.quit(undefined);
    expect(shell.quits).toBe(1);
  });
});
