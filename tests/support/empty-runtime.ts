/**
 * Runtime calls for in-memory fake clients whose servers have no instances and no devices (and so
 * no logs), no inbox, and no named tokens.
 */
import { AppError } from '../../common/errors';
import type { DeviceCalls } from '../../main/flowfuse/device-calls';
import type { TokenCalls } from '../../main/flowfuse/token-calls';
import type { ActivityCalls, RuntimeCalls } from '../../main/flowfuse/types';

export function emptyRuntimeCalls(): RuntimeCalls & ActivityCalls & DeviceCalls & TokenCalls {
  return {
    listInstances: () => Promise.resolve({ instances: [], withState: false, leftOut: null }),
    instanceStates: () => Promise.resolve(new Map()),
    listDevices: () => Promise.resolve({ devices: [], leftOut: null }),
    instanceState: () => Promise.resolve('unknown'),
    instanceAction: () => Promise.resolve(),
    instanceLog: () => Promise.reject(new AppError('not_found', 'No such instance.')),
    instanceAuditLog: () => Promise.reject(new AppError('not_found', 'No such instance.')),
    lastAction: () => Promise.reject(new AppError('not_found', 'No such instance.')),
    recentChanges: () => Promise.reject(new AppError('not_found', 'No such instance.')),
    userNotifications: () => Promise.resolve({ kind: 'none' }),
    markNotificationsRead: () => Promise.resolve(),
    deviceState: () => Promise.reject(new AppError('not_found', 'No such device.')),
    restartDevice: () => Promise.reject(new AppError('not_found', 'No such device.')),
    setDeviceMode: () => Promise.reject(new AppError('not_found', 'No such device.')),
    // A user without named tokens: which token an account is stays unknown, nothing is asked.
    userTokens: () => Promise.resolve([]),
  };
}
