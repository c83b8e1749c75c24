/**
 * Launch at login. macOS and Windows: Electron's login items (a login item on macOS 13+ through
 * SMAppService; the Run key on Windows). Linux: an XDG autostart entry, which Electron does not
 * write (main/launch-at-login/linux-autostart.ts).
 *
 * macOS needs no "open hidden" flag: the app is an LSUIElement and starts as a tray icon only.
 */
import { app } from 'electron';
import * as fs from 'node:fs/promises';
import { homedir } from 'node:os';
import {
  autostartDirectory,
  createLinuxAutostart,
  linuxExecPath,
  type LinuxAutostart,
} from '../linux-autostart';

/** Unpackaged, the binary is the bare Electron: it must be told which app to open. */
function launchArgs(): string[] {
  return app.isPackaged ? [] : [app.getAppPath()];
}

function linuxAutostart(): LinuxAutostart {
  return createLinuxAutostart({
    dir: autostartDirectory(process.env, homedir()),
    execPath: linuxExecPath(process.env, process.execPath),
    args: launchArgs(),
    fs,
  });
}

export async function setLaunchAtLogin(enabled: boolean): Promise<void> {
  if (process.platform === 'linux') {
    const autostart = linuxAutostart();
    await (enabled ? autostart.enable() : autostart.disable());
    return;
  }
  // Windows matches the Run entry by path and args: always pass the same ones.
  app.setLoginItemSettings({ openAtLogin: enabled, path: process.execPath, args: launchArgs() });
}

/**
 * At start, when the saved setting says on: rewrite the Linux entry, whose Exec path goes stale
 * when an AppImage is moved or renamed. macOS and Windows keep theirs current themselves.
 */
export async function refreshLaunchAtLogin(enabled: boolean): Promise<void> {
  if (process.platform === 'linux' && enabled) await linuxAutostart().enable();
}

/** The ShellPort's LoginItemPort. */
export const loginItem = { setLaunchAtLogin, refreshLaunchAtLogin };
