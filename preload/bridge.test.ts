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
    const { transport, invoke, emit } = fakeTransport(() =>
      Promise.resolve({ ok: true, value: 1 }),
    );
    const api = rebuilt(channels, eventChannels, transport, { prefetchState: true });
    await expect(api.refresh()).resolves.toEqual({ ok: true, value: 1 });
    expect(invoke).toHaveBeenCalledWith(channels.refresh, undefined);
    emit(eventChannels.navigate, 'settings');
    const seen: unknown[] = [];
    api.on('navigate', (view) => seen.push(view));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen).toEqual(['settings']);
  });
});

describe('createBridge with prefetchState', () => {
  const state = (label: string) => ({ ok: true, value: { label } });

  it('asks for the state at once and hands that answer to the first getState only', async () => {
    const { transport, invoke } = fakeTransport(() => Promise.resolve(state('prefetched')));
    const api = createBridge(channels, eventChannels, transport, { prefetchState: true });
    expect(invoke).toHaveBeenCalledTimes(1);
    expect(invoke).toHaveBeenCalledWith(channels.getState, undefined);
    await expect(api.getState()).resolves.toEqual(state('prefetched'));
    expect(invoke).toHaveBeenCalledTimes(1);
    await api.getState();
    expect(invoke).toHaveBeenCalledTimes(2);
  });

  it('hands the pushes that came before the page listened to its first listener, in order', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const { transport, emit } = fakeTransport(
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    const api = createBridge(channels, eventChannels, transport, { prefetchState: true });
    // Main pushes while the page's scripts still load, before and after it answered getState.
    emit(eventChannels.patches, { version: 1, patches: [] });
    answer(state('s'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    emit(eventChannels.patches, { version: 2, patches: [] });
    emit(eventChannels.navigate, 'settings');
    const seen: string[] = [];
    api.on('patches', (push) => seen.push(`patches ${push.version}`));
    // Not inside on(): once it has returned.
    expect(seen).toEqual([]);
    await Promise.resolve();
    expect(seen).toEqual(['patches 1', 'patches 2']);
    emit(eventChannels.patches, { version: 3, patches: [] });
    expect(seen).toEqual(['patches 1', 'patches 2', 'patches 3']);
    // Each channel keeps its own until its first listener.
    api.on('navigate', (view) => seen.push(`navigate ${view}`));
    await Promise.resolve();
    expect(seen.at(-1)).toBe('navigate settings');
    await expect(api.getState()).resolves.toEqual(state('s'));
  });

  it('keeps the last 500 pushes of a channel nobody listens to yet', async () => {
    const { transport, emit } = fakeTransport(() => Promise.resolve(state('s')));
    const api = createBridge(channels, eventChannels, transport, { prefetchState: true });
    for (let version = 1; version <= 600; version += 1) {
      emit(eventChannels.patches, { version, patches: [] });
    }
    const versions: number[] = [];
    api.on('patches', (push) => versions.push(push.version));
    await Promise.resolve();
    expect(versions).toHaveLength(500);
    expect(versions[0]).toBe(101);
    expect(versions.at(-1)).toBe(600);
  });

  it('asks again when the prefetch failed', async () => {
    const answers = [Promise.reject(new Error('not yet')), Promise.resolve(state('second'))];
    const { transport, invoke } = fakeTransport(
      () => answers.shift() ?? Promise.resolve(state('later')),
    );
    const api = createBridge(channels, eventChannels, transport, { prefetchState: true });
    await expect(api.getState()).resolves.toEqual(state('second'));
    expect(invoke).toHaveBeenCalledTimes(2);
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
