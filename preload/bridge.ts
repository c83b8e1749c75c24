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

export function createBridge(
  channels: { readonly [M in Method]: string },
  eventChannels: { readonly [E in EventName]: string },
  transport: BridgeTransport,
): TeamtrayApi {
  const api: Record<string, unknown> = {};
  for (const method of Object.keys(channels)) {
    const channel = channels[method as Method];
    // Only the first argument crosses: extra arguments from the page are dropped here.
    const call = (payload?: unknown): Promise<unknown> =>
      transport.invoke(channel, payload).then(
        (result) => result,
        () => ({
          ok: false,
          error: { code: 'internal', message: 'Teamtray’s main process did not answer.' },
        }),
      );
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
    const unsubscribe = transport.on(channel, (payload: unknown) => {
      if (subscribed) (listener as (value: unknown) => void)(payload);
    });
    return Object.freeze(() => {
      if (!subscribed) return;
      subscribed = false;
      unsubscribe();
    });
  };
  api.on = Object.freeze(on);
  return Object.freeze(api) as unknown as TeamtrayApi;
}
