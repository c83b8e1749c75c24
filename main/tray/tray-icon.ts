/**
 * Which tray icon file to show, per OS and status. The files are generated from build/tray/tray.svg
 * by scripts/make-icons.mjs:
 * - macOS: `tray-<state>Template.png` (+ `@2x`). The "Template" suffix makes nativeImage mark it
 *   as a template image, so macOS recolours it for light and dark menu bars.
 * - Windows: `tray-<state>.ico`, which carries every size the taskbar asks for at any DPI.
 * - Linux: `tray-<state>.png` (+ `@2x`).
 */
import { join } from 'node:path';
import type { TrayStatus } from './tray-status';

export const TRAY_STATES: readonly TrayStatus[] = ['ok', 'attention', 'offline'];

export function trayIconPath(
  state: TrayStatus,
  platform: NodeJS.Platform,
  baseDir: string,
): string {
  switch (platform) {
    case 'darwin':
      return join(baseDir, `tray-${state}Template.png`);
    case 'win32':
      return join(baseDir, `tray-${state}.ico`);
    default:
      return join(baseDir, `tray-${state}.png`);
  }
}

/** The counts the Windows badge icons carry: `tray-attention-<label>.ico`, 9+ as `9plus`. */
export const TRAY_BADGES: readonly string[] = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '9+'];

/** Windows: the attention icon with the count drawn on it (label from TRAY_BADGES). */
export function trayBadgeIconPath(label: string, baseDir: string): string {
  return join(baseDir, `tray-attention-${label.replace('+', 'plus')}.ico`);
}

export interface TrayDirInput {
  readonly isPackaged: boolean;
  readonly resourcesPath: string;
  readonly appPath: string;
}

/** Packaged: electron-builder copies build/tray to resources/tray (outside the asar, for the OS). */
export function trayIconDir(input: TrayDirInput): string {
  return input.isPackaged
    ? join(input.resourcesPath, 'tray')
    : join(input.appPath, 'build', 'tray');
}

/**
 * The plain tooltips, when nothing is counted (tray-face.ts lists what needs the user otherwise).
 * Linux StatusNotifier trays mostly ignore tooltips, which is one more reason for the menu.
 */
export const TRAY_TOOLTIPS: Readonly<Record<TrayStatus, string>> = {
  ok: 'Teamtray',
  // Not only tokens: a crashed instance or an offline device turns the icon to attention too.
  attention: 'Teamtray: something needs you',
  offline: 'Teamtray: no account answers',
};
