/**
 * Settings changed in quick succession, through a real core, the app's own shell port (Electron's
 * globalShortcut stubbed) and the Linux autostart entry in a real folder on a slow disk: each
 * change is applied and saved before the next one reads what it changes.
 */
import * as fsp from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Settings } from '../../common/model';
import { makeTempDir } from '../../tests/support/conf-store';
import { createMemoryLogger } from '../../tests/support/memory-logger';
import { call, state, testCore } from '../../tests/support/core-calls';
import { createLinuxAutostart, type AutostartFs } from '../launch-at-login/linux-autostart';

vi.mock('electron', () => ({
  // Alt+Shift+K is taken by another app.
  globalShortcut: {
    register: (accelerator: string) => accelerator !== 'Alt+Shift+K',
    unregister: () => undefined,
  },
  clipboard: { writeText: () => Promise.resolve() },
  shell: { openExternal: () => Promise.resolve(), showItemInFolder: () => undefined },
}));

const { createShellPort } = await import('../shell/electron/shell-port');

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

/** node:fs/promises, with writes that take `ms` (a slow disk, a busy home folder). */
function slowFs(ms: number): AutostartFs {
  const pause = () => new Promise((resolve) => setTimeout(resolve, ms));
  return {
    readFile: (path, encoding) => fsp.readFile(path, encoding),
    async writeFile(path, data, options) {
      await pause();
      await fsp.writeFile(path, data, options);
    },
    rename: (from, to) => fsp.rename(from, to),
    mkdir: (path, options) => fsp.mkdir(path, options),
    rm: (path, options) => fsp.rm(path, options),
  };
}

async function linuxCore() {
  const temp = await makeTempDir();
  cleanups.push(temp.cleanup);
  const autostart = createLinuxAutostart({
    dir: join(temp.dir, 'autostart'),
    execPath: '/opt/Teamtray/teamtray',
    fs: slowFs(40),
  });
  const shell = createShellPort({
    hideWindow: () => undefined,
    quit: () => undefined,
    onShortcut: () => undefined,
    loginItem: {
      setLaunchAtLogin: (enabled) => (enabled ? autostart.enable() : autostart.disable()),
    },
    logFilePath: () => join(temp.dir, 'main.log'),
    log: createMemoryLogger(),
    platform: 'linux',
  });
  const { core } = await testCore({ shell });
  return { core, autostart };
}

describe('launch at login toggled quickly on Linux', () => {
  it.each([
    [[true, false]],
    [[true, false, true]],
    [[true, false, true, false]],
    [[false, true, false, true, false]],
  ])('%j: the autostart entry and the saved setting both end as the last click', async (clicks) => {
    const { core, autostart } = await linuxCore();
    const results = await Promise.all(
      clicks.map((launchAtLogin) => call<Settings>(core, 'updateSettings', { launchAtLogin })),
    );
    const last = clicks.at(-1);
    expect(results.map((settings) => settings.launchAtLogin)).toEqual(clicks);
    expect((await state(core)).settings.launchAtLogin).toBe(last);
    expect(existsSync(autostart.file)).toBe(last);
    expect(await autostart.isEnabled()).toBe(last);
  });

  it('applies a change the OS refuses on its own: the ones after it still land', async () => {
    const { core, autostart } = await linuxCore();
    const results = await Promise.all([
      core.dispatch('updateSettings', { launchAtLogin: true }),
      core.dispatch('updateSettings', { globalShortcut: 'Alt+Shift+K', launchAtLogin: false }),
      core.dispatch('updateSettings', { theme: 'dark' }),
    ]);
    expect(results.map((result) => result.ok)).toEqual([true, false, true]);
    const saved = (await state(core)).settings;
    // The refused change (shortcut and launch at login together) left both as they were.
    expect(saved).toMatchObject({ launchAtLogin: true, theme: 'dark', globalShortcut: null });
    expect(existsSync(autostart.file)).toBe(true);
  });
});
