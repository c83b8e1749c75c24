/**
 * The tray's context menu, on every OS: some Linux trays (StatusNotifierItem hosts such as GNOME's
 * AppIndicator extension) deliver no click to the app at all, so the menu is the only way in.
 */
import type { MenuItemConstructorOptions } from 'electron';

export interface TrayMenuActions {
  open(): void;
  refresh(): void;
  settings(): void;
  setLaunchAtLogin(enabled: boolean): void;
  showLogFile(): void;
  restartToUpdate(): void;
  quit(): void;
}

export interface TrayMenuState {
  readonly launchAtLogin: boolean;
  /** The version of a downloaded update waiting for a restart, or null. */
  readonly updateReady?: string | null;
  /** Why this copy does not update itself (an unsigned build, Linux...), or null when it does. */
  readonly updatesOff?: string | null;
}

export function trayMenuTemplate(
  actions: TrayMenuActions,
  state: TrayMenuState,
): MenuItemConstructorOptions[] {
  return [
    {
      id: 'open',
      label: 'Open Teamtray',
      click: () => {
        actions.open();
      },
    },
    {
      id: 'refresh',
      label: 'Refresh',
      click: () => {
        actions.refresh();
      },
    },
    {
      id: 'settings',
      label: 'Settings…',
      click: () => {
        actions.settings();
      },
    },
    { type: 'separator' },
    {
      id: 'launch-at-login',
      label: 'Launch at login',
      type: 'checkbox',
      checked: state.launchAtLogin,
      // Electron flips `checked` before calling click: it is already the wanted value.
      click: (item) => {
        actions.setLaunchAtLogin(item.checked);
      },
    },
    {
      id: 'show-log-file',
      label: 'Show log file',
      click: () => {
        actions.showLogFile();
      },
    },
    { type: 'separator' },
    ...(state.updatesOff == null
      ? []
      : [
          {
            id: 'updates-off',
            label: `Automatic updates off: ${state.updatesOff}`,
            enabled: false,
          },
        ]),
    ...(state.updateReady == null
      ? []
      : [
          {
            id: 'restart-to-update',
            label: `Restart to update (${state.updateReady})`,
            click: () => {
              actions.restartToUpdate();
            },
          },
        ]),
    {
      id: 'quit',
      label: 'Quit Teamtray',
      click: () => {
        actions.quit();
      },
    },
  ];
}
