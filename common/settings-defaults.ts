/**
 * The settings' defaults, apart from the schema (./settings.ts) so the renderer takes them
 * without valibot in its bundle.
 */
import type { Settings } from './settings';

export const DEFAULT_SETTINGS: Settings = {
  launchAtLogin: false,
  refreshIntervalMinutes: 10,
  globalShortcut: null,
  theme: 'system',
  notifyInstances: true,
  notifyDevices: false,
  notifyAccounts: true,
  notifyRecoveries: true,
  remindAfterMinutes: 0,
  deviceGraceMinutes: 5,
  devicesNeedAttention: false,
  trayCount: true,
  pins: [],
  snoozed: {},
  quietUntil: null,
  quietHours: { on: false, from: '22:00', to: '07:00', days: [0, 1, 2, 3, 4, 5, 6] },
  quietOffUntil: null,
};
