import { describe, expect, it } from 'vitest';
import { methods } from '../../common/contract';
import { AppError } from '../../common/errors';
import { createMemoryLogger } from '../../tests/support/memory-logger';
import { createDispatcher, hasUnsafeShape, type Handlers } from './dispatch';

function recordingHandlers(calls: string[]): Handlers {
  const record =
    <T>(name: string, value: T) =>
    (): Promise<T> => {
      calls.push(name);
      return Promise.resolve(value);
    };
  return {
    getState: () => Promise.reject(new Error('boom at /secret/path ffpat_abc')),
    addAccount: () => Promise.reject(new AppError('unauthorized', 'FlowFuse refused this token.')),
    updateAccount: () => Promise.reject(new AppError('unknown_account', 'gone')),
    cancelAccountCheck: record('cancelAccountCheck', null),
    removeAccount: record('removeAccount', null),
    reorderAccounts: record('reorderAccounts', null),
    refresh: record('refresh', null),
    renameTeam: () => Promise.reject(new AppError('invalid_name', 'blank')),
    openTeam: record('openTeam', null),
    copyTeamUrl: record('copyTeamUrl', null),
    openTokenPage: record('openTokenPage', null),
    updateSettings: () => Promise.reject(new AppError('invalid_request', 'taken')),
    dismissNotice: record('dismissNotice', null),
    hideWindow: record('hideWindow', null),
    showLogFile: record('showLogFile', null),
    instanceAction: () => Promise.reject(new AppError('action_refused', 'suspended')),
    bulkInstanceAction: record('bulkInstanceAction', { id: 1 }),
    openInstance: record('openInstance', null),
    openDevice: record('openDevice', null),
    restartDevice: record('restartDevice', null),
    setDeviceMode: record('setDeviceMode', null),
    chooseToken: record('chooseToken', null),
    watchTeams: record('watchTeams', null),
    getAbout: record('getAbout', { name: 'Teamtray', version: '1.0.0' }),
    openAppLink: record('openAppLink', null),
    quit: record('quit', null),
    readInstanceLog: record('readInstanceLog', null),
    copyInstanceLog: record('copyInstanceLog', null),
    markNotificationsRead: record('markNotificationsRead', null),
    changePins: () => Promise.reject(new AppError('storage_unavailable', 'disk')),
    openNotification: record('openNotification', null),
  };
}

describe('dispatch', () => {
  it('runs a valid request and wraps the value', async () => {
    const calls: string[] = [];
    const dispatch = createDispatcher(recordingHandlers(calls), createMemoryLogger());
    await expect(dispatch('removeAccount', { id: 'abc' })).resolves.toEqual({
      ok: true,
      value: null,
    });
    await expect(dispatch('refresh', undefined)).resolves.toMatchObject({ ok: true });
    expect(calls).toEqual(['removeAccount', 'refresh']);
  });

  it('refuses unknown methods, including inherited names', async () => {
    const dispatch = createDispatcher(recordingHandlers([]), createMemoryLogger());
    for (const method of ['nope', 'toString', '__proto__', 'constructor', 'hasOwnProperty']) {
      await expect(dispatch(method, undefined)).resolves.toMatchObject({
        ok: false,
        error: { code: 'invalid_request' },
      });
    }
  });

  it('refuses invalid payloads for every method without calling the handler', async () => {
    const calls: string[] = [];
    const dispatch = createDispatcher(recordingHandlers(calls), createMemoryLogger());
    for (const method of methods) {
      for (const payload of [42, 'x', [], [1], { unexpected: true }, { id: 5 }]) {
        const result = await dispatch(method, payload);
        expect(result.ok, `${method} ${JSON.stringify(payload)}`).toBe(false);
      }
    }
    expect(calls).toEqual([]);
  });

  it('refuses prototype-pollution keys and extra fields', async () => {
    const calls: string[] = [];
    const dispatch = createDispatcher(recordingHandlers(calls), createMemoryLogger());
    const polluted = JSON.parse('{"id":"a","__proto__":{"admin":true}}') as unknown;
    await expect(dispatch('removeAccount', polluted)).resolves.toMatchObject({ ok: false });
    await expect(dispatch('removeAccount', { id: 'a', extra: 1 })).resolves.toMatchObject({
      ok: false,
    });
    expect(calls).toEqual([]);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('passes AppErrors as {code, message} and hides anything else', async () => {
    const log = createMemoryLogger();
    const dispatch = createDispatcher(recordingHandlers([]), log);
    const refused = await dispatch('addAccount', { url: 'x', token: 'y' });
    expect(refused).toEqual({
      ok: false,
      error: { code: 'unauthorized', message: 'FlowFuse refused this token.' },
    });
    const crashed = await dispatch('getState', undefined);
    expect(crashed).toEqual({
      ok: false,
      error: { code: 'internal', message: 'Something went wrong. The details are in the log.' },
    });
    expect(JSON.stringify(crashed)).not.toContain('secret');
    expect(log.lines.join('\n')).not.toContain('ffpat_abc');
  });
});

describe('hasUnsafeShape', () => {
  it('accepts plain data and refuses odd prototypes and deep nesting', () => {
    expect(hasUnsafeShape({ a: [1, { b: 'c' }] })).toBe(false);
    expect(hasUnsafeShape(new Date())).toBe(true);
    expect(hasUnsafeShape(JSON.parse('{"constructor":{"prototype":{}}}'))).toBe(true);
    let deep: unknown = {};
    for (let i = 0; i < 20; i += 1) deep = { deep };
    expect(hasUnsafeShape(deep)).toBe(true);
  });
});
