/**
 * Builds the one object the renderer sees as `window.teamtray`, from the contract's channel maps.
 *
 *   createBridge(channels, eventChannels, transport): TeamtrayApi
 *
 * - `channels` and `eventChannels` are the maps from common/contract.ts, passed in rather than
 *   imported: this function must stay self-contained (no imports, no helpers from this module) so
 *   that browser tests can inject `createBridge.toString()` with Playwright's `addInitScript` and
 *   back the transport with `exposeBinding`, exactly as preload backs it with `ipcRenderer`.
 * - `transport.invoke(channel, payload)` sends one request and resolves with the Result main sent.
 * - `transport.on(channel, listener)` subscribes to a push and returns an unsubscribe function; the
 *   listener receives the payload only (never an IpcRendererEvent, which would leak `sender`).
 *
 * The object and each of its functions are frozen: the page cannot swap a method for another.
 * A call never rejects: a transport failure (main not answering) resolves as `{ ok: false }`.
 */
import type { EventName, Method, TeamtrayApi } from '../common/contract';

export interface BridgeTransport {
  invoke(channel: string, payload: unknown): Promise<unknown>;
  on(channel: string, listener: (payload: unknown) => void): () => void;
}

export interface BridgeOptions {
  /**
   * Ask main for the state at once, while the page's scripts still load, and hand that answer to
   * the page's first getState(). Pushes are then received from the start: one that comes before
   * the page listens to its channel waits for the page's first listener. Which of them the state
   * already holds is the page's to tell (each patch push is numbered).
   */
  readonly prefetchState?: boolean;
}

export function createBridge(
  channels: { readonly [M in Method]: string },
  eventChannels: { readonly [E in EventName]: string },
  transport: BridgeTransport,
  options: BridgeOptions = {},
): TeamtrayApi {
  const failed = () => ({
    ok: false,
    error: { code: 'internal', message: 'Teamtray’s main process did not answer.' },
  });
  const send = (channel: string, payload: unknown): Promise<unknown> =>
    transport.invoke(channel, payload).then((result) => result, failed);

  // While prefetching, the transport subscriptions are the bridge's own: the page's listeners per
  // channel, and the pushes that came before any (at most the last 500 of a channel).
  const pageListeners = new Map<string, Set<(payload: unknown) => void>>();
  const waiting = new Map<string, unknown[]>();
  const flush = (channel: string): void => {
    const listeners = [...(pageListeners.get(channel) ?? [])];
    const queue = waiting.get(channel);
    if (listeners.length === 0 || queue === undefined) return;
    waiting.delete(channel);
    for (const payload of queue) for (const listener of listeners) listener(payload);
  };
  let prefetched: Promise<unknown> | null = null;
  if (options.prefetchState === true) {
    prefetched = send(channels.getState, undefined);
    for (const channel of Object.values(eventChannels)) {
      transport.on(channel, (payload: unknown) => {
        const queue = waiting.get(channel) ?? [];
        if (queue.length === 500) queue.shift();
        queue.push(payload);
        waiting.set(channel, queue);
        flush(channel);
      });
    }
  }

  const api: Record<string, unknown> = {};
  for (const method of Object.keys(channels)) {
    const channel = channels[method as Method];
    // Only the first argument crosses: extra arguments from the page are dropped here.
    const call = (payload?: unknown): Promise<unknown> => {
      if (method === 'getState' && prefetched !== null) {
        const first = prefetched;
        prefetched = null;
        return first.then((result) => {
          const ok = typeof result === 'object' && result !== null && 'ok' in result && result.ok;
          return ok === true ? result : send(channel, payload);
        });
      }
      return send(channel, payload);
    };
    api[method] = Object.freeze(call);
  }
  // Typed loosely on purpose: the page can pass anything.
  const on = (event: unknown, listener: unknown): (() => void) => {
    if (typeof event !== 'string' || !Object.prototype.hasOwnProperty.call(eventChannels, event)) {
      throw new TypeError('Unknown Teamtray event.');
    }
    if (typeof listener !== 'function') throw new TypeError('A listener must be a function.');
    const channel = eventChannels[event as EventName];
    let subscribed = true;
    const forward = (payload: unknown): void => {
      if (subscribed) (listener as (value: unknown) => void)(payload);
    };
    let unsubscribe: () => void;
    if (options.prefetchState === true) {
      const list = pageListeners.get(channel) ?? new Set();
      list.add(forward);
      pageListeners.set(channel, list);
      unsubscribe = () => list.delete(forward);
      // What came before: once this call has returned, in the order it came.
      void Promise.resolve().then(() => {
        flush(channel);
      });
    } else {
      unsubscribe = transport.on(channel, forward);
    }
    return Object.freeze(() => {
      if (!subscribed) return;
      subscribed = false;
      unsubscribe();
    });
  };
  api.on = Object.freeze(on);
  return Object.freeze(api) as unknown as TeamtrayApi;
}
