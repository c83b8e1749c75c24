/**
 * `window.teamtray` for the bench: preload's own createBridge, as tests/e2e/support/bridge.ts
 * builds it, over a leaner transport: a raw DevTools-protocol binding (Runtime.addBinding) for
 * calls, Runtime.callFunctionOn for answers and pushes, JSON on the wire, gzipped when large.
 *
 * Why not the e2e harness's Playwright binding: measured here, Playwright's value serialization
 * of the 766 kB getState answer (2,000 teams) put first paint at ~600 ms, and even as one string
 * its answer took ~100 ms to reach the page (its first evaluate in a fresh page also installs
 * Playwright's utility script). Electron's IPC (a structured clone over mojo) takes a few ms. The
 * renderer still pays for parsing the whole state, as it pays for deserializing it in the app.
 * Answers and pushes are handed over in the order they arrived, as Electron's IPC keeps them.
 */
import { gzipSync } from 'node:zlib';
import type { CDPSession, Page } from '@playwright/test';
import { channels, eventChannels, type Method } from '../../common/contract';
import type { Core } from '../../main/core-types';
import { createBridge } from '../../preload/bridge';

/** performance marks in the page: the renderer asked for the state, and has it (parsed). */
export const STATE_SENT_MARK = 'bench:get-state:sent';
export const STATE_RECEIVED_MARK = 'bench:get-state:received';

const BINDING = '__benchSend';
/** Payloads above this many characters cross gzipped. */
const GZIP_ABOVE = 16_384;

const methodByChannel = new Map<string, Method>(
  Object.entries(channels).map(([method, channel]) => [channel, method as Method]),
);

/** `j:` + JSON, or `z:` + base64 of the gzipped JSON. */
function encodeWire(value: unknown): string {
  const json = JSON.stringify(value);
  if (json.length <= GZIP_ABOVE) return `j:${json}`;
  return `z:${gzipSync(json, { level: 1 }).toString('base64')}`;
}

interface Call {
  readonly seq: number;
  readonly channel: string;
  readonly body?: string;
}

export interface PageBridge {
  readonly cdp: CDPSession;
  /**
   * Resolves when the page sets this performance mark (reported by a PerformanceObserver over
   * the binding): waiting for it injects nothing into the page, as page.waitForFunction would.
   */
  mark(name: string, timeoutMs: number): Promise<void>;
}

export async function installJsonBridge(page: Page, core: Core): Promise<PageBridge> {
  const cdp = await page.context().newCDPSession(page);
  const marks = new Set<string>();
  const markWaiters = new Map<string, () => void>();
  let contextId: number | undefined;
  // Arguments, not a script: compiling a 150 kB string literal took the page ~12 ms.
  const call = (functionDeclaration: string, ...args: readonly unknown[]): void => {
    if (contextId === undefined) return;
    cdp
      .send('Runtime.callFunctionOn', {
        functionDeclaration,
        executionContextId: contextId,
        arguments: args.map((value) => ({ value })),
      })
      .catch(() => undefined);
  };
  cdp.on('Runtime.bindingCalled', (event) => {
    if (event.name !== BINDING) return;
    contextId = event.executionContextId;
    const message = JSON.parse(event.payload) as Call | { readonly mark: string };
    if ('mark' in message) {
      marks.add(message.mark);
      markWaiters.get(message.mark)?.();
      return;
    }
    const method = methodByChannel.get(message.channel);
    const answer =
      method === undefined
        ? Promise.resolve({
            ok: false,
            error: { code: 'invalid_request', message: 'Unknown channel.' },
          })
        : core.dispatch(method, message.body === undefined ? undefined : JSON.parse(message.body));
    void answer.then((result) => {
      call('(id, wire) => window.__benchAnswer(id, wire)', message.seq, encodeWire(result));
    });
  });
  // The binding reaches this session only once Runtime is enabled on it.
  await cdp.send('Runtime.enable');
  await cdp.send('Runtime.addBinding', { name: BINDING });
  const unsubscribe = core.onEvent((event, payload) => {
    call(
      '(channel, wire) => window.__benchPush?.(channel, wire)',
      eventChannels[event],
      encodeWire(payload),
    );
  });
  page.once('close', unsubscribe);
  await page.addInitScript(
    `(() => {
      const send = window.${BINDING};
      delete window.${BINDING};
      const listeners = new Map();
      const waiting = new Map();
      let seq = 0;
      let timedOnce = false;
      const decode = async (wire) => {
        if (wire.startsWith('j:')) return JSON.parse(wire.slice(2));
        const binary = atob(wire.slice(2));
        const bytes = new Uint8Array(binary.length);
        for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
        const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
        return JSON.parse(await new Response(stream).text());
      };
      // One queue for answers and pushes: each is handed over in the order it arrived.
      let delivery = Promise.resolve();
      const deliver = (wire, hand) => {
        const decoded = decode(wire);
        delivery = delivery.then(() => decoded).then(hand, () => undefined);
      };
      Object.defineProperty(window, '__benchAnswer', {
        value: (id, wire) => {
          const resolve = waiting.get(id);
          waiting.delete(id);
          if (resolve !== undefined) deliver(wire, resolve);
        },
      });
      Object.defineProperty(window, '__benchPush', {
        value: (channel, wire) => {
          deliver(wire, (payload) => {
            for (const listener of [...(listeners.get(channel) ?? [])]) listener(payload);
          });
        },
      });
      const transport = {
        invoke: (channel, payload) => {
          // The first getState is timed, for the first-paint breakdown.
          const timed = channel === ${JSON.stringify(channels.getState)} && !timedOnce;
          if (timed) {
            timedOnce = true;
            performance.mark(${JSON.stringify(STATE_SENT_MARK)});
          }
          seq += 1;
          const id = seq;
          return new Promise((resolve) => {
            waiting.set(id, (result) => {
              if (timed) performance.mark(${JSON.stringify(STATE_RECEIVED_MARK)});
              resolve(result);
            });
            send(JSON.stringify({ seq: id, channel, body: payload === undefined ? undefined : JSON.stringify(payload) }));
          });
        },
        on: (channel, listener) => {
          const list = listeners.get(channel) ?? new Set();
          list.add(listener);
          listeners.set(channel, list);
          return () => list.delete(listener);
        },
      };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          if (entry.name.startsWith('teamtray:')) send(JSON.stringify({ mark: entry.name }));
        }
      }).observe({ type: 'mark' });
      const createBridge = ${createBridge.toString()};
      Object.defineProperty(window, 'teamtray', {
        value: createBridge(${JSON.stringify(channels)}, ${JSON.stringify(eventChannels)}, transport, { prefetchState: true }),
        enumerable: true,
      });
    })();`,
  );
  return {
    cdp,
    mark: (name, timeoutMs) =>
      marks.has(name)
        ? Promise.resolve()
        : new Promise<void>((resolve, reject) => {
            const timer = setTimeout(() => {
              markWaiters.delete(name);
              reject(new Error(`the page did not set the mark ${name} in ${timeoutMs} ms`));
            }, timeoutMs);
            markWaiters.set(name, () => {
              clearTimeout(timer);
              markWaiters.delete(name);
              resolve();
            });
          }),
  };
}
