import { describe, expect, it } from 'vitest';
import {
  DEVICE_ROUTES_UNKNOWN,
  deviceModePermission,
  deviceRestartPermission,
  deviceRouteOffered,
  knownToHaveRoute,
  olderThanRoute,
  type DeviceRoutes,
} from './device-actions';

describe('device actions: who may, and where the server has them', () => {
  it('lets owners restart, and members and owners change developer mode', () => {
    expect(deviceRestartPermission(50)).toEqual({ allowed: true });
    expect(deviceRestartPermission(30)).toEqual({
      allowed: false,
      reason: 'Only team owners can restart a device; you are a member here.',
    });
    expect(deviceModePermission(30)).toEqual({ allowed: true });
    expect(deviceModePermission(10).allowed).toBe(false);
    // A role the server did not send: try, and the server has the last word.
    expect(deviceRestartPermission(null).allowed).toBe(true);
  });

  it('knows a route from the server’s version only when the version reads as one', () => {
    expect(olderThanRoute('2.1.9', 'restart')).toBe(true);
    expect(olderThanRoute('2.2.0', 'restart')).toBe(false);
    expect(olderThanRoute('v2.33.2', 'restart')).toBe(false);
    expect(olderThanRoute('dev', 'restart')).toBe(false);
    expect(olderThanRoute(null, 'restart')).toBe(false);
    expect(knownToHaveRoute('2.4.0', 'restart')).toBe(true);
    expect(knownToHaveRoute('dev', 'restart')).toBe(false);
    expect(knownToHaveRoute('1.6.0', 'mode')).toBe(false);
  });

  it('offers a route unless the server is older, or refused it in this run', () => {
    const account: { version: string; deviceRoutes: DeviceRoutes } = {
      version: '2.4.0',
      deviceRoutes: DEVICE_ROUTES_UNKNOWN,
    };
    expect(deviceRouteOffered(account, 'restart')).toBe(true);
    expect(deviceRouteOffered({ ...account, version: '2.1.0' }, 'restart')).toBe(false);
    expect(deviceRouteOffered({ ...account, version: '2.1.0' }, 'mode')).toBe(true);
    const unlicensed: typeof account = {
      ...account,
      deviceRoutes: { restart: 'unknown', mode: 'unlicensed' },
    };
    expect(deviceRouteOffered(unlicensed, 'mode')).toBe(false);
    expect(deviceRouteOffered(unlicensed, 'restart')).toBe(true);
  });
});
