/**
 * `window.teamtray` for the bench: preload's own createBridge, as in tests/e2e/support/bridge.ts,
 * but each payload crosses the Playwright binding as one JSON string. The e2e harness hands
 * Playwright the objects themselves, and Playwright's value serialization of the 766 kB getState
 * answer (2,000 teams) costs hundreds of ms that Electron's IPC (a structured clone) does not:
 * with it, first paint measured the test harness rather than the renderer. JSON costs what a
 * structured clone costs, the same order on both ends: serialise in main, parse in the page.
 */
import type { Page } from '@playwright/test';
import { channels, eventChannels, type Method } from '../../common/contract';
import type { Core } from '../../main/core-types';
import { createBridge } from '../../preload/bridge';

const methodByChannel = new Map<string, Method>(
  Object.entries(channels).map(([method, channel]) => [channel, method as Method]),
);

export async function installJsonBridge(page: Page, core: Core): Promise<void> {
  await page.exposeBinding('__benchInvoke', async (_source, channel: unknown, body: unknown) => {
    const method = typeof channel === 'string' ? methodByChannel.get(channel) : undefined;
    if (method === undefined) {
      return JSON.stringify({
        ok: false,
        error: { code: 'invalid_request', message: 'Unknown channel.' },
      });
    }
    const payload: unknown = typeof body === 'string' ? JSON.parse(body) : undefined;
    return JSON.stringify(await core.dispatch(method, payload));
  });
  const unsubscribe = core.onEvent((event, payload) => {
    page
      .evaluate(
        ([channel, json]) => {
          (window as unknown as { __benchPush?: (c: string, j: string) => void }).__benchPush?.(
            channel,
            json,
          );
        },
        [eventChannels[event], JSON.stringify(payload)] as const,
      )
      .catch(() => undefined);
  });
  page.once('close', unsubscribe);
  await page.addInitScript(
    `(() => {
      const listeners = new Map();
      Object.defineProperty(window, '__benchPush', {
        value: (channel, json) => {
          const payload = JSON.parse(json);
          for (const listener of [...(listeners.get(channel) ?? [])]) listener(payload);
        },
      });
      const transport = {
        invoke: (channel, payload) =>
          window
            .__benchInvoke(channel, payload === undefined ? undefined : JSON.stringify(payload))
            .then((json) => JSON.parse(json)),
        on: (channel, listener) => {
          const list = listeners.get(channel) ?? new Set();
          list.add(listener);
          listeners.set(channel, list);
          return () => list.delete(listener);
        },
      };
      const createBridge = ${createBridge.toString()};
      Object.defineProperty(window, 'teamtray', {
        value: createBridge(${JSON.stringify(channels)}, ${JSON.stringify(eventChannels)}, transport),
        enumerable: true,
      });
    })();`,
  );
}
