import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { channels, eventChannels, eventNames, methods } from '../common/contract';
import { createBridge, type BridgeTransport } from './bridge';
import { ipcTransport, type IpcRendererLike } from './transport';

type Listener = (payload: unknown) => void;

function fakeTransport(answer: (channel: string, payload: unknown) => Promise<unknown>) {
  const listeners = new Map<string, Set<Listener>>();
  const invoke = vi.fn(answer);
  const transport: BridgeTransport = {
    invoke,
    on: (channel, listener) => {
      const set = listeners.get(channel) ?? new Set<Listener>();
      set.add(listener);
      listeners.set(channel, set);
      return () => set.delete(listener);
    },
  };
  const emit = (channel: string, payload: unknown): void => {
    for (const listener of listeners.get(channel) ?? []) listener(payload);
  };
  return { transport, invoke, emit, listeners };
}

describe('createBridge', () => {
  it('exposes exactly the contract methods and on(), frozen', () => {
    const { transport } = fakeTransport(() => Promise.resolve({ ok: true, value: null }));
    const api = createBridge(channels, eventChannels, transport);
    expect(Object.keys(api).sort()).toEqual([...methods, 'on'].sort());
    expect(Object.isFrozen(api)).toBe(true);
    for (const key of Object.keys(api)) {
      expect(Object.isFrozen((api as unknown as Record<string, unknown>)[key])).toBe(true);
    }
    expect(() => {
      (api as unknown as Record<string, unknown>).getState = () => 'swapped';
    }).toThrow(TypeError);
  });

  it('sends each method on its own channel with the first argument only', async () => {
    const { transport, invoke } = fakeTransport((_c, p) => Promise.resolve({ ok: true, value: p }));
    const api = createBridge(channels, eventChannels, transport) as unknown as Record<
      string,
      (...args: unknown[]) => Promise<unknown>
    >;
    for (const method of methods) {
      invoke.mockClear();
      const call = api[method];
      expect(call).toBeTypeOf('function');
      await call?.({ probe: method }, 'extra', 'arguments');
      expect(invoke).toHaveBeenCalledExactlyOnceWith(channels[method], { probe: method });
    }
  });

  it('turns a transport failure into a Result instead of a rejection', async () => {
    const { transport } = fakeTransport(() =>
      Promise.reject(new Error("Error invoking remote method 'x': No handler registered")),
    );
    const api = createBridge(channels, eventChannels, transport);
    await expect(api.getState()).resolves.toEqual({
      ok: false,
      error: { code: 'internal', message: 'Teamtray’s main process did not answer.' },
    });
  });

  it('on() passes payloads only and returns an unsubscribe function', () => {
    const { transport, emit, listeners } = fakeTransport(() => Promise.resolve(null));
    const api = createBridge(channels, eventChannels, transport);
    for (const name of eventNames) {
      const seen: unknown[] = [];
      const off = api.on(name, (payload) => seen.push(payload));
      emit(eventChannels[name], 'settings');
      off();
      off(); // twice is harmless
      emit(eventChannels[name], 'after');
      expect(seen).toEqual(['settings']);
      expect(listeners.get(eventChannels[name])?.size).toBe(0);
    }
  });

  it('refuses unknown events and non-function listeners', () => {
    const { transport } = fakeTransport(() => Promise.resolve(null));
    const api = createBridge(channels, eventChannels, transport);
    const on = api.on as unknown as (event: string, listener: unknown) => unknown;
    expect(() => on('toString', () => undefined)).toThrow(TypeError);
    expect(() => on('teamtray:event:navigate', () => undefined)).toThrow(TypeError);
    expect(() => on('navigate', 'not a function')).toThrow(TypeError);
  });

  it('works when rebuilt from its source text, as browser tests inject it', async () => {
    // A fresh V8 context, like a page: nothing from this module's scope is reachable there.
    const rebuilt = runInNewContext(`(${createBridge.toString()})`) as typeof createBridge;
    const { transport, invoke } = fakeTransport(() => Promise.resolve({ ok: true, value: 1 }));
    const api = rebuilt(channels, eventChannels, transport);
    await expect(api.refresh()).resolves.toEqual({ ok: true, value: 1 });
    expect(invoke).toHaveBeenCalledWith(channels.refresh, undefined);
  });
});

describe('ipcTransport', () => {
  it('strips the IpcRendererEvent and removes the same listener it added', () => {
    const added = new Map<string, (...args: unknown[]) => void>();
    const fakeIpc = {
      invoke: vi.fn(() => Promise.resolve('answer')),
      on: vi.fn((channel: string, listener: (...args: unknown[]) => void) => {
        added.set(channel, listener);
        return fakeIpc;
      }),
      removeListener: vi.fn((channel: string, listener: (...args: unknown[]) => void) => {
        if (added.get(channel) === listener) added.delete(channel);
        return fakeIpc;
      }),
    };
    const transport = ipcTransport(fakeIpc as unknown as IpcRendererLike);
    const seen: unknown[][] = [];
    const off = transport.on('teamtray:event:navigate', (...args: unknown[]) => seen.push(args));
    const secretEvent = { sender: { send: () => undefined }, ports: [] };
    added.get('teamtray:event:navigate')?.(secretEvent, 'settings');
    expect(seen).toEqual([['settings']]);
    off();
    expect(added.size).toBe(0);
  });

  it('invokes with the channel and payload', async () => {
    const fakeIpc = {
      invoke: vi.fn(() => Promise.resolve('answer')),
      on: vi.fn(),
      removeListener: vi.fn(),
    };
    const transport = ipcTransport(fakeIpc);
    await expect(transport.invoke('teamtray:state:get', undefined)).resolves.toBe('answer');
    expect(fakeIpc.invoke).toHaveBeenCalledWith('teamtray:state:get', undefined);
  });
});
