/**
 * `window.teamtray` for the bench: preload's own createBridge, as tests/e2e/support/bridge.ts
 * builds it, over a leaner transport: a raw DevTools-protocol binding (Runtime.addBinding) for
 * calls, Runtime.callFunctionOn for answers and pushes, JSON on the wire, gzipped when large.
 * The page's half is ./bridge-page.ts.
 *
 * Why not the e2e harness's Playwright binding: measured here, Playwright's value serialization
 * of the 766 kB getState answer (2,000 teams, before the lean state) put first paint at ~600 ms,
 * and even as one string its answer took ~100 ms to reach the page. Even this binding makes the
 * page decode base64, gunzip and parse JSON on its main thread, and its answer comes late (Node
 * gzips, the DevTools connection carries base64), which the app never does: Electron's IPC hands
 * the page a structured clone to deserialize, a few ms after preload asked. So the first getState
 * can also cross as one (`stateVia: 'clone'`): the core answers it before the page loads, that
 * answer is staged in the page's IndexedDB, and preload's first getState reads it back as a clone
 * (./staged-state.ts). First paint is measured both ways. Answers and pushes over the
 * binding are handed over in the order they arrived, as Electron's IPC keeps them.
 */
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { channels, eventChannels, type Method } from '../../common/contract';
import type { Core } from '../../main/core-types';
import { createBridge } from '../../preload/bridge';
import { installPageBridge, type BenchMarks, type PageBridgeConfig } from './bridge-page';
import { STAGED_STORE } from './staged-state';

export const BENCH_MARKS: BenchMarks = {
  stateSent: 'bench:get-state:sent',
  stateArrived: 'bench:get-state:arrived',
  evaluated: 'bench:renderer-evaluated',
  viewLaidOut: 'bench:view-laid-out',
};

/** How getState's answer reaches the page; other calls and pushes always use the binding. */
export type StateTransport = 'binding' | 'clone';

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
  /**
   * Resolves when the page sets this performance mark (reported by a PerformanceObserver over
   * the binding): waiting for it injects nothing into the page, as page.waitForFunction would.
   */
  mark(name: string, timeoutMs: number): Promise<void>;
  /** Pushes sent to the page so far; the page counts those it handed over (`__benchDelivered`). */
  pushesSent(): number;
}

export async function installBridge(
  page: Page,
  core: Core,
  stateVia: StateTransport,
): Promise<PageBridge> {
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
  let pushesSent = 0;
  const unsubscribe = core.onEvent((event, payload) => {
    if (contextId !== undefined) pushesSent += 1;
    call(
      '(channel, wire) => window.__benchPush?.(channel, wire)',
      eventChannels[event],
      encodeWire(payload),
    );
  });
  page.once('close', unsubscribe);
  const config: PageBridgeConfig = {
    binding: BINDING,
    channels,
    eventChannels,
    getStateChannel: channels.getState,
    staged: stateVia === 'clone' ? STAGED_STORE : null,
    marks: BENCH_MARKS,
  };
  await page.addInitScript(
    `(${installPageBridge.toString()})(${JSON.stringify(config)}, ${createBridge.toString()});`,
  );
  return {
    pushesSent: () => pushesSent,
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
