import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_KEY, methods } from '../common/contract';

const exposed = vi.hoisted(() => new Map<string, unknown>());

vi.mock('electron', () => ({
  contextBridge: {
    exposeInMainWorld: (key: string, value: unknown) => exposed.set(key, value),
  },
  ipcRenderer: {
    invoke: () => Promise.resolve({ ok: true, value: null }),
    on: () => undefined,
    removeListener: () => undefined,
  },
}));

afterEach(() => {
  exposed.clear();
  vi.resetModules();
});

describe('preload', () => {
  it('exposes one frozen object, under the contract key, with the contract methods only', async () => {
    await import('./index');
    expect([...exposed.keys()]).toEqual([API_KEY]);
    const api = exposed.get(API_KEY) as Record<string, unknown>;
    expect(Object.isFrozen(api)).toBe(true);
    expect(Object.keys(api).sort()).toEqual([...methods, 'on'].sort());
    // Nothing that would hand the page raw IPC.
    for (const forbidden of ['invoke', 'send', 'sendSync', 'ipcRenderer', 'postMessage']) {
      expect(api).not.toHaveProperty(forbidden);
    }
  });
});
