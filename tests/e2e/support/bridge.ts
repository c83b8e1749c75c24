/**
 * Builds `window.teamtray` in the page exactly as preload does, from preload's own createBridge,
 * but over a Playwright binding instead of ipcRenderer. Every call runs the real main handlers
 * (core.dispatch) in the test process; every push from the core reaches the page's listeners.
 */
import type { Page } from '@playwright/test';
import { channels, eventChannels, type Method } from '../../../common/contract';
import type { Core } from '../../../main/core-types';
import { createBridge } from '../../../preload/bridge';

const methodByChannel = new Map<string, Method>(
  Object.entries(channels).map(([method, channel]) => [channel, method as Method]),
);

/** What the page may call: only contract channels reach the core. */
export interface BridgeLog {
  readonly calls: { readonly method: Method; readonly payload: unknown }[];
  /** From now on the page talks to this core (a restart of main, over the same files). */
  readonly reconnect: (core: Core) => void;
}

export async function installBridge(page: Page, first: Core): Promise<BridgeLog> {
  let core = first;
  let unsubscribe = (): void => undefined;
  const log: BridgeLog = {
    calls: [],
    reconnect(next) {
      unsubscribe();
      core = next;
      unsubscribe = listen(page, next);
    },
  };
  await page.exposeBinding(
    '__teamtrayInvoke',
    async (_source, channel: unknown, payload: unknown) => {
      const method = typeof channel === 'string' ? methodByChannel.get(channel) : undefined;
      if (method === undefined) {
        return JSON.stringify({
          ok: false,
          error: { code: 'invalid_request', message: 'Unknown channel.' },
        });
      }
      log.calls.push({ method, payload });
      // As text: Playwright serialises a deep object value by value, which for 2,000 teams costs
      // far more than Electron's structured clone; a string crosses in one piece.
      return JSON.stringify(await core.dispatch(method, payload));
    },
  );
  unsubscribe = listen(page, core);
  page.once('close', () => {
    unsubscribe();
  });
  await page.addInitScript(
    `(() => {
      const listeners = new Map();
      Object.defineProperty(window, '__teamtrayPush', {
        value: (channel, payload) => {
          for (const listener of [...(listeners.get(channel) ?? [])]) listener(payload);
        },
      });
      const transport = {
        invoke: (channel, payload) =>
          window.__teamtrayInvoke(channel, payload).then((text) => JSON.parse(text)),
        on: (channel, listener) => {
          const list = listeners.get(channel) ?? new Set();
          list.add(listener);
          listeners.set(channel, list);
          return () => list.delete(listener);
        },
      };
      const createBridge = ${createBridge.toString()};
      Object.defineProperty(window, 'teamtray', {
        value: createBridge(${JSON.stringify(channels)}, ${JSON.stringify(eventChannels)}, transport, { prefetchState: true }),
        enumerable: true,
      });
    })();`,
  );
  return log;
}

/** The core's pushes, into the page. */
function listen(page: Page, core: Core): () => void {
  return core.onEvent((event, payload) => {
    page
      .evaluate(
        ([channel, body]) => {
          (
            window as unknown as { __teamtrayPush?: (c: string, p: unknown) => void }
          ).__teamtrayPush?.(channel, JSON.parse(body) as unknown);
        },
        [eventChannels[event], JSON.stringify(payload)] as const,
      )
      .catch(() => undefined);
  });
}
